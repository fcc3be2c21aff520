import type { Card, Suit } from '../rules/card';
import type { Seat } from '../rules/seat';

/** The three kinds of play the solver knows: a suit game (with its trump suit), grand, null. */
export type SolverGame = 'suit' | 'grand' | 'null';

/**
 * A position of the card play with every card known (perfect information): what each seat still
 * holds, the trick on the table, whose turn it is, and what has been won so far. The solver only
 * ever looks forward from here, so the cards already played matter only through these totals.
 */
export interface SolverPosition {
  readonly game: SolverGame;
  /** The trump suit of a suit game; absent for grand and null. */
  readonly trump?: Suit;
  readonly declarer: Seat;
  /** Cards still held, by seat (0 forehand, 1 middlehand, 2 rearhand; R2). */
  readonly hands: readonly [readonly Card[], readonly Card[], readonly Card[]];
  /** The current trick in play order, 0-2 cards (a completed trick is never "current"). */
  readonly trick: readonly { readonly seat: Seat; readonly card: Card }[];
  /** The seat that plays the next card. */
  readonly toMove: Seat;
  /** R22: the skat (the discards, or the untouched skat in a hand game) plus the tricks won. */
  readonly declarerPoints: number;
  readonly defenderPoints: number;
  readonly declarerTricks: number;
  readonly defenderTricks: number;
}
