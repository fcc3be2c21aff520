// The 32 cards in ISS notation: suit letter then rank letter (CJ, HT, D7).
export const SUITS = ['C', 'S', 'H', 'D'] as const;
export type Suit = (typeof SUITS)[number];

export const RANKS = ['A', 'T', 'K', 'Q', 'J', '9', '8', '7'] as const;
export type Rank = (typeof RANKS)[number];

export type Card = `${Suit}${Rank}`;

/**
 * Written out as literals (SUITS x RANKS, in that order): V8 interns literal strings, so telling
 * two different cards apart (hand.indexOf, filters) is a pointer check, not a character compare.
 */
export const ALL_CARDS: readonly Card[] = [
  'CA',
  'CT',
  'CK',
  'CQ',
  'CJ',
  'C9',
  'C8',
  'C7',
  'SA',
  'ST',
  'SK',
  'SQ',
  'SJ',
  'S9',
  'S8',
  'S7',
  'HA',
  'HT',
  'HK',
  'HQ',
  'HJ',
  'H9',
  'H8',
  'H7',
  'DA',
  'DT',
  'DK',
  'DQ',
  'DJ',
  'D9',
  'D8',
  'D7',
];

const CARD_SET: ReadonlySet<string> = new Set(ALL_CARDS);

export function isCard(code: string): code is Card {
  return CARD_SET.has(code);
}

export function suitOf(card: Card): Suit {
  return card[0] as Suit;
}

export function rankOf(card: Card): Rank {
  return card[1] as Rank;
}

// R1: A 11, 10 10, K 4, Q 3, J 2, 9/8/7 0.
const RANK_POINTS: Record<Rank, number> = { A: 11, T: 10, K: 4, Q: 3, J: 2, '9': 0, '8': 0, '7': 0 };

export function cardPoints(card: Card): number {
  return RANK_POINTS[rankOf(card)];
}

export function isJack(card: Card): boolean {
  return card[1] === 'J';
}

// Fast card indexing for the engine's hot path: index = suit * 8 + rank, suits and ranks in the
// orders above (so index 0 = CA, 4 = CJ, 31 = D7).

const SUIT_INDEX_BY_CHAR: Int8Array = new Int8Array(128).fill(-1);
SUITS.forEach((s, i) => (SUIT_INDEX_BY_CHAR[s.charCodeAt(0)] = i));
const RANK_INDEX_BY_CHAR: Int8Array = new Int8Array(128).fill(-1);
RANKS.forEach((r, i) => (RANK_INDEX_BY_CHAR[r.charCodeAt(0)] = i));

/** 0..31 for a valid card; callers validate input with `isCard` first. */
export function cardIndex(card: Card): number {
  return SUIT_INDEX_BY_CHAR[card.charCodeAt(0)] * 8 + RANK_INDEX_BY_CHAR[card.charCodeAt(1)];
}

/** cardIndex for untrusted input: -1 unless `code` is one of the 32 card codes. */
export function indexOfCode(code: unknown): number {
  if (typeof code !== 'string' || code.length !== 2) return -1;
  const a = code.charCodeAt(0);
  const b = code.charCodeAt(1);
  if (a > 127 || b > 127) return -1;
  const s = SUIT_INDEX_BY_CHAR[a];
  const r = RANK_INDEX_BY_CHAR[b];
  return s < 0 || r < 0 ? -1 : s * 8 + r;
}

/** ALL_CARDS is ordered by index, so this is its inverse. */
export function cardAt(index: number): Card {
  return ALL_CARDS[index];
}

const POINTS_BY_INDEX: Int8Array = Int8Array.from(ALL_CARDS, (c) => RANK_POINTS[rankOf(c)]);

/** R1 card points by card index (hot path). */
export function pointsOfIndex(index: number): number {
  return POINTS_BY_INDEX[index];
}

export function sumPoints(cards: readonly Card[]): number {
  let total = 0;
  for (const c of cards) total += POINTS_BY_INDEX[cardIndex(c)];
  return total;
}

/** English suit words for messages ("must follow hearts"). */
export const SUIT_WORDS: Record<Suit, string> = { C: 'clubs', S: 'spades', H: 'hearts', D: 'diamonds' };
