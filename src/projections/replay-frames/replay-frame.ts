import type { Card } from '../../rules/card';
import type { Declaration } from '../../rules/declaration';
import type { BidCall, Phase } from '../../rules/game-state';
import type { Move } from '../../rules/move';
import type { Seat } from '../../rules/seat';

/** Who is looking: everything, what one seat knew at that moment, or the public. */
export type Perspective = { readonly kind: 'all' } | { readonly kind: 'public' } | { readonly kind: 'seat'; readonly seat: Seat };

/** A hand as the perspective may see it: the visible cards, and how many are hidden. */
export interface VisibleCards {
  readonly cards: readonly Card[];
  readonly hiddenCount: number;
}

export interface FrameTrick {
  readonly leader: Seat;
  readonly cards: readonly { readonly seat: Seat; readonly card: Card }[];
  readonly winner: Seat;
  readonly points: number;
  readonly unplayed: boolean;
  /** Cards of an unplayed trick the perspective never saw (claims, resignations). */
  readonly hiddenCards: number;
}

/** The position after one step of a deal (step 0 = the dealt position). */
export interface ReplayFrame {
  readonly dealId: string;
  readonly step: number;
  /** The event that produced this frame. */
  readonly event: { readonly id: string; readonly type: string; readonly revision: string; readonly seat: Seat | null };
  readonly phase: Phase;
  readonly players: readonly [string, string, string];
  readonly hands: readonly [VisibleCards, VisibleCards, VisibleCards];
  /** The skat as it lies now (dealt skat, or the discards after pick-up), as far as visible. */
  readonly skat: VisibleCards;
  readonly bidding: readonly BidCall[];
  readonly highestBid: number;
  readonly declarer: Seat | null;
  readonly declaration: Declaration | null;
  readonly currentTrick: { readonly leader: Seat; readonly cards: readonly { readonly seat: Seat; readonly card: Card }[] } | null;
  readonly completedTricks: readonly FrameTrick[];
  /** Card points taken so far by the declarer's side and the defenders (tricks only). */
  readonly cardPoints: { readonly declarer: number; readonly defenders: number };
  readonly toAct: Seat | null;
  /** Legal moves of the seat to act, when the perspective may know them. */
  readonly legalMoves: readonly Move[];
  readonly cardsShown: boolean;
  readonly finished: boolean;
}
