import type { Card } from '../rules/card';
import { cardLayout, maskOf } from './card-layout';
import { checkPosition } from './position-check';
import { Solver } from './solver';
import type { SolverPosition } from './solver-position';

/** One legal card and what it leads to under perfect play. */
export interface MoveValue {
  readonly card: Card;
  /** The declarer's final card points (skat and tricks won so far included). */
  readonly value: number;
}

export interface ValueSolution {
  /** Suit/grand: the declarer's final card points under perfect play (declarer maximises). */
  readonly value: number;
  /** Every legal card of the side to move, in the order of its hand. */
  readonly moves: readonly MoveValue[];
}

export interface NullMove {
  readonly card: Card;
  readonly won: boolean;
}

export interface NullSolution {
  /** R18: the declarer can make sure he takes none of the remaining tricks. */
  readonly won: boolean;
  readonly moves: readonly NullMove[];
}

let shared: Solver | null = null;

/** The solver these functions use when none is given: one per process, made on first use. */
export function defaultSolver(): Solver {
  if (!shared) shared = new Solver();
  return shared;
}

/** The legal cards of the side to move, each with the bit of the card that stands for it. */
function legalWithRepresentatives(solver: Solver, pos: SolverPosition): Array<{ card: Card; rep: number }> {
  const layout = cardLayout(pos.game, pos.trump);
  const reps = solver.representatives();
  const out: Array<{ card: Card; rep: number }> = [];
  for (const card of pos.hands[pos.toMove]) {
    const bit = 31 - Math.clz32(maskOf(layout, [card]));
    const rep = reps.get(bit);
    if (rep !== undefined) out.push({ card, rep });
  }
  return out;
}

/**
 * Suit and grand: the declarer's final card points under perfect play of both sides with all
 * cards open (declarer maximises, defenders minimise), every remaining trick played out, and the
 * same for each legal card played now. `expected`, when known (the value of the position before,
 * after the card the record played), is only the first guess of the search: every answer stays exact.
 */
export function solveValue(pos: SolverPosition, solver: Solver = defaultSolver(), expected?: number): ValueSolution {
  checkPosition(pos);
  if (pos.game === 'null') throw new RangeError('solveValue is for suit and grand games; use solveNull');
  solver.load(pos);
  if (solver.cardsLeft === 0 && pos.trick.length === 0) return { value: pos.declarerPoints, moves: [] };
  const legal = legalWithRepresentatives(solver, pos);
  const valueOfRep = new Map<number, number>();
  const maximising = pos.toMove === pos.declarer;
  // A guess of the final value; each card's value is the guess for the next card.
  let guess: number | undefined = expected === undefined ? undefined : expected - pos.declarerPoints;
  let best = maximising ? -1 : 1000;
  for (const { rep } of legal) {
    if (valueOfRep.has(rep)) continue;
    const saved = solver.play(rep);
    const gain = solver.trickJustCompleted ? solver.gainOfLastPlay : 0;
    const future = solver.exactFuture(guess === undefined ? undefined : guess - gain);
    solver.undo(rep, saved);
    const v = pos.declarerPoints + gain + future;
    guess = gain + future;
    valueOfRep.set(rep, v);
    best = maximising ? Math.max(best, v) : Math.min(best, v);
  }
  return { value: best, moves: legal.map(({ card, rep }) => ({ card, value: valueOfRep.get(rep) as number })) };
}

/** Null: can the declarer avoid every remaining trick, and can he after each legal card? */
export function solveNull(pos: SolverPosition, solver: Solver = defaultSolver()): NullSolution {
  checkPosition(pos);
  if (pos.game !== 'null') throw new RangeError('solveNull is for null games; use solveValue');
  solver.load(pos);
  const legal = legalWithRepresentatives(solver, pos);
  if (pos.declarerTricks > 0) return { won: false, moves: legal.map(({ card }) => ({ card, won: false })) };
  if (legal.length === 0) return { won: true, moves: [] };
  const wonOfRep = new Map<number, boolean>();
  for (const { rep } of legal) {
    if (wonOfRep.has(rep)) continue;
    const saved = solver.play(rep);
    const lostNow = solver.trickJustCompleted && solver.winnerOfLastTrick === pos.declarer;
    const won = !lostNow && solver.nullWon();
    solver.undo(rep, saved);
    wonOfRep.set(rep, won);
  }
  const moves = legal.map(({ card, rep }) => ({ card, won: wonOfRep.get(rep) as boolean }));
  const won = pos.toMove === pos.declarer ? moves.some((m) => m.won) : moves.every((m) => m.won);
  return { won, moves };
}

/** Can the declarer win every trick not yet completed (the one on the table included), whatever the defenders play? */
export function declarerCanTakeAll(pos: SolverPosition, solver: Solver = defaultSolver()): boolean {
  checkPosition(pos);
  solver.load(pos);
  return solver.takeAll();
}

/** Can the defenders win at least one of the tricks not yet completed, whatever the declarer plays? */
export function defendersCanTakeTrick(pos: SolverPosition, solver: Solver = defaultSolver()): boolean {
  return !declarerCanTakeAll(pos, solver);
}

/**
 * Null-window verdict: does the declarer end with at least `target` card points (skat and tricks
 * so far included) under perfect play? Cheaper than the exact value.
 */
export function wonLost(pos: SolverPosition, target: number, solver: Solver = defaultSolver()): boolean {
  checkPosition(pos);
  if (pos.game === 'null') throw new RangeError('wonLost counts card points: for null games use solveNull');
  solver.load(pos);
  return solver.futureAtLeast(target - pos.declarerPoints);
}
