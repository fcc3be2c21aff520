import type { Card } from '../rules/card';
import type { Declaration } from '../rules/declaration';
import type { AbandonReason } from '../rules/move';
import type { Seat } from '../rules/seat';
import type { SeatPlayers } from './events';

/** Either the cards as dealt (ISS import, manual entry) or a shuffle done by the server. */
export type DealSource =
  | { readonly kind: 'given'; readonly hands: readonly [readonly Card[], readonly Card[], readonly Card[]]; readonly skat: readonly [Card, Card] }
  | { readonly kind: 'crypto' }
  | { readonly kind: 'seeded'; readonly seed: string };

export interface StartDeal {
  readonly type: 'StartDeal';
  readonly dealId: string;
  readonly tableId?: string | null;
  readonly tournamentId?: string | null;
  readonly dealNumber?: number;
  readonly dealer: string;
  readonly players: SeatPlayers;
  readonly sittingOut?: readonly string[];
  readonly computerSeats?: readonly Seat[];
  /** Default: the Ledger's profile (normally `isko`). */
  readonly profileId?: string;
  readonly profileOptions?: Readonly<Record<string, unknown>>;
  readonly cards: DealSource;
  readonly startedAt?: string;
}

export interface CallBid { readonly type: 'CallBid'; readonly dealId: string; readonly seat: Seat; readonly value: number }
export interface HoldBid { readonly type: 'HoldBid'; readonly dealId: string; readonly seat: Seat }
export interface PassBid { readonly type: 'PassBid'; readonly dealId: string; readonly seat: Seat }
export interface TakeSkat { readonly type: 'TakeSkat'; readonly dealId: string; readonly seat: Seat }
export interface DiscardSkat { readonly type: 'DiscardSkat'; readonly dealId: string; readonly seat: Seat; readonly cards: readonly [Card, Card] }
export interface DeclareGame { readonly type: 'DeclareGame'; readonly dealId: string; readonly seat: Seat; readonly declaration: Declaration }
/** The declarer lays his cards open to claim the rest (R21, D3; ISS `SC`). */
export interface ShowCards { readonly type: 'ShowCards'; readonly dealId: string; readonly seat: Seat }
export interface PlayCard { readonly type: 'PlayCard'; readonly dealId: string; readonly seat: Seat; readonly card: Card }
export interface CallKontra { readonly type: 'CallKontra'; readonly dealId: string; readonly seat: Seat }
export interface CallRe { readonly type: 'CallRe'; readonly dealId: string; readonly seat: Seat }
/** Resign / concede (R21, D3; ISS `RE`). */
export interface Resign { readonly type: 'Resign'; readonly dealId: string; readonly seat: Seat }
export interface AbandonDeal {
  readonly type: 'AbandonDeal';
  readonly dealId: string;
  readonly reason: AbandonReason;
  readonly seat?: Seat;
  readonly note?: string;
}
/** Arbiter only: replace the recorded score of a finished deal, with a reason. */
export interface CorrectScore {
  readonly type: 'CorrectScore';
  readonly dealId: string;
  readonly correctedScore: number;
  readonly won?: boolean;
  readonly reason: string;
  /** Event id of the score entry corrected; default the latest (DealScored or ScoreCorrected). */
  readonly correctsEventId?: string;
}

export type DealCommand =
  | StartDeal
  | CallBid
  | HoldBid
  | PassBid
  | TakeSkat
  | DiscardSkat
  | DeclareGame
  | ShowCards
  | PlayCard
  | CallKontra
  | CallRe
  | Resign
  | AbandonDeal
  | CorrectScore;

export type DealCommandType = DealCommand['type'];
