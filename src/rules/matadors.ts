import { type Card, RANKS, indexOfCode } from './card';
import { SUIT_OF_GAME } from './declaration';
import type { TrumpGameType } from './game-value';

/** R27: the matadors ("Spitzen") of a holding: with or without, and which cards make the run. */
export interface Matadors {
  readonly with: boolean;
  /** Unsigned count: 1..11 in a suit game, 1..4 in grand. */
  readonly count: number;
  /** +count "with", -count "without" (as ISS `m`). */
  readonly signed: number;
  /** "with": the held run from CJ; "without": the top trumps missing before the highest held. */
  readonly run: readonly Card[];
}

const JACKS: readonly Card[] = ['CJ', 'SJ', 'HJ', 'DJ'];

function buildTrumpOrder(gameType: TrumpGameType): readonly Card[] {
  const suit = SUIT_OF_GAME[gameType];
  if (!suit) return JACKS;
  const suitTrumps = RANKS.filter((r) => r !== 'J').map((r) => `${suit}${r}` as Card);
  return [...JACKS, ...suitTrumps];
}

const TRUMP_ORDERS: Readonly<Record<TrumpGameType, readonly Card[]>> = {
  clubs: buildTrumpOrder('clubs'),
  spades: buildTrumpOrder('spades'),
  hearts: buildTrumpOrder('hearts'),
  diamonds: buildTrumpOrder('diamonds'),
  grand: buildTrumpOrder('grand'),
};

const TRUMP_BITS: Readonly<Record<TrumpGameType, readonly number[]>> = {
  clubs: TRUMP_ORDERS.clubs.map(bitOf),
  spades: TRUMP_ORDERS.spades.map(bitOf),
  hearts: TRUMP_ORDERS.hearts.map(bitOf),
  diamonds: TRUMP_ORDERS.diamonds.map(bitOf),
  grand: TRUMP_ORDERS.grand.map(bitOf),
};

function bitOf(card: Card): number {
  return 1 << indexOfCode(card);
}

/** R17/R27: the trumps of a suit or grand game from highest to lowest. */
export function trumpOrder(gameType: TrumpGameType): readonly Card[] {
  return TRUMP_ORDERS[gameType];
}

/**
 * R27: count matadors over the given cards (for scoring: the declarer's 10 dealt cards plus the 2
 * skat cards). The run is unbroken from CJ: "with n" when CJ is held, else "without n" where n is
 * the number of top trumps missing before the highest trump held (all of them when none is held).
 */
export function countMatadors(cards: readonly Card[], gameType: TrumpGameType): Matadors {
  // One bit per card held (ALL_CARDS index); anything that is not a card holds no trump.
  let held = 0;
  for (let i = 0; i < cards.length; i++) {
    const at = indexOfCode(cards[i]);
    if (at >= 0) held |= 1 << at;
  }
  const order = trumpOrder(gameType);
  const bits = TRUMP_BITS[gameType];
  const withTop = (held & bits[0]) !== 0;
  let count = 0;
  while (count < order.length && ((held & bits[count]) !== 0) === withTop) count++;
  return { with: withTop, count, signed: withTop ? count : -count, run: order.slice(0, count) };
}

/** Matadors known only as a signed number (peer vectors, ISS `m`), checked against the game type. */
export function matadorsFromSigned(signed: number, gameType: TrumpGameType): Matadors {
  const max = trumpOrder(gameType).length;
  if (!Number.isInteger(signed) || signed === 0 || Math.abs(signed) > max) {
    throw new RangeError(`R27: matadors must be a non-zero integer between -${max} and ${max} in a ${gameType} game, got ${signed}`);
  }
  const count = Math.abs(signed);
  return { with: signed > 0, count, signed, run: trumpOrder(gameType).slice(0, count) };
}

/** "with 2 (CJ, SJ)" / "without 3 (CJ, SJ, HJ missing)". */
export function describeMatadors(m: Matadors): string {
  const cards = m.run.join(', ');
  return m.with ? `with ${m.count} (${cards})` : `without ${m.count} (${cards} missing)`;
}
