import { randomInt } from 'node:crypto';
import { ALL_CARDS, type Card } from './card';

/** Returns an integer in [0, maxExclusive). The only source of chance in the rules core. */
export type RandomInt = (maxExclusive: number) => number;

/** R1: the 32 cards in a fixed order (clubs, spades, hearts, diamonds; A T K Q J 9 8 7). */
export function orderedDeck(): Card[] {
  return ALL_CARDS.slice();
}

/** Fisher-Yates over a copy; the order of `cards` is untouched. */
export function shuffle(cards: readonly Card[], random: RandomInt): Card[] {
  const out = cards.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = random(i + 1);
    if (!Number.isInteger(j) || j < 0 || j > i) throw new RangeError(`random(${i + 1}) returned ${j}, outside 0..${i}`);
    const t = out[i];
    out[i] = out[j];
    out[j] = t;
  }
  return out;
}

/**
 * A small deterministic generator for tests and reproducible deals: the seed string is hashed
 * with xmur3 into the state of sfc32. Not for live play (predictable by design).
 */
export function seededRandom(seed: string): RandomInt {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  const nextHash = (): number => {
    h = Math.imul(h ^ (h >>> 16), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return (h ^= h >>> 16) >>> 0;
  };
  let a = nextHash();
  let b = nextHash();
  let c = nextHash();
  let d = nextHash();
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  return (maxExclusive) => Math.floor(next() * maxExclusive);
}

/** Live play: node:crypto's unbiased randomInt. */
export const cryptoRandom: RandomInt = (maxExclusive) => randomInt(maxExclusive);

export function seededDeck(seed: string): Card[] {
  return shuffle(ALL_CARDS, seededRandom(seed));
}

/** A fresh shuffled deck for live play; pass another RandomInt to make it reproducible. */
export function shuffledDeck(random: RandomInt = cryptoRandom): Card[] {
  return shuffle(ALL_CARDS, random);
}
