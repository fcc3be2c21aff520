import type { Card } from '../rules/card';
import type { ClaimCheck } from './claim-check';
import type { Declaration } from '../rules/declaration';
import type { EnteredResult } from '../rules/result-entry';
import type { GameResult } from '../rules/game-result';
import type { AbandonReason } from '../rules/move';
import type { Seat } from '../rules/seat';
import { MOVE_EVENT_TYPES, type TableEventDataMap } from './moves/move-table';

/**
 * Storage-level event names of a deal stream (`deal-<dealId>`). They are past tense, stable and
 * not tied to class names: renaming one is a schema migration, not a refactor.
 */
const CORE_DEAL_EVENT_TYPES = [
  'DealStarted',
  'CardsDealt',
  'BidCalled',
  'BidHeld',
  'BidPassed',
  'SkatTaken',
  'SkatDiscarded',
  'GameDeclared',
  'CardsShown',
  'CardPlayed',
  'KontraCalled',
  'ReCalled',
  'GameResigned',
  'DealAbandoned',
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
] as const;
/** Every event type of a deal stream: the core ones above, then those only the table of moves declares. */
export type DealEventType = (typeof CORE_DEAL_EVENT_TYPES)[number] | keyof TableEventDataMap;
export const DEAL_EVENT_TYPES: readonly DealEventType[] = [
  ...CORE_DEAL_EVENT_TYPES,
  ...MOVE_EVENT_TYPES.filter((t) => !(CORE_DEAL_EVENT_TYPES as readonly string[]).includes(t)),
];

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

export interface BidCalledData {
  readonly seat: Seat;
  readonly value: number;
}
export interface BidHeldData {
  readonly seat: Seat;
  readonly value: number;
}
export interface BidPassedData {
  readonly seat: Seat;
}
export interface SkatTakenData {
  readonly seat: Seat;
  readonly skat: readonly Card[];
}
export interface SkatDiscardedData {
  readonly seat: Seat;
  readonly cards: readonly [Card, Card];
}
export interface GameDeclaredData {
  readonly seat: Seat;
  readonly declaration: Declaration;
}
export interface CardsShownData {
  readonly seat: Seat;
  /** The cards laid open at that moment. */
  readonly cards: readonly Card[];
  readonly why: 'ouvert' | 'claim';
  /** A claim under the isko profile: judged with all cards open when made (R21); absent on older events (then it stood). */
  readonly claim?: ClaimCheck;
}
export interface CardPlayedData {
  readonly seat: Seat;
  readonly card: Card;
  readonly trick: number;
}
export interface KontraCalledData {
  readonly seat: Seat;
}
export interface ReCalledData {
  readonly seat: Seat;
}
export interface GameResignedData {
  readonly seat: Seat;
}
export interface DealAbandonedData {
  readonly reason: AbandonReason;
  readonly seat: Seat | null;
  readonly note: string;
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

export interface DealEventDataMap extends TableEventDataMap {
  DealRecordedAsSeen: DealRecordedAsSeenData;
  HandsRevealed: HandsRevealedData;
  DealStarted: DealStartedData;
  CardsDealt: CardsDealtData;
  BidCalled: BidCalledData;
  BidHeld: BidHeldData;
  BidPassed: BidPassedData;
  SkatTaken: SkatTakenData;
  SkatDiscarded: SkatDiscardedData;
  GameDeclared: GameDeclaredData;
  CardsShown: CardsShownData;
  CardPlayed: CardPlayedData;
  KontraCalled: KontraCalledData;
  ReCalled: ReCalledData;
  GameResigned: GameResignedData;
  DealAbandoned: DealAbandonedData;
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
}

/** The fair-dealing events: no step of play (they make no replay frame). */
export const FAIRNESS_EVENT_TYPES: readonly DealEventType[] = ['ShuffleCommitted', 'ClientSeedAdded', 'ServerSeedRevealed', 'ServerSeedLost'];

/** A deal event as the decider produces it (no metadata yet). */
export type DealEvent = { [K in DealEventType]: { readonly type: K; readonly data: DealEventDataMap[K] } }[DealEventType];

/** A deal event as evolve sees it: with the id it was stored under, when known. */
export type StoredDealEvent = DealEvent & { readonly eventId?: string; readonly recordedAt?: string; readonly actorId?: string };

export function isDealEventType(type: string): type is DealEventType {
  return (DEAL_EVENT_TYPES as readonly string[]).includes(type);
}

export const dealStreamName = (dealId: string): string => `deal-${dealId}`;
export const DEAL_STREAM_PREFIX = 'deal-';

/** Where the cards of a result-only deal are recorded until they reproduce its result (attempts one after another, each from DealStarted). */
/**
 * Where the server seed of a fairly dealt deal is kept until it is revealed: a stream no API path,
 * export or subscription serves (not `deal-`, so no deal listing finds it either).
 */
export const seedStreamName = (dealId: string): string => `dealseed-${dealId}`;
export const SEED_STREAM_PREFIX = 'dealseed-';

export const upgradeStreamName = (dealId: string): string => `upgrade-${dealId}`;
