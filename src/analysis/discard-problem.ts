import type { Card, Suit } from '../rules/card';
import type { Seat } from '../rules/seat';
import type { SolverGame } from './solver-position';

/** The declarer's twelve cards (his ten and the skat) before he discards, with both defenders' hands. */
export interface DiscardProblem {
  readonly game: SolverGame;
  readonly trump?: Suit;
  readonly declarer: Seat;
  /** By seat; the declarer's entry holds his 12 cards, the others 10 each. */
  readonly hands: readonly [readonly Card[], readonly Card[], readonly Card[]];
}
