import type { Card } from './card';
import { scoringFactsOf } from './game-end';
import type { GameState } from './game-state';
import { scoreGame } from './scoring';
import type { Seat } from './seat';

/**
 * R20: `seat` failed to follow suit with `card` (found when the cards are known, e.g. at the end of
 * a deal recorded as seen): the game ends before that card, and the offending party loses unless the
 * other had already decided it. `state` is the deal just before the card, in play.
 */
export function endByRevoke(state: GameState, seat: Seat, card: Card): GameState {
  const declarer = state.declarer as Seat;
  let defenderPoints = 0;
  for (const t of state.tricks) if (t.winner !== declarer) defenderPoints += t.points;
  const by = seat === declarer ? 'declarer' : 'defenders';
  const facts = { ...scoringFactsOf(state, 'revoke'), revoke: { by, defenderPoints } as const };
  const result = scoreGame(facts, state.profile);
  const derivation = [{ ruleId: 'R20', text: `seat ${seat} played ${card} without following suit in trick ${state.tricks.length + 1}` }, ...result.derivation];
  return { ...state, phase: 'finished', endedBy: 'revoke', result: { ...result, derivation } };
}
