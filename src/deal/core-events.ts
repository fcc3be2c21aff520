import type { Card } from '../rules/card';
import type { EnteredResult } from '../rules/result-entry';
import type { GameResult } from '../rules/game-result';
import type { Seat } from '../rules/seat';

/**
 * The deal's events that no move records: the start, the dealing, the end and what follows it
 * (scores, corrections, confirmations), fair dealing, seen deals. The moves' events are declared in
 * their move files (src/deal/moves/); events.ts joins both. Storage-level names: past tense, stable
 * and not tied to class names (renaming one is a schema migration, not a refactor).
 */
export const CORE_DEAL_EVENT_TYPES = [
  'DealStarted',
  'CardsDealt',
  'DealPassedIn',
  'DealScored',
  'ScoreCorrected',
  'MoveWithdrawn',
  'ResultEntered',
  'DealConfirmed',
  'DealContested',
  'DisputeRuled',
  'ResultUpgraded',
  'ShuffleCommitted',
  'ClientSeedAdded',
  'ServerSeedRevealed',
  'ServerSeedLost',
  'DealRecordedAsSeen',
  'HandsRevealed',
  'HandsReplaced',
] as const;
export type CoreDealEventType = (typeof CORE_DEAL_EVENT_TYPES)[number];

export const DEAL_SCHEMA_VERSION = '1';

/** Three names in seat order: forehand, middlehand, rearhand (R2). */
export type SeatPlayers = readonly [string, string, string];

export interface DealStartedData {
  readonly dealId: string;
  readonly tableId: string | null;
  readonly tournamentId: string | null;
  /** 1-based number of the deal in its table's series. */
  readonly dealNumber: number;
  /** The player who deals (at a 4/5 table he sits out, R3/D5). */
  readonly dealer: string;
  readonly players: SeatPlayers;
  /** Players at the table who sit this deal out (the dealer at 4, two at 5). */
  readonly sittingOut: readonly string[];
  /** Seats played by a computer (D5 duel rule: left out of scores and statistics). */
  readonly computerSeats: readonly Seat[];
  readonly profileId: string;
  readonly profileOptions: Readonly<Record<string, unknown>>;
  readonly profileVersion: string;
  /** When the deal took place at the table (ISS `DT`, or the server clock for live deals). */
  readonly startedAt: string;
}

export interface CardsDealtData {
  readonly hands: readonly [readonly Card[], readonly Card[], readonly Card[]];
  readonly skat: readonly [Card, Card];
  /** Who shuffled: the client handed the cards in, or the server shuffled (crypto or seeded). */
  readonly shuffle: 'given' | 'crypto' | 'seeded';
  readonly seed?: string;
}

/** Fair dealing (docs/fair-dealing.md): the server's commitment to its secret seed, recorded before any card is dealt. */
export interface ShuffleCommittedData {
  readonly scheme: string;
  /** SHA-256 of the server seed's 32 bytes, hex. */
  readonly commitment: string;
  /** The cards wait for the players' client seeds (addClientSeed, then dealCards or the third seed). */
  readonly awaitsClientSeeds: boolean;
}
/** A seat's client entropy, mixed into the shuffle; given before the cards are dealt, once per seat. */
export interface ClientSeedAddedData {
  readonly seat: Seat;
  readonly seed: string;
  readonly by: string;
}
/** The server seed, recorded once the deal ended (scored, passed in, abandoned): anybody may now recompute the shuffle. */
export interface ServerSeedRevealedData {
  readonly serverSeed: string;
}
/** The server seed behind the commitment could not be found: the deal is unverifiable (never taken as verified). */
export interface ServerSeedLostData {
  readonly reason: string;
}

export interface DealPassedInData {
  readonly dealNumber: number;
}

/** The result the engine derived under the recorded profile and version (kept for audits). */
export interface DealScoredData {
  readonly result: GameResult;
  readonly profileId: string;
  readonly profileVersion: string;
}

/** An arbiter's correction of a recorded score. The original stays; this references it. */
export interface ScoreCorrectedData {
  /** Event id of the DealScored (or earlier ScoreCorrected) event this corrects. */
  readonly correctsEventId: string;
  readonly previousScore: number | null;
  readonly correctedScore: number;
  /** Whether the corrected entry counts as won (for Seeger-Fabian); null = unchanged. */
  readonly won: boolean | null;
  readonly reason: string;
  readonly arbiter: string;
  /** Given when the correction named facts: what they were, and the result the engine derived from them. */
  readonly facts?: EnteredResult;
  readonly result?: GameResult;
}

