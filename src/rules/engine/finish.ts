import { type EndedBy, scoringFactsOf } from '../game-end';
import type { GameState } from '../game-state';
import { ramschResult } from '../ramsch';
import { scoreGame } from '../scoring';
import { update } from './draft';
import { currentScoreOptions } from './score-options';

/** Ends play and fills the result: scoreGame for a declarer game (R22-R33), R42 for Ramsch. */
export function finish(state: GameState, endedBy: EndedBy): GameState {
  if (state.declarer === null) {
    return update(state, { phase: 'finished', endedBy, result: ramschResult(state.tricks, state.skat) });
  }
  const ended: GameState = update(state, { phase: 'finished', endedBy });
  return update(ended, { result: scoreGame(scoringFactsOf(ended, endedBy), state.profile, currentScoreOptions()) });
}
