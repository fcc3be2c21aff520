import { ALL_CARDS, type Card, type Suit, SUITS, sumPoints } from '../../src/rules/card';
import type { Seat } from '../../src/rules/seat';
import type { SolverPosition } from '../../src/analysis/solver-position';
export { seededRandom } from '../iss/random-games';

/**
 * Seeded "typical declarer hands" for benchmarks and tests (the Performance section):
 * grand with at least 2 jacks and 2 aces; a suit game with at least 6 trumps including a jack;
 * null with at most 2 of A/K/Q/J. The declarer's 10 cards are checked (the skat holds his
 * discards, counted for him); forehand leads.
 */
export type TypicalKind = 'grand' | 'suit' | 'null';

function shuffled(rand: () => number): Card[] {
  const deck = ALL_CARDS.slice();
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}

function typical(kind: TypicalKind, hand: readonly Card[], trump: Suit): boolean {
  const jacks = hand.filter((c) => c[1] === 'J').length;
  if (kind === 'grand') return jacks >= 2 && hand.filter((c) => c[1] === 'A').length >= 2;
  if (kind === 'suit') return jacks >= 1 && hand.filter((c) => c[1] === 'J' || c[0] === trump).length >= 6;
  return hand.filter((c) => 'AKQJ'.includes(c[1])).length <= 2;
}

export interface TypicalDeal {
  readonly position: SolverPosition;
  /** The two skat cards (the declarer's, counted in declarerPoints). */
  readonly skat: readonly [Card, Card];
}

export function typicalDeal(kind: TypicalKind, rand: () => number): TypicalDeal {
  for (;;) {
    const deck = shuffled(rand);
    const declarer = Math.floor(rand() * 3) as Seat;
    const trump = SUITS[Math.floor(rand() * 4)];
    const hands: [Card[], Card[], Card[]] = [deck.slice(0, 10), deck.slice(10, 20), deck.slice(20, 30)];
    if (!typical(kind, hands[declarer], trump)) continue;
    const skat: [Card, Card] = [deck[30], deck[31]];
    const skatPoints = sumPoints(skat);
    return {
      skat,
      position: {
        game: kind,
        ...(kind === 'suit' ? { trump } : {}),
        declarer,
        hands,
        trick: [],
        toMove: 0,
        declarerPoints: kind === 'null' ? 0 : skatPoints,
        defenderPoints: 0,
        declarerTricks: 0,
        defenderTricks: 0,
      },
    };
  }
}
