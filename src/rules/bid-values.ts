import { NULL_VALUE_LADDER } from './game-value';

// R5: the legal bid values are exactly the values some game can be worth.
const SUIT_AND_GRAND_BASES = [9, 10, 11, 12] as const;

function computeBidValues(): number[] {
  const values = new Set<number>(NULL_VALUE_LADDER);
  // Suits: multiplier 2..18 (with/without 11 + game + hand + schneider, announced, schwarz, announced, ouvert).
  for (const base of SUIT_AND_GRAND_BASES) for (let k = 2; k <= 18; k++) values.add(base * k);
  // Grand: multiplier 2..11 (with/without 4).
  for (let k = 2; k <= 11; k++) values.add(24 * k);
  return [...values].sort((a, b) => a - b);
}

/** 18 20 22 23 24 27 30 ... 240 264, ascending. */
export const BID_VALUES: readonly number[] = computeBidValues();

export const MIN_BID = 18;
export const MAX_BID = 264;

const BID_SET: ReadonlySet<number> = new Set(BID_VALUES);

export function isBidValue(n: number): boolean {
  return BID_SET.has(n);
}

/** The smallest legal bid above `value` (18 when nothing has been said), or null above 264. */
export function nextBidValue(value: number): number | null {
  for (const v of BID_VALUES) if (v > value) return v;
  return null;
}
