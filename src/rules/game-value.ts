import type { Declaration, GameType } from './declaration';
import type { RuleProfile } from './variant/rule-profile';

// R26: base values of the suit games; grand's base comes from the profile (24, V3: 20).
export const SUIT_BASE_VALUES = { diamonds: 9, hearts: 10, spades: 11, clubs: 12 } as const;

export type TrumpGameType = Exclude<GameType, 'null'>;

export function baseValue(gameType: TrumpGameType, profile: Pick<RuleProfile, 'grandBase'>): number {
  return gameType === 'grand' ? profile.grandBase : SUIT_BASE_VALUES[gameType];
}

// R29: the fixed null values.
export const NULL_VALUES = { plain: 23, hand: 35, ouvert: 46, ouvertHand: 59 } as const;

/** The four null values ascending (D2 "next null value"). */
export const NULL_VALUE_LADDER: readonly number[] = [NULL_VALUES.plain, NULL_VALUES.hand, NULL_VALUES.ouvert, NULL_VALUES.ouvertHand];

export function nullValue(declaration: Pick<Declaration, 'hand' | 'ouvert'>): number {
  if (declaration.ouvert) return declaration.hand ? NULL_VALUES.ouvertHand : NULL_VALUES.ouvert;
  return declaration.hand ? NULL_VALUES.hand : NULL_VALUES.plain;
}

export function nullGameName(declaration: Pick<Declaration, 'hand' | 'ouvert'>): string {
  return ['null', declaration.ouvert ? 'ouvert' : '', declaration.hand ? 'hand' : ''].filter(Boolean).join(' ');
}

/**
 * R28: the levels that make up a suit or grand multiplier. Announced levels imply the lower
 * ones (R12) and count whether or not they are reached (D1); the caller has already merged
 * "reached" and "announced" into these flags.
 */
export interface MultiplierLevels {
  /** Unsigned matadors, with or without (R27). */
  readonly matadors: number;
  readonly hand: boolean;
  readonly schneider: boolean;
  readonly schneiderAnnounced: boolean;
  readonly schwarz: boolean;
  readonly schwarzAnnounced: boolean;
  readonly ouvert: boolean;
}

/** R28: matadors + game + one per level present. */
export function multiplierOf(levels: MultiplierLevels): number {
  // The levels of LEVEL_WORDS, field by field: every deal is scored here (iss verify's quick check
  // too), and a loop over the words costs V8 more to compile than the whole sum costs to run.
  let n = levels.matadors + 1; // game
  if (levels.hand) n++;
  if (levels.schneider) n++;
  if (levels.schneiderAnnounced) n++;
  if (levels.schwarz) n++;
  if (levels.schwarzAnnounced) n++;
  if (levels.ouvert) n++;
  return n;
}

// The levels above "game", in the order a player counts them aloud.
const LEVEL_WORDS: ReadonlyArray<readonly [Exclude<keyof MultiplierLevels, 'matadors'>, string]> = [
  ['hand', 'hand'],
  ['schneider', 'schneider'],
  ['schneiderAnnounced', 'schneider announced'],
  ['schwarz', 'schwarz'],
  ['schwarzAnnounced', 'schwarz announced'],
  ['ouvert', 'ouvert'],
];

/** "with 2, game 3, hand 4, schneider 5" — the way a player counts the multiplier. */
export function countAloud(signedMatadors: number, levels: MultiplierLevels): string {
  let n = levels.matadors + 1;
  let text = `${signedMatadors >= 0 ? 'with' : 'without'} ${Math.abs(signedMatadors)}, game ${n}`;
  for (const [flag, word] of LEVEL_WORDS) if (levels[flag]) text += `, ${word} ${++n}`;
  return text;
}

/** R32: the smallest multiple of `base` that is at least `bid`. */
export function smallestMultipleReaching(base: number, bid: number): number {
  return Math.ceil(bid / base) * base;
}

/**
 * R29/R32, D2: whether a null game's fixed value reaches the bid. One that does not is overbid and
 * lost whatever the play (the scoring, the analysis of a null's moves and the result entry ask this).
 */
export function nullReachesBid(declaration: Pick<Declaration, 'hand' | 'ouvert'>, bid: number): boolean {
  return nullValue(declaration) >= bid;
}

/** D2 variant: the smallest null value that reaches the bid, or null when none does (bid > 59). */
export function nextNullValueReaching(bid: number): number | null {
  return NULL_VALUE_LADDER.find((v) => v >= bid) ?? null;
}