/**
 * A recording slip taken back: the moves named (the last ones recorded, in order) count as not
 * made from here on. Nothing is deleted; replays, frames and legal moves leave them out, the audit shows both.
 */
export interface MoveWithdrawnData {
  /** Event ids of the withdrawn moves' events (a declaration's ouvert display goes with it). */
  readonly withdrawnEventIds: readonly string[];
  /** How many moves are withdrawn: 1 for the recorder's last move, more only by an arbiter. */
  readonly moves: number;
  readonly by: string;
  readonly byArbiter: boolean;
  readonly reason: string;
  /** The withdrawn move had ended the deal (L24): its result (and a seen deal's revealed hands) are withdrawn with it, the deal is open again. */
  readonly reopens?: true;
}

/** The facts of a deal entered without its cards (a paper list's line); the engine scored them in the DealScored that follows. */
export interface ResultEnteredData {
  readonly facts: EnteredResult;
  readonly enteredBy: string;
}

/** A player of the deal agrees with the recorded result. */
export interface DealConfirmedData {
  readonly player: string;
}
/** A player of the deal disputes the recorded result: a dispute is open until an arbiter rules. */
export interface DealContestedData {
  readonly player: string;
  readonly reason: string;
}
/** The arbiter's ruling on a contest: upheld (a ScoreCorrected follows) or rejected. */
export interface DisputeRuledData {
  /** The DealContested event ruled on. */
  readonly contestEventId: string;
  readonly ruling: 'upheld' | 'rejected';
  readonly reason: string;
  readonly arbiter: string;
}

/**
 * A result-only deal upgraded by recording its cards: the recording (in its own stream, so a
 * refused upgrade left this deal untouched) reproduced the result in force. The dealt cards and
 * the moves in force follow this event, copied; the deal's result and sheet row stay as they were.
 */
export interface ResultUpgradedData {
  /** The stream the cards were recorded in, and the DealStarted event that began that recording. */
  readonly recordingStream: string;
  readonly recordingStartEventId: string | null;
  /** Moves copied after the dealt cards. */
  readonly moves: number;
  readonly by: string;
}

/** The deal is recorded as seen at the table: no hand is known (the cards follow as played and shown). */
export type DealRecordedAsSeenData = Readonly<Record<string, never>>;

/**
 * A deal recorded as seen, once every card's place is known: the hands and skat the recorded cards
 * imply (each hand in deck order), checked in full by the engine; the DealScored that follows is
 * the result of that check.
 */
export interface HandsRevealedData {
  readonly hands: readonly [readonly Card[], readonly Card[], readonly Card[]];
  readonly skat: readonly [Card, Card];
}

/**
 * A mistyped hand replaced before the first card: the deal counts as dealt so from the start (the
 * moves recorded so far replayed over these cards); the CardsDealt before it stays in the stream.
 */
export interface HandsReplacedData {
  readonly hands: readonly [readonly Card[], readonly Card[], readonly Card[]];
  readonly skat: readonly [Card, Card];
  readonly reason: string;
  readonly by: string;
}

interface CoreEventDataMap {
  DealStarted: DealStartedData;
  CardsDealt: CardsDealtData;
  DealPassedIn: DealPassedInData;
  DealScored: DealScoredData;
  ScoreCorrected: ScoreCorrectedData;
  MoveWithdrawn: MoveWithdrawnData;
  ResultEntered: ResultEnteredData;
  DealConfirmed: DealConfirmedData;
  DealContested: DealContestedData;
  DisputeRuled: DisputeRuledData;
  ResultUpgraded: ResultUpgradedData;
  ShuffleCommitted: ShuffleCommittedData;
  ClientSeedAdded: ClientSeedAddedData;
  ServerSeedRevealed: ServerSeedRevealedData;
  ServerSeedLost: ServerSeedLostData;
  DealRecordedAsSeen: DealRecordedAsSeenData;
  HandsRevealed: HandsRevealedData;
  HandsReplaced: HandsReplacedData;
}

/** A deal event no move records, as the decider produces it (no metadata yet). */
export type CoreDealEvent = { [K in CoreDealEventType]: { readonly type: K; readonly data: CoreEventDataMap[K] } }[CoreDealEventType];
