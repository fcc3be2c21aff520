import { ALL_CARDS, type Card, type Suit, SUITS, sumPoints } from '../../src/rules/card';
import type { Seat } from '../../src/rules/seat';
import type { SolverGame, SolverPosition } from '../../src/analysis/solver-position';
import { seededRandom } from '../iss/random-games';

/**
 * The analysis bench's corpus: seeded deals of every kind of game (grand, suit, null), each of
 * three families: random (any ten cards for the declarer), typical (the declarer's hand as
 * typical-deals.ts has it: grand >= 2 jacks and 2 aces, suit >= 6 trumps incl. a jack, null
 * <= 2 of A/K/Q/J) and strong (grand >= 3 jacks and >= 3 aces; suit >= 7 trumps incl. 2 jacks;
 * null no A/K/Q/J and at most one ten): strong hands are where the declarer takes (nearly) every
 * trick, the deals the null-window driver used to need many passes for. Each deal's id names its
 * seed and family, so one deal can be run again alone (ID=suit-strong-7).
 */
export type CorpusFamily = 'random' | 'typical' | 'strong';

export interface CorpusDeal {
  readonly id: string;
  readonly kind: SolverGame;
  readonly family: CorpusFamily;
  readonly position: SolverPosition;
  /** The declarer's two skat cards (counted in declarerPoints except in null). */
  readonly skat: readonly [Card, Card];
}

function shuffled(rand: () => number): Card[] {
  const deck = ALL_CARDS.slice();
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}

const count = (hand: readonly Card[], f: (c: Card) => boolean): number => hand.filter(f).length;

function fits(kind: SolverGame, family: CorpusFamily, hand: readonly Card[], trump: Suit): boolean {
  if (family === 'random') return true;
  const jacks = count(hand, (c) => c[1] === 'J');
  const aces = count(hand, (c) => c[1] === 'A');
  const trumps = count(hand, (c) => c[1] === 'J' || c[0] === trump);
  const high = count(hand, (c) => 'AKQJ'.includes(c[1]));
  if (family === 'typical') {
    if (kind === 'grand') return jacks >= 2 && aces >= 2;
    if (kind === 'suit') return jacks >= 1 && trumps >= 6;
    return high <= 2;
  }
  if (kind === 'grand') return jacks >= 3 && aces >= 3;
  if (kind === 'suit') return jacks >= 2 && trumps >= 7;
  return high === 0 && count(hand, (c) => c[1] === 'T') <= 1;
}

/** One deal of a kind and family from its seed (the first shuffle that fits, forehand to lead). */
export function corpusDeal(kind: SolverGame, family: CorpusFamily, seed: number): CorpusDeal {
  const rand = seededRandom(seed * 7919 + kind.length * 31 + family.length);
  for (;;) {
    const deck = shuffled(rand);
    const declarer = Math.floor(rand() * 3) as Seat;
    const trump = SUITS[Math.floor(rand() * 4)];
    const hands: [Card[], Card[], Card[]] = [deck.slice(0, 10), deck.slice(10, 20), deck.slice(20, 30)];
    if (!fits(kind, family, hands[declarer], trump)) continue;
    const skat: [Card, Card] = [deck[30], deck[31]];
    return {
      id: `${kind}-${family}-${seed}`,
      kind,
      family,
      skat,
      position: {
        game: kind,
        ...(kind === 'suit' ? { trump } : {}),
        declarer,
        hands,
        trick: [],
        toMove: 0,
        declarerPoints: kind === 'null' ? 0 : sumPoints(skat),
        defenderPoints: kind === 'null' ? sumPoints(skat) : 0,
        declarerTricks: 0,
        defenderTricks: 0,
      },
    };
  }
}

export const CORPUS_KINDS: readonly SolverGame[] = ['grand', 'suit', 'null'];
export const CORPUS_FAMILIES: readonly CorpusFamily[] = ['random', 'typical', 'strong'];

/** `perFamily` deals of each kind and family (seeds 1..perFamily). */
export function corpusDeals(perFamily: number): CorpusDeal[] {
  const out: CorpusDeal[] = [];
  for (const kind of CORPUS_KINDS) for (const family of CORPUS_FAMILIES) for (let s = 1; s <= perFamily; s++) out.push(corpusDeal(kind, family, s));
  return out;
}

export { seededRandom };
