/**
 * The one place the deal decider touches the rules engine, so that a renamed engine export is a
 * one-file change here.
 */
export { startGame, applyMove, legalMoves, seatToAct, replayMoves } from '../rules/game';
export { getProfile, DEFAULT_PROFILE_ID } from '../rules/variant';
export { abandonReasonText, isAbandonReason } from '../rules/engine/abandon';
