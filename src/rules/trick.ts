import { ALL_CARDS, type Card, RANKS, SUITS, SUIT_WORDS, cardIndex, pointsOfIndex, rankOf, suitOf } from './card';
import type { GameType } from './declaration';

/**
 * How cards take tricks (R16/R17). A play mode is a game type, or Ramsch (R42: jacks are the only
 * trumps, as in a grand). Everything is precomputed per mode into small tables indexed by card
 * index, so following suit and trick winners cost a few array reads.
 */
export type PlayMode = GameType | 'ramsch';

const MODE_INDEX: Record<PlayMode, number> = { clubs: 0, spades: 1, hearts: 2, diamonds: 3, grand: 4, null: 5, ramsch: 6 };
const MODES: readonly PlayMode[] = ['clubs', 'spades', 'hearts', 'diamonds', 'grand', 'null', 'ramsch'];

/** The class a card belongs to for following: 0..3 its suit (C S H D), 4 trump. */
export const TRUMP_CLASS = 4;

// R17: jack order CJ > SJ > HJ > DJ above A > 10 > K > Q > 9 > 8 > 7 of the trump suit.
const JACK_POWER: Record<string, number> = { C: 24, S: 23, H: 22, D: 21 };
const SUIT_POWER: Record<string, number> = { A: 8, T: 7, K: 6, Q: 5, J: 0, '9': 3, '8': 2, '7': 1 };
// R17: null, jacks back in their suits: A K Q J 10 9 8 7.
const NULL_POWER: Record<string, number> = { A: 8, K: 7, Q: 6, J: 5, T: 4, '9': 3, '8': 2, '7': 1 };

function buildTables(mode: PlayMode): { classOf: Int8Array; power: Int8Array } {
  const classOf = new Int8Array(32);
  const power = new Int8Array(32);
  const trumpSuit = mode === 'clubs' ? 'C' : mode === 'spades' ? 'S' : mode === 'hearts' ? 'H' : mode === 'diamonds' ? 'D' : null;
  for (const card of ALL_CARDS) {
    const i = cardIndex(card);
    const s = suitOf(card);
    const r = rankOf(card);
    if (mode === 'null') {
      classOf[i] = SUITS.indexOf(s);
      power[i] = NULL_POWER[r];
    } else if (r === 'J') {
      classOf[i] = TRUMP_CLASS;
      power[i] = JACK_POWER[s];
    } else if (s === trumpSuit) {
      classOf[i] = TRUMP_CLASS;
      power[i] = 10 + SUIT_POWER[r];
    } else {
      classOf[i] = SUITS.indexOf(s);
      power[i] = SUIT_POWER[r];
    }
  }
  return { classOf, power };
}

const TABLES = MODES.map(buildTables);
const CLASS_OF: readonly Int8Array[] = TABLES.map((t) => t.classOf);
const POWER: readonly Int8Array[] = TABLES.map((t) => t.power);

export function modeIndex(mode: PlayMode): number {
  // A comparison chain beats a keyed lookup on the hot path.
  return mode === 'clubs' ? 0 : mode === 'spades' ? 1 : mode === 'hearts' ? 2 : mode === 'diamonds' ? 3 : mode === 'grand' ? 4 : mode === 'null' ? 5 : 6;
}

/** 0..3 = the card's own suit, 4 = trump (R16: a jack is a trump, not a member of its printed suit). */
export function cardClass(card: Card, mode: PlayMode): number {
  return CLASS_OF[MODE_INDEX[mode]][cardIndex(card)];
}

export function isTrump(card: Card, mode: PlayMode): boolean {
  return cardClass(card, mode) === TRUMP_CLASS;
}

/** R17 trump order, highest first: the 4 jacks then the trump suit (grand and Ramsch: jacks only; null: none). */
export function trumpOrder(mode: PlayMode): Card[] {
  const m = MODE_INDEX[mode];
  return ALL_CARDS.filter((c) => CLASS_OF[m][cardIndex(c)] === TRUMP_CLASS).sort((a, b) => POWER[m][cardIndex(b)] - POWER[m][cardIndex(a)]);
}

/** R17 order of a plain suit, highest first (suit/grand: without the jack; null: with it). */
export function suitOrder(suit: (typeof SUITS)[number], mode: PlayMode): Card[] {
  const m = MODE_INDEX[mode];
  const s = SUITS.indexOf(suit);
  return RANKS.map((r) => `${suit}${r}` as Card)
    .filter((c) => CLASS_OF[m][cardIndex(c)] === s)
    .sort((a, b) => POWER[m][cardIndex(b)] - POWER[m][cardIndex(a)]);
}

