/**
 * Perfect-information analysis of Skat positions (pure: no Nest, no I/O). See docs/analysis.md.
 */
export type { SolverGame, SolverPosition } from './solver-position';
export type { GameContract } from './game-contract';
export { checkPosition } from './position-check';
export { positionAfter, positionFromMoves, type PositionResult } from './position-from-moves';
export { Solver, type SolverOptions, type SolverStats } from './solver';
export {
  declarerCanTakeAll,
  defaultSolver,
  defendersCanTakeTrick,
  solveNull,
  solveValue,
  wonLost,
  type MoveValue,
  type NullMove,
  type NullSolution,
  type ValueSolution,
} from './solve';
export { gameVerdict, moveVerdicts, requirementOf, type GameVerdict, type MoveVerdict, type Requirement } from './game-verdict';
export { bestDiscard, discardsOf, positionAfterDiscard, type BestDiscard, type DiscardProblem, type DiscardValue } from './best-discard';
export { bestGame, type BestGameProblem, type GameOption } from './best-game';
