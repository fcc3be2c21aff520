import type { AuctionState, BidCall } from './bidding';
import type { Card } from './card';
import type { Declaration } from './declaration';
import type { Move } from './move';
import type { Seat } from './seat';
import type { GameResult } from './game-result';
import type { ScoringFacts } from './scoring-facts';
import type { PlayMode } from './trick';
import type { RuleProfile } from './variant/rule-profile';

export type Phase =
  | 'bidding' // R5-R8
  | 'skatDecision' // declarer chooses pick-up or hand (R9)
  | 'discarding' // skat picked up, two cards to put away (R10)
  | 'declaring' // discarded, game to be named (R11-R13)
  | 'playing' // R15-R19
  | 'finished' // all tricks played, or decided early (R18/R19/R21/D3)
  | 'passedIn' // all passed (R8)
  | 'abandoned'; // misdeal, time-out, player left (D3: stored, not scored)

export interface PlayedCard {
  readonly seat: Seat;
  readonly card: Card;
}

export interface CompletedTrick {
  readonly leader: Seat;
  readonly cards: readonly PlayedCard[];
  readonly winner: Seat;
  readonly points: number;
  /** Taken without being played (claims and resignations, D3). */
  readonly unplayed?: boolean;
}

/** A call of the auction lives with the auction (bidding.ts); named here too for the state's readers. */
export type { BidCall } from './bidding';

/** The whole state of one deal; immutable, rebuilt by folding moves over the dealt cards. */
export interface GameState {
  readonly profile: RuleProfile;
  readonly phase: Phase;
  readonly dealt: { readonly hands: readonly [readonly Card[], readonly Card[], readonly Card[]]; readonly skat: readonly [Card, Card] };
  /** Cards each seat holds now (the declarer's include the skat while discarding). */
  readonly hands: readonly [readonly Card[], readonly Card[], readonly Card[]];
  /** The skat as it lies now: the dealt skat, or the discards after pick-up. */
  readonly skat: readonly Card[];
  readonly biddingHistory: readonly BidCall[];
  /** Highest value reached in the bidding so far (0 before any bid). */
  readonly highestBid: number;
  readonly declarer: Seat | null;
  readonly skatPickedUp: boolean;
  readonly discarded: readonly Card[] | null;
  readonly declaration: Declaration | null;
  readonly kontra: boolean;
  readonly re: boolean;
  /** The declarer showed his cards (R14 ouvert, or a claim R21/`SC`). */
  readonly cardsShown: boolean;
  readonly resigned: readonly Seat[];
  readonly currentTrick: { readonly leader: Seat; readonly cards: readonly PlayedCard[] } | null;
  readonly tricks: readonly CompletedTrick[];
  readonly moves: readonly Move[];
  readonly abandonReason: string | null;
  /** Set once phase is finished / passedIn / abandoned. */
  readonly result: GameResult | null;
  /** R5-R8: the auction's internals while bidding (who says, who answers), else null. */
  readonly auction: AuctionState | null;
  /** R16/R17: how cards take tricks once the game is declared (or Ramsch, R42); null before. */
  readonly playMode: PlayMode | null;
  /** The declarer showed his cards as a claim (R21, D3, ISS `SC`); separate from ouvert display. */
  readonly claimed: boolean;
  /** How play ended (D3, R18, R19, R21); null until finished. */
  readonly endedBy: ScoringFacts['endedBy'] | null;
}
