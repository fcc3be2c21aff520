import { registerEnumType } from '@nestjs/graphql';

/** R2 seats; the numeric values are the rules' Seat (ISS seats 0, 1, 2). */
export enum SeatEnum {
  FOREHAND = 0,
  MIDDLEHAND = 1,
  REARHAND = 2,
}
registerEnumType(SeatEnum, {
  name: 'Seat',
  description: 'R2: forehand, middlehand, rearhand (ISS seats 0, 1, 2)',
  valuesMap: {
    FOREHAND: { description: 'Forehand: left of the dealer, leads the first trick (ISS seat 0)' },
    MIDDLEHAND: { description: 'Middlehand: bids first (ISS seat 1)' },
    REARHAND: { description: 'Rearhand: the dealer at a 3-table (ISS seat 2)' },
  },
});

/** R11 game types; values are the rules' GameType. */
export enum GameTypeEnum {
  CLUBS = 'clubs',
  SPADES = 'spades',
  HEARTS = 'hearts',
  DIAMONDS = 'diamonds',
  GRAND = 'grand',
  NULL = 'null',
}
registerEnumType(GameTypeEnum, {
  name: 'GameType',
  description: 'R11: the game types',
  valuesMap: {
    CLUBS: { description: 'Clubs trump (base value 12)' },
    SPADES: { description: 'Spades trump (11)' },
    HEARTS: { description: 'Hearts trump (10)' },
    DIAMONDS: { description: 'Diamonds trump (9)' },
    GRAND: { description: 'Only the jacks are trump (24)' },
    NULL: { description: 'The declarer must take no trick (R29)' },
  },
});

export enum DealStatusEnum {
  IN_PROGRESS = 'inProgress',
  SCORED = 'scored',
  PASSED_IN = 'passedIn',
  RAMSCH = 'ramsch',
  NOT_SCOREABLE = 'notScoreable',
}
registerEnumType(DealStatusEnum, {
  name: 'DealStatus',
  description: 'Where a deal stands',
  valuesMap: {
    IN_PROGRESS: { description: 'Being played or recorded' },
    SCORED: { description: 'Over and scored' },
    PASSED_IN: { description: 'All passed (R8): no score' },
    RAMSCH: { description: 'All passed and a Ramsch was played (R42)' },
    NOT_SCOREABLE: { description: 'Abandoned (misdeal, timeout, a player left, D3): no score' },
  },
});

export enum PhaseEnum {
  BIDDING = 'bidding',
  SKAT_DECISION = 'skatDecision',
  DISCARDING = 'discarding',
  DECLARING = 'declaring',
  PLAYING = 'playing',
  FINISHED = 'finished',
  PASSED_IN = 'passedIn',
  ABANDONED = 'abandoned',
}
registerEnumType(PhaseEnum, {
  name: 'Phase',
  description: 'The phase of a deal at a replay step',
  valuesMap: {
    BIDDING: { description: 'The auction (R5-R8)' },
    SKAT_DECISION: { description: 'The declarer decides whether to pick up the skat (R9)' },
    DISCARDING: { description: 'The declarer puts two cards back (R10)' },
    DECLARING: { description: 'The declarer announces the game (R11-R14)' },
    PLAYING: { description: 'The tricks are played (R15-R18)' },
    FINISHED: { description: 'The deal is over and scored' },
    PASSED_IN: { description: 'All passed (R8)' },
    ABANDONED: { description: 'The deal was abandoned (D3)' },
  },
});

export enum ResultFilterEnum {
  WON = 'won',
  LOST = 'lost',
  PASSED_IN = 'passedIn',
  NOT_SCOREABLE = 'notScoreable',
  IN_PROGRESS = 'inProgress',
}
registerEnumType(ResultFilterEnum, {
  name: 'ResultFilter',
  description: 'won / lost by the declarer, passed in, not scoreable, in progress',
  valuesMap: {
    WON: { description: 'The declarer won' },
    LOST: { description: 'The declarer lost' },
    PASSED_IN: { description: 'All passed' },
    NOT_SCOREABLE: { description: 'Abandoned' },
    IN_PROGRESS: { description: 'Not over yet' },
  },
});

/** Whose view of a deal a frame shows; AUTO is the most the caller may see. */
export enum PerspectiveEnum {
  AUTO = 'auto',
  PUBLIC = 'public',
  ALL = 'all',
  FOREHAND = 'forehand',
  MIDDLEHAND = 'middlehand',
  REARHAND = 'rearhand',
}
registerEnumType(PerspectiveEnum, {
  name: 'Perspective',
  description: 'AUTO: the most this caller may see; PUBLIC: no hidden card; ALL: every card; a seat: what that seat knew',
  valuesMap: {
    AUTO: { description: 'The most this caller may see' },
    PUBLIC: { description: 'What a spectator sees: no hidden card' },
    ALL: { description: 'Every card, for a caller allowed to see them all' },
    FOREHAND: { description: 'What forehand knew at each step' },
    MIDDLEHAND: { description: 'What middlehand knew' },
    REARHAND: { description: 'What rearhand knew' },
  },
});

