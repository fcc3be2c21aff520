import { ALL_CARDS, RANKS, SUITS, type Card } from '../../rules/card';

/**
 * Card codes read straight from a line by character code, without substrings or set lookups:
 * the hot path of the reader. Returns the shared card strings of ALL_CARDS, so the engine's
 * lookups hash each card once.
 */
const SUIT_OF_CHAR = new Int8Array(128).fill(-1);
const RANK_OF_CHAR = new Int8Array(128).fill(-1);
SUITS.forEach((s, i) => (SUIT_OF_CHAR[s.charCodeAt(0)] = i));
RANKS.forEach((r, i) => (RANK_OF_CHAR[r.charCodeAt(0)] = i));

/** ALL_CARDS index of the two-character code at `pos`, or -1. */
export function cardIndexAt(text: string, pos: number): number {
  const s = text.charCodeAt(pos);
  const r = text.charCodeAt(pos + 1);
  if (!(s < 128 && r < 128)) return -1;
  const si = SUIT_OF_CHAR[s];
  const ri = RANK_OF_CHAR[r];
  return si < 0 || ri < 0 ? -1 : si * RANKS.length + ri;
}

/** The card a whole two-character string names, or null. */
export function cardOfCode(code: string): Card | null {
  if (code.length !== 2) return null;
  const i = cardIndexAt(code, 0);
  return i < 0 ? null : ALL_CARDS[i];
}

export const cardOfIndex = (i: number): Card => ALL_CARDS[i];

/** The card index of every two-byte code (first byte * 256 + second), -1 for what is not a card. */
const CARD_OF_PAIR = new Int8Array(1 << 16).fill(-1);
ALL_CARDS.forEach((card, i) => (CARD_OF_PAIR[card.charCodeAt(0) * 256 + card.charCodeAt(1)] = i));

/** cardIndexAt over bytes (a record line's bytes, card codes being ASCII): the index, or -1. */
export function cardIndexOfBytes(bytes: Uint8Array, pos: number): number {
  return CARD_OF_PAIR[bytes[pos] * 256 + bytes[pos + 1]];
}
