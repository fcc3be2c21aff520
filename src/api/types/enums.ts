import { registerEnumType } from '@nestjs/graphql';

/** R2 seats; the numeric values are the rules' Seat (ISS seats 0, 1, 2). */
export enum SeatEnum {
  FOREHAND = 0,
  MIDDLEHAND = 1,
  REARHAND = 2,
}
registerEnumType(SeatEnum, { name: 'Seat', description: 'R2: forehand, middlehand, rearhand (ISS seats 0, 1, 2)' });

/** R11 game types; values are the rules' GameType. */
export enum GameTypeEnum {
  CLUBS = 'clubs',
  SPADES = 'spades',
  HEARTS = 'hearts',
  DIAMONDS = 'diamonds',
  GRAND = 'grand',
  NULL = 'null',
}
registerEnumType(GameTypeEnum, { name: 'GameType' });

export enum DealStatusEnum {
  IN_PROGRESS = 'inProgress',
  SCORED = 'scored',
  PASSED_IN = 'passedIn',
  RAMSCH = 'ramsch',
  NOT_SCOREABLE = 'notScoreable',
}
registerEnumType(DealStatusEnum, { name: 'DealStatus' });

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
registerEnumType(PhaseEnum, { name: 'Phase' });

export enum ResultFilterEnum {
  WON = 'won',
  LOST = 'lost',
  PASSED_IN = 'passedIn',
  NOT_SCOREABLE = 'notScoreable',
  IN_PROGRESS = 'inProgress',
}
registerEnumType(ResultFilterEnum, { name: 'ResultFilter', description: 'won / lost by the declarer, passed in, not scoreable, in progress' });

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
});

export enum AbandonReasonEnum {
  MISDEAL = 'misdeal',
  TIMEOUT = 'timeout',
  LEFT = 'left',
}
registerEnumType(AbandonReasonEnum, { name: 'AbandonReason' });

export enum ShuffleEnum {
  GIVEN = 'given',
  CRYPTO = 'crypto',
  SEEDED = 'seeded',
}
registerEnumType(ShuffleEnum, { name: 'Shuffle', description: 'GIVEN: the cards are entered; CRYPTO / SEEDED: the server shuffles' });

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
