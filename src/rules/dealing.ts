import { ALL_CARDS, type Card, indexOfCode, isCard } from './card';
import { inputText } from './input-text';
import { allow, refuse, type Judgement } from '../kernel/refusal';

/** Three hands (forehand, middlehand, rearhand; R2) of 10 cards and the skat of 2. */
export interface DealtCards {
  readonly hands: readonly [readonly Card[], readonly Card[], readonly Card[]];
  readonly skat: readonly [Card, Card];
}

/**
 * R1: a deck is 32 distinct valid cards. The refusal names the first problem found: wrong count,
 * a bad code, a duplicate, or the missing cards.
 */
export function validateDeck(cards: readonly string[]): Judgement<Card[]> {
  if (!Array.isArray(cards)) return refuse('R1', 'a deck must be a list of 32 cards');
  if (cards.length !== 32) return refuse('R1', `a deck has 32 cards, got ${cards.length}`);
  const seen = new Set<string>();
  for (let i = 0; i < cards.length; i++) {
    const code = cards[i];
    if (typeof code !== 'string' || !isCard(code))
      return refuse('R1', `card ${i + 1} "${inputText(code)}" is not a card code (suit C/S/H/D then rank A/T/K/Q/J/9/8/7)`);
    if (seen.has(code)) return refuse('R1', `card ${i + 1} ${code} is a duplicate`);
    seen.add(code);
  }
  // 32 distinct valid codes are necessarily the whole deck; kept explicit for clarity.
  const missing = ALL_CARDS.filter((c) => !seen.has(c));
  if (missing.length) return refuse('R1', `missing ${missing.join(', ')}`);
  return allow(cards.slice() as Card[]);
}

/**
 * R4: deal 3-skat-4-3 clockwise from forehand: F3 M3 R3, skat 2, F4 M4 R4, F3 M3 R3.
 * `deck[0]` is the top card, the first dealt.
 */
export function dealFromDeck(deck: readonly string[]): Judgement<DealtCards> {
  const valid = validateDeck(deck);
  if (!valid.ok) return valid;
  const d = valid.value;
  const hands: [Card[], Card[], Card[]] = [[], [], []];
  let at = 0;
  const round = (count: number): void => {
    for (let seat = 0; seat < 3; seat++) for (let k = 0; k < count; k++) hands[seat].push(d[at++]);
  };
  round(3);
  const skat: [Card, Card] = [d[at++], d[at++]];
  round(4);
  round(3);
  return allow({ hands, skat });
}

/** The ISS record order (iss-format 3.1): cards 1-10 forehand, 11-20 middlehand, 21-30 rearhand, 31-32 skat. */
export function dealFromIssOrder(cards: readonly string[]): Judgement<DealtCards> {
  const valid = validateDeck(cards);
  if (!valid.ok) return valid;
  const d = valid.value;
  return allow({ hands: [d.slice(0, 10), d.slice(10, 20), d.slice(20, 30)], skat: [d[30], d[31]] });
}

/** The inverse of dealFromIssOrder: 32 cards in ISS order. */
export function toIssOrder(dealt: DealtCards): Card[] {
  return [...dealt.hands[0], ...dealt.hands[1], ...dealt.hands[2], ...dealt.skat];
}

/** `mask` with each card's bit added; null on a bad code or a card seen twice. */
function markAll(cards: readonly unknown[], mask: number): number | null {
  for (let i = 0; i < cards.length; i++) {
    const idx = indexOfCode(cards[i]);
    if (idx < 0) return null;
    const bit = 1 << idx;
    if (mask & bit) return null;
    mask |= bit;
  }
  return mask;
}

/** Cheap check for the common case (replays call this once per deal): a 32-bit mask of cards seen. */
function isCompleteDeal(dealt: DealtCards): boolean {
  const h = dealt.hands;
  if (!Array.isArray(h) || h.length !== 3 || !Array.isArray(dealt.skat) || dealt.skat.length !== 2) return false;
  let mask: number | null = 0;
  for (let s = 0; s < 3 && mask !== null; s++) mask = Array.isArray(h[s]) && h[s].length === 10 ? markAll(h[s], mask) : null;
  if (mask !== null) mask = markAll(dealt.skat, mask);
  return mask === -1;
}

/** R1/R4: three hands of exactly 10 and a skat of 2, together the 32 distinct cards. */
export function validateDealt(dealt: DealtCards): Judgement<DealtCards> {
  if (dealt && isCompleteDeal(dealt)) return allow(dealt);
  // Slow path: find and name the problem.
  if (!dealt || !Array.isArray(dealt.hands) || dealt.hands.length !== 3 || !Array.isArray(dealt.skat)) {
    return refuse('R4', 'a deal is three hands and a skat');
  }
  const names = ['forehand', 'middlehand', 'rearhand'];
  for (let s = 0; s < 3; s++) {
    const h = dealt.hands[s];
    if (!Array.isArray(h) || h.length !== 10) return refuse('R4', `${names[s]} must hold 10 cards, got ${Array.isArray(h) ? h.length : 'none'}`);
  }
  if (dealt.skat.length !== 2) return refuse('R4', `the skat must hold 2 cards, got ${dealt.skat.length}`);
  const all = validateDeck([...dealt.hands[0], ...dealt.hands[1], ...dealt.hands[2], ...dealt.skat]);
  if (!all.ok) return all;
  return allow(dealt);
}
