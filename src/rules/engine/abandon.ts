import { notScoreableResult } from '../game-end';
import type { GameState } from '../game-state';
import { inputText } from '../input-text';
import type { Move } from '../move';
import { allow, refuse, type Judgement } from '../../kernel/refusal';
import { isSeat } from '../seat';
import { update, withMove } from './draft';
import { isOver, notNow, who } from './move-checks';

// ---------------------------------------------------------------- abandon (D3)

const ABANDON_WORDS: Record<string, string> = { misdeal: 'misdeal (R4)', timeout: 'time-out', left: 'a player left the table' };

export function abandon(state: GameState, move: Extract<Move, { kind: 'abandon' }>): Judgement<GameState> {
  if (isOver(state)) return notNow(state, 'D3', 'abandoning the deal');
  if (typeof move.reason !== 'string' || !Object.hasOwn(ABANDON_WORDS, move.reason))
    return refuse('D3', `"${inputText(move.reason)}" is not a reason to abandon a deal (misdeal, timeout, left)`);
  if (move.seat !== undefined && !isSeat(move.seat)) return refuse('D3', `seat ${inputText(move.seat)} is not 0, 1 or 2`);
  const reason = abandonReasonText(move);
  const stopped: GameState = update(state, { phase: 'abandoned', abandonReason: reason, moves: withMove(state.moves, move) });
  return allow(update(stopped, { result: notScoreableResult(state, reason) }));
}

/** The words a not-scoreable result gives for an abandonment (D3). */
export function abandonReasonText(move: Extract<Move, { kind: 'abandon' }>): string {
  return `${ABANDON_WORDS[move.reason]}${move.seat === undefined ? '' : ` (${who(move.seat)})`}`;
}

/** Whether a reason is one a deal can be abandoned for (D3). */
export const isAbandonReason = (reason: unknown): boolean => typeof reason === 'string' && Object.hasOwn(ABANDON_WORDS, reason);
