import { type Card, type Suit, SUITS, cardIndex, cardPoints } from '../rules/card';
import { type EqualRun, TRUMP_GAME_RUNS, runPairs } from './position-key';
import type { SolverGame } from './solver-position';

/**
 * How the solver numbers the 32 cards for one kind of game (R16/R17 as bit positions): each
 * class (a plain suit, or the trumps) is one contiguous run of bits, lowest card in the lowest
 * bit. Then "the cards of the led class" is one AND, and a card beats the best card so far when
 * it is of the same class or a trump, and sits on a higher bit: trumps take the top bits.
 */
export interface CardLayout {
  readonly game: SolverGame;
  readonly trump: Suit | null;
  /** Solver bit (0..31) of each engine card index (ALL_CARDS order). */
  readonly bitOfCardIndex: Int8Array;
  /** The card on each solver bit. */
  readonly cardOfBit: readonly Card[];
  /** R1 card points on each bit. */
  readonly pointsOfBit: Int8Array;
  /** The mask of the class each bit belongs to (its suit, or all trumps). */
  readonly classMaskOfBit: Int32Array;
  /** All trumps (0 in null). */
  readonly trumpMask: number;
  /** Runs of adjacent cards of one class worth the same (see position-key), and their bits. */
  readonly equalRuns: readonly EqualRun[];
  readonly equalRunsMask: number;
  /** equalRuns as packedHands takes them (position-key runPairs). */
  readonly runPairs: Int32Array;
}

// Power order within a class, lowest first (R17).
const PLAIN_ORDER = ['7', '8', '9', 'Q', 'K', 'T', 'A'] as const;
const NULL_ORDER = ['7', '8', '9', 'T', 'J', 'Q', 'K', 'A'] as const;
const JACKS_LOW_FIRST: readonly Card[] = ['DJ', 'HJ', 'SJ', 'CJ'];

function build(game: SolverGame, trump: Suit | null): CardLayout {
  const order: Card[] = [];
  const classes: number[][] = [];
  const addClass = (cards: Card[]) => {
    classes.push(cards.map((_, k) => order.length + k));
    order.push(...cards);
  };
  if (game === 'null') {
    for (const s of SUITS) addClass(NULL_ORDER.map((r) => `${s}${r}` as Card));
  } else {
    for (const s of SUITS) if (s !== trump) addClass(PLAIN_ORDER.map((r) => `${s}${r}` as Card));
    const trumps: Card[] = trump ? PLAIN_ORDER.map((r) => `${trump}${r}` as Card) : [];
    addClass([...trumps, ...JACKS_LOW_FIRST]);
  }
  if (order.length !== 32) throw new Error('card layout must place 32 cards');
  const bitOfCardIndex = new Int8Array(32);
  const pointsOfBit = new Int8Array(32);
  const classMaskOfBit = new Int32Array(32);
  order.forEach((card, bit) => {
    bitOfCardIndex[cardIndex(card)] = bit;
    pointsOfBit[bit] = cardPoints(card);
  });
  let trumpMask = 0;
  classes.forEach((bits, k) => {
    let mask = 0;
    for (const b of bits) mask |= 1 << b;
    for (const b of bits) classMaskOfBit[b] = mask;
    if (game !== 'null' && k === classes.length - 1) trumpMask = mask;
  });
  // Adjacent bits of one class with equal points (R1): 7-8-9 of a suit, the jacks, a null suit.
  const equalRuns: EqualRun[] = [];
  for (let b = 0; b < 32;) {
    let e = b + 1;
    while (e < 32 && classMaskOfBit[e] === classMaskOfBit[b] && (game === 'null' || pointsOfBit[e] === pointsOfBit[b])) e++;
    if (e - b >= 2) equalRuns.push({ shift: b, width: e - b });
    b = e;
  }
  let equalRunsMask = 0;
  for (const r of equalRuns) {
    if (r.width > 4 && r.width !== 8) throw new Error('an equal run is 2-4 or 8 cards');
    equalRunsMask |= ((1 << r.width) - 1) << r.shift;
  }
  const pairs = runPairs(equalRuns);
  // The value search packs a suit or grand position with packedTrumpGameHands, which knows these runs.
  if (game !== 'null' && pairs.join() !== TRUMP_GAME_RUNS.join()) throw new Error('a suit or grand layout has the runs of TRUMP_GAME_RUNS');
  return { game, trump, bitOfCardIndex, cardOfBit: order, pointsOfBit, classMaskOfBit, trumpMask, equalRuns, equalRunsMask, runPairs: pairs };
}

const LAYOUTS = new Map<string, CardLayout>();

export function cardLayout(game: SolverGame, trump: Suit | null | undefined): CardLayout {
  const t = game === 'suit' ? (trump ?? null) : null;
  if (game === 'suit' && t === null) throw new RangeError('a suit game needs its trump suit');
  const key = `${game}${t ?? ''}`;
  let layout = LAYOUTS.get(key);
  if (!layout) {
    layout = build(game, t);
    LAYOUTS.set(key, layout);
  }
  return layout;
}

/** The mask of some cards in a layout. */
export function maskOf(layout: CardLayout, cards: readonly Card[]): number {
  let m = 0;
  for (const c of cards) m |= 1 << layout.bitOfCardIndex[cardIndex(c)];
  return m;
}

/** The cards of a mask, highest bit first. */
export function cardsOf(layout: CardLayout, mask: number): Card[] {
  const out: Card[] = [];
  for (let m = mask; m !== 0;) {
    const bit = 31 - Math.clz32(m);
    out.push(layout.cardOfBit[bit]);
    m &= ~(1 << bit);
  }
  return out;
}
