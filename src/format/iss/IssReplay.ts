import { replayMoves } from '../../rules/game';
import type { GameState } from '../../rules/game-state';
import type { RuleProfile } from '../../rules/variant/rule-profile';
import { issTokensToMoves } from './IssMoves';
import type { IssRecord, IssToken } from './IssRecord';
import { serverPenaltyReason } from './IssResult';
import { writeToken } from './IssWriter';

/**
 * A record replayed through the engine:
 * - `decided`: the engine finished the deal (played out, decided early, or passed in); compare it;
 * - `notScoreable`: time-out, departure, server penalty or an unknown card (D3): stored and
 *   replayed as far as possible, never scored;
 * - `malformed`: the moves break a rule or end before the game is decided; the reason names the
 *   move and the rule.
 */
export type IssReplayOutcome =
  | { readonly kind: 'decided'; readonly state: GameState }
  | { readonly kind: 'notScoreable'; readonly reason: string; readonly state: GameState | null }
  | { readonly kind: 'malformed'; readonly reason: string };

export function replayIssRecord(record: IssRecord, profile: RuleProfile): IssReplayOutcome {
  const converted = issTokensToMoves(record.moves);
  if (!converted.ok) {
    return malformed(record.moves, converted.tokenIndex, converted.ruleId, converted.reason);
  }
  const { dealt, moves, tokenOfMove, unknownCardAt } = converted.value;
  // The engine's in-place fold: same rules and refusals as applying the moves one by one.
  const replayed = replayMoves(dealt, moves, profile);
  if (!replayed.ok) {
    const at = replayed.index < 0 ? 0 : tokenOfMove[replayed.index];
    return malformed(record.moves, at, replayed.refusal.ruleId, replayed.refusal.reason);
  }
  const state = replayed.value;

  // Every time-out or departure token became an abandon move, which ends in phase 'abandoned';
  // only a replay cut short by an unknown card can leave one unapplied. Otherwise no scan needed.
  const abandon = state.phase === 'abandoned' || unknownCardAt !== null ? abandonReason(record.moves) : null;
  if (abandon) return { kind: 'notScoreable', reason: abandon, state };
  const penalty = record.result ? serverPenaltyReason(record.result) : null;
  if (penalty) return { kind: 'notScoreable', reason: penalty, state };
  if (unknownCardAt !== null) {
    return { kind: 'notScoreable', reason: `move ${unknownCardAt + 1} plays an unknown card (??): the rest cannot be replayed (D3)`, state };
  }
  if (state.phase === 'abandoned') return { kind: 'notScoreable', reason: state.abandonReason ?? 'abandoned (D3)', state };
  if (state.result === null || (state.phase !== 'finished' && state.phase !== 'passedIn')) {
    return { kind: 'malformed', reason: `the moves end before the game is decided (phase ${state.phase}, ${state.tricks.length} tricks complete): the record is truncated` };
  }
  return { kind: 'decided', state };
}

/** D3: a time-out or a departure makes a record a server-penalty record. */
function abandonReason(tokens: readonly IssToken[]): string | null {
  for (const t of tokens) {
    if (t.kind === 'timeout') return `seat ${t.seat} ran out of time (w TI.${t.seat}): server penalty, not scored by the rules (D3)`;
    if (t.kind === 'left') return `seat ${t.seat} left the table (w LE.${t.seat}): server penalty, not scored by the rules (D3)`;
  }
  return null;
}

function malformed(tokens: readonly IssToken[], at: number, ruleId: string | null, reason: string): IssReplayOutcome {
  const token = tokens[at];
  const where = !token ? `move ${at + 1}` : token.kind === 'deal' || token.kind === 'liveDeal' ? 'move 1 (the deal)' : `move ${at + 1} "${writeToken(token)}"`;
  return { kind: 'malformed', reason: `${where}: ${ruleId ? `${ruleId}: ` : ''}${reason}` };
}