export enum AbandonReasonEnum {
  MISDEAL = 'misdeal',
  TIMEOUT = 'timeout',
  LEFT = 'left',
}
registerEnumType(AbandonReasonEnum, {
  name: 'AbandonReason',
  description: 'D3: why a deal was abandoned',
  valuesMap: {
    MISDEAL: { description: 'A misdeal: the cards are dealt again (R4)' },
    TIMEOUT: { description: 'A player ran out of time' },
    LEFT: { description: 'A player left the table' },
  },
});

export enum ShuffleEnum {
  GIVEN = 'given',
  CRYPTO = 'crypto',
  SEEDED = 'seeded',
  SEEN = 'seen',
}
registerEnumType(ShuffleEnum, {
  name: 'Shuffle',
  description: 'GIVEN: the cards are entered; CRYPTO / SEEDED: the server shuffles; SEEN: recorded as seen at the table (no hands)',
  valuesMap: {
    GIVEN: { description: 'The cards are entered (a deal at a real table)' },
    CRYPTO: { description: 'The server shuffles, provably fair: a committed secret seed and optional client seeds (docs/fair-dealing.md)' },
    SEEDED: { description: 'The server shuffles from a recorded seed (reproducible)' },
    SEEN: { description: 'Recorded as seen at a real table: no hand is known; cards are recorded as played, the skat when shown (showSkat, showHand)' },
  },
});

/** R40/R42 house options a table may switch on over its profile (rules.md §8; off in ISkO). */
export enum HouseOptionEnum {
  KONTRA_RE = 'kontraRe',
  RAMSCH = 'ramsch',
}
registerEnumType(HouseOptionEnum, {
  name: 'HouseOption',
  description: 'House options a table switches on over its rule profile (not ISkO, rules.md §8)',
  valuesMap: {
    KONTRA_RE: { description: 'R40: a defender may say Kontra (value × 2), the declarer answer Re (× 4)' },
    RAMSCH: { description: 'R42: when all pass, a Ramsch is played instead of a passed-in deal (R8)' },
  },
});

/** Where a deal's events came from (their `source` metadata); NDJSON and the CLI keep the stored strings. */
export enum SourceEnum {
  LIVE = 'live',
  IMPORT_ISS = 'import:iss',
  MANUAL = 'manual',
  BRANCH = 'branch',
  OTHER = 'other',
}
registerEnumType(SourceEnum, {
  name: 'Source',
  description: 'Where a deal was recorded: live through the API, imported from ISS, entered by hand, or a what-if branch',
  valuesMap: {
    LIVE: { description: 'Recorded move by move through the API (stored as `live`)' },
    IMPORT_ISS: { description: 'Imported from an ISS game record (stored as `import:iss`)' },
    MANUAL: { description: 'Entered by a tool writing the store directly (stored as `manual`)' },
    BRANCH: { description: 'Played in a what-if branch (stored as `branch`)' },
    OTHER: { description: 'Any other source a writer of the store named (never given as a filter)' },
  },
});

const SOURCES: ReadonlySet<string> = new Set(Object.values(SourceEnum));
/** The stored source as the schema's closed set: a name outside it reads as OTHER. */
export const sourceOf = (stored: string): SourceEnum => (SOURCES.has(stored) ? (stored as SourceEnum) : SourceEnum.OTHER);

/** What the claim audit judged (R21). */
export enum AuditClaimKindEnum {
  CLAIM = 'claim',
  CONCESSION = 'concession',
  RESIGNATION = 'resignation',
}
registerEnumType(AuditClaimKindEnum, {
  name: 'AuditClaimKind',
  description: 'R21: a claim, a concession or a resignation',
  valuesMap: {
    CLAIM: { description: 'The declarer shows his cards to claim the rest (ISS SC)' },
    CONCESSION: { description: 'A defender concedes (resigns)' },
    RESIGNATION: { description: 'The declarer resigns' },
  },
});

/** Which result a figure is computed from: the ledger always scores with its own engine, never an archive record's result. */
export enum ResultBasisEnum {
  ENGINE = 'ENGINE',
}
registerEnumType(ResultBasisEnum, {
  name: 'ResultBasis',
  description: 'The result a figure is computed from (always the engine, the rules of the recorded profile)',
  valuesMap: {
    ENGINE: { description: "The engine's result under the recorded rule profile (an archive record's own result is only compared with it)" },
  },
});