/** Index-based core used by the engine: does `hand` hold a card of class `cls`? */
export function holdsClass(hand: readonly Card[], cls: number, m: number): boolean {
  const classOf = CLASS_OF[m];
  for (let i = 0; i < hand.length; i++) if (classOf[cardIndex(hand[i])] === cls) return true;
  return false;
}

export function classOfIndex(m: number, index: number): number {
  return CLASS_OF[m][index];
}

/** R16: may `card` (held in `hand`) be played on a trick whose first card is `led` (null = leading)? */
export function mayPlay(hand: readonly Card[], led: Card | null, card: Card, mode: PlayMode): boolean {
  if (led === null) return true;
  const m = MODE_INDEX[mode];
  const ledClass = CLASS_OF[m][cardIndex(led)];
  return CLASS_OF[m][cardIndex(card)] === ledClass || !holdsClass(hand, ledClass, m);
}

/** R16: every card of `hand` that may be played on the trick begun by `led`. */
export function playableCards(hand: readonly Card[], led: Card | null, mode: PlayMode): Card[] {
  if (led === null) return hand.slice();
  const m = MODE_INDEX[mode];
  const ledClass = CLASS_OF[m][cardIndex(led)];
  const following = hand.filter((c) => CLASS_OF[m][cardIndex(c)] === ledClass);
  return following.length ? following : hand.slice();
}

/** R17: position (0..2) in `cards` (in playing order) of the card that takes the trick. */
export function trickWinnerPosition(cards: readonly Card[], mode: PlayMode): number {
  return winnerPositionByIndex(cards, MODE_INDEX[mode]);
}

export function winnerPositionByIndex(cards: readonly Card[], m: number): number {
  const classOf = CLASS_OF[m];
  const power = POWER[m];
  let best = 0;
  let bestIdx = cardIndex(cards[0]);
  for (let i = 1; i < cards.length; i++) {
    const idx = cardIndex(cards[i]);
    const cls = classOf[idx];
    const bestCls = classOf[bestIdx];
    // A card beats the best so far if it is a trump over a non-trump, or the same class and higher.
    if ((cls === TRUMP_CLASS && bestCls !== TRUMP_CLASS) || (cls === bestCls && power[idx] > power[bestIdx])) {
      best = i;
      bestIdx = idx;
    }
  }
  return best;
}

/** winnerPositionByIndex for a full trick given as three card indices (the engine's hot path). */
export function winnerPositionOfThree(a: number, b: number, c: number, m: number): number {
  const classOf = CLASS_OF[m];
  const power = POWER[m];
  let best = 0;
  let bestIdx = a;
  for (let i = 1; i < 3; i++) {
    const idx = i === 1 ? b : c;
    const cls = classOf[idx];
    const bestCls = classOf[bestIdx];
    if ((cls === TRUMP_CLASS && bestCls !== TRUMP_CLASS) || (cls === bestCls && power[idx] > power[bestIdx])) {
      best = i;
      bestIdx = idx;
    }
  }
  return best;
}

/** R1: the card points in a trick. */
export function trickPoints(cards: readonly Card[]): number {
  let total = 0;
  for (let i = 0; i < cards.length; i++) total += pointsOfIndex(cardIndex(cards[i]));
  return total;
}

/** "trumps" or the suit word, for messages. */
export function classWord(cls: number): string {
  return cls === TRUMP_CLASS ? 'trumps' : SUIT_WORDS[SUITS[cls]];
}

/**
 * R16 explanation of a failure to follow, e.g.
 * "middlehand must follow hearts (holds HK); HJ is a trump in a diamonds game".
 */
export function followSuitReason(who: string, hand: readonly Card[], led: Card, card: Card, mode: PlayMode): string {
  const m = MODE_INDEX[mode];
  const ledClass = CLASS_OF[m][cardIndex(led)];
  const holds = hand.filter((c) => CLASS_OF[m][cardIndex(c)] === ledClass);
  const cardClassNow = CLASS_OF[m][cardIndex(card)];
  const gameWords = mode === 'ramsch' ? 'in Ramsch' : `in a ${mode} game`;
  let why: string;
  if (cardClassNow === TRUMP_CLASS && suitOf(card) === SUITS[ledClass]) why = `${card} is a trump ${gameWords}`;
  else if (cardClassNow === TRUMP_CLASS) why = `${card} is a trump`;
  else if (ledClass === TRUMP_CLASS) why = `${card} is not a trump ${gameWords}`;
  else why = `${card} is ${classWord(cardClassNow)}`;
  return `${who} must follow ${classWord(ledClass)} (holds ${holds.join(', ')}); ${why}`;
}
