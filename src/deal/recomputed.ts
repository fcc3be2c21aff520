import type { GameResult } from '../rules/game-result';
import { scoreEnteredResult } from '../rules/result-entry';
import type { DealState } from './deal-state';

/**
 * The result the engine derives now from what a deal recorded: its play (card by card), or the
 * facts entered for a result-only deal. Null while the deal is open; throws when the engine refuses
 * the recorded facts (the caller reports that as the deal's problem).
 */
export function recomputedResult(state: DealState): GameResult | null {
  if (state.game) return state.game.result ?? null;
  if (state.entered && state.profile) {
    const scored = scoreEnteredResult(state.entered, state.profile);
    if (!scored.ok) throw new Error(`the entered result is refused now: ${scored.refusal.ruleId} ${scored.refusal.reason}`);
    return scored.value;
  }
  return null;
}
