import { type Card, type Rank, type Suit, rankOf, suitOf, isCard } from './card';

/**
 * Display names of the cards. French-suited (international) pack: Kreuz, Pik, Herz, Karo with
 * Bube, Dame, König, Ass; German-suited pack: Eichel, Grün (Blatt), Rot (Herz), Schellen with
 * Unter, Ober, König, Daus (Ass). Symbols ♣♠♥♦ belong to the French pack.
 */
export type CardNaming = 'french' | 'german' | 'english' | 'symbol';

export const SUIT_SYMBOLS: Record<Suit, string> = { C: '♣', S: '♠', H: '♥', D: '♦' };
export const FRENCH_SUIT_NAMES: Record<Suit, string> = { C: 'Kreuz', S: 'Pik', H: 'Herz', D: 'Karo' };
export const GERMAN_SUIT_NAMES: Record<Suit, string> = { C: 'Eichel', S: 'Grün', H: 'Rot', D: 'Schellen' };
export const ENGLISH_SUIT_NAMES: Record<Suit, string> = { C: 'Clubs', S: 'Spades', H: 'Hearts', D: 'Diamonds' };

export const FRENCH_RANK_NAMES: Record<Rank, string> = {
  A: 'Ass',
  T: 'Zehn',
  K: 'König',
  Q: 'Dame',
  J: 'Bube',
  '9': 'Neun',
  '8': 'Acht',
  '7': 'Sieben',
};
export const GERMAN_RANK_NAMES: Record<Rank, string> = {
  A: 'Daus',
  T: 'Zehn',
  K: 'König',
  Q: 'Ober',
  J: 'Unter',
  '9': 'Neun',
  '8': 'Acht',
  '7': 'Sieben',
};
export const ENGLISH_RANK_NAMES: Record<Rank, string> = {
  A: 'Ace',
  T: 'Ten',
  K: 'King',
  Q: 'Queen',
  J: 'Jack',
  '9': 'Nine',
  '8': 'Eight',
  '7': 'Seven',
};
/** Short rank marks for symbol form: 10 rather than T. */
export const RANK_MARKS: Record<Rank, string> = { A: 'A', T: '10', K: 'K', Q: 'Q', J: 'J', '9': '9', '8': '8', '7': '7' };

/** "Kreuz Bube", "Eichel Unter", "Jack of Clubs", "♣J". */
export function cardName(card: Card, naming: CardNaming = 'french'): string {
  const s = suitOf(card);
  const r = rankOf(card);
  switch (naming) {
    case 'french':
      return `${FRENCH_SUIT_NAMES[s]} ${FRENCH_RANK_NAMES[r]}`;
    case 'german':
      return `${GERMAN_SUIT_NAMES[s]} ${GERMAN_RANK_NAMES[r]}`;
    case 'english':
      return `${ENGLISH_RANK_NAMES[r]} of ${ENGLISH_SUIT_NAMES[s]}`;
    case 'symbol':
      return `${SUIT_SYMBOLS[s]}${RANK_MARKS[r]}`;
  }
}

const SYMBOL_TO_SUIT: Record<string, Suit> = { '♣': 'C', '♠': 'S', '♥': 'H', '♦': 'D' };
const MARK_TO_RANK: Record<string, Rank> = { A: 'A', '10': 'T', T: 'T', K: 'K', Q: 'Q', J: 'J', '9': '9', '8': '8', '7': '7' };

/**
 * Reads a card written as an ISS code (`CJ`) or in symbol form (`♣J`, `♥10`, `10♥`).
 * Returns null for anything else; callers turn that into their own refusal.
 */
export function parseCardSymbol(text: string): Card | null {
  const t = text.trim();
  if (isCard(t)) return t;
  const first = [...t];
  if (first.length < 2) return null;
  const lead = SYMBOL_TO_SUIT[first[0]];
  if (lead) {
    const rank = MARK_TO_RANK[first.slice(1).join('').toUpperCase()];
    return rank ? (`${lead}${rank}` as Card) : null;
  }
  const trail = SYMBOL_TO_SUIT[first[first.length - 1]];
  if (trail) {
    const rank = MARK_TO_RANK[first.slice(0, -1).join('').toUpperCase()];
    return rank ? (`${trail}${rank}` as Card) : null;
  }
  return null;
}
