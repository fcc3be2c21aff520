/**
 * The play engine: a pure fold of moves over a deal (R4-R21, D3, R40, R42). Each call returns a
 * new state or a refusal naming the rule; the given state is never changed. States are shallow
 * copies that share every array a move does not change; replayMoves folds a whole record with one
 * working state changed in place, for verifying many records fast.
 */
export type { DealtCards } from './dealing';
export { startGame } from './engine/start-game';
export { seatToAct } from './engine/turn';
export { applyMove } from './engine/apply-move';
export { legalMoves } from './engine/legal-moves';
export { replayMoves, replay, type ReplayFailure, type ReplayOptions } from './engine/replay';
export { describeMove } from './engine/describe-move';
export { TRUMP_CLASS } from './trick';
