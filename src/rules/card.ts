// The 32 cards in ISS notation: suit letter then rank letter (CJ, HT, D7).
export const SUITS = ['C', 'S', 'H', 'D'] as const;
export type Suit = (typeof SUITS)[number];

export const RANKS = ['A', 'T', 'K', 'Q', 'J', '9', '8', '7'] as const;
export type Rank = (typeof RANKS)[number];

export type Card = `${Suit}${Rank}`;

export const ALL_CARDS: readonly Card[] = SUITS.flatMap((s) => RANKS.map((r) => `${s}${r}` as Card));

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
