import type { Card } from '../rules/card';
import type { Seat } from '../rules/seat';
import type { EnteredResult } from '../rules/result-entry';
import type { SeatPlayers, StoredDealEvent } from './events';
import type { MoveCommand } from './moves/move-table';

// Each move's command is declared in its move file (src/deal/moves/) and joins DealCommand through the table of moves.

/** Either the cards as dealt (ISS import, manual entry) or a shuffle done by the server. */
export type DealSource =
  | { readonly kind: 'given'; readonly hands: readonly [readonly Card[], readonly Card[], readonly Card[]]; readonly skat: readonly [Card, Card] }
  | { readonly kind: 'crypto'; readonly awaitClientSeeds?: boolean }
  | { readonly kind: 'seeded'; readonly seed: string }
  /** Recorded as seen at a real table: no hand is known at the start; cards become known as played, the skat when shown. */
  | { readonly kind: 'seen' };

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
  /** How the cards come; absent for a deal entered from its result only. */
  readonly cards?: DealSource;
  readonly startedAt?: string;
  /** Result-only entry: the deal's outcome without its cards, scored by the engine at once. */
  readonly result?: EnteredResult;
}

/**
 * Arbiter only: replace the recorded result of a finished deal, with a reason. Either the corrected
 * facts (the engine derives value and score), or a score the rules can enter for that game.
 */
export interface CorrectScore {
  readonly type: 'CorrectScore';
  readonly dealId: string;
  /** The corrected facts (e.g. other card points, schneider, the bid): the engine scores them. */
  readonly facts?: EnteredResult;
  /** Or a signed score from the legal scores of the deal's game (R26-R32). */
  readonly correctedScore?: number;
  readonly won?: boolean;
  readonly reason: string;
  /** Event id of the score entry corrected; default the latest (DealScored or ScoreCorrected). */
  readonly correctsEventId?: string;
}

/**
 * Take back a recording slip: the last recorded move of an open deal (the table's recorder), or an
 * earlier one together with every move after it (an arbiter). Always with a reason.
 */
export interface WithdrawMove {
  readonly type: 'WithdrawMove';
  readonly dealId: string;
  /** The event id of the move to withdraw; default the last recorded move. */
  readonly moveEventId?: string;
  readonly reason: string;
  /** The deal's series as the Ledger read it (filled in by the Ledger): a finished deal's ending move is withdrawn only within it (L24). */
  readonly series?: SeriesOfDeal;
}

/**
 * The series of the deal's table as the Ledger read it (the deal stream does not know): closed, and
 * whether the table still takes confirmations and contests then. Absent for a deal outside a table.
 */
export interface SeriesOfDeal {
  readonly closed: boolean;
  readonly reviewAfterClose: boolean;
  /** The table's latest deal (a later one means this deal's end is built on). */
  readonly latestDealId?: string | null;
}

/** A player of a scored deal confirms its result (with his player token). */
export interface ConfirmDeal {
  readonly type: 'ConfirmDeal';
  readonly dealId: string;
  readonly player: string;
  readonly series?: SeriesOfDeal;
}
/** A player of a scored deal contests its result: a dispute opens until an arbiter rules. */
export interface ContestDeal {
  readonly type: 'ContestDeal';
  readonly dealId: string;
  readonly player: string;
  readonly reason: string;
  readonly series?: SeriesOfDeal;
}
/** The arbiter's ruling on a contest: upheld (with the corrected result) or rejected, with a reason. */
export interface RuleDispute {
  readonly type: 'RuleDispute';
  readonly dealId: string;
  /** The DealContested event; default the oldest open contest. */
  readonly contestEventId?: string;
  readonly ruling: 'upheld' | 'rejected';
  readonly reason: string;
  /** Upheld: the corrected result, as for CorrectScore. */
  readonly correction?: Omit<CorrectScore, 'type' | 'dealId' | 'reason'>;
}

/**
 * Record the cards of a result-only deal (the table's recorder): a recording of its own begins with
 * the cards as dealt; the moves recorded next go to it, and when it ends it must reproduce the
 * deal's result. A new UpgradeDeal begins a fresh recording (a mistyped hand is not stuck).
 */
export interface UpgradeDeal {
  readonly type: 'UpgradeDeal';
  readonly dealId: string;
  /** The cards as they were dealt (given): a shuffle would not be this deal's cards. */
  readonly cards: DealSource;
}

/**
 * Set by the Ledger once a recording ended with the entered result: the upgrade of the deal, with
 * the recording's events (those since its DealStarted) to copy after ResultUpgraded.
 */
export interface CompleteUpgrade {
  readonly type: 'CompleteUpgrade';
  readonly dealId: string;
  readonly recordingStream: string;
  readonly recording: readonly StoredDealEvent[];
}

/** A seat's client seed for a fairly shuffled deal, before its cards are dealt. */
export interface AddClientSeed {
  readonly type: 'AddClientSeed';
  readonly dealId: string;
  readonly seat: Seat;
  readonly seed: string;
}
/** Deal the cards of a deal that waits for client seeds, with the seeds given so far. */
export interface DealCards {
  readonly type: 'DealCards';
  readonly dealId: string;
}

/**
 * A mistyped hand of a dealt deal, replaced before the first card (the table's recorder): the
 * deal keeps its id and the moves recorded so far, which must fit the new cards. Refused once a
 * card is played, for a shuffle by the server and for a deal recorded as seen (L25).
 */
export interface ReplaceHands {
  readonly type: 'ReplaceHands';
  readonly dealId: string;
  /** The cards as they were really dealt (given): three hands of ten and the skat. */
  readonly cards: DealSource;
  readonly reason: string;
}

/** Every command of a deal: those outside the play, and the moves' commands (derived from the table of moves). */
export type DealCommand =
  | StartDeal
  | AddClientSeed
  | DealCards
  | CorrectScore
  | WithdrawMove
  | ConfirmDeal
  | ContestDeal
  | RuleDispute
  | UpgradeDeal
  | CompleteUpgrade
  | ReplaceHands
  | MoveCommand;
