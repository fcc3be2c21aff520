import { applyMove, replayMoves, type ReplayOptions } from '../../rules/game';
import type { GameState } from '../../rules/game-state';
import type { Move } from '../../rules/move';
import type { RuleProfile } from '../../rules/variant/rule-profile';
import { issTokensToMoves } from './iss-moves';
import type { IssRecord, IssToken } from './iss-record';
import { issAbandonReason, serverPenaltyReason } from './iss-result';
import { writeToken } from './iss-writer';

/**
 * A record replayed through the engine:
 * - `decided`: the engine finished the deal (played out, decided early, or passed in); compare it;
 * - `notScoreable`: time-out, departure or server penalty (D3): stored and replayed as far as
 *   possible, never scored. `unreplayed` says which moves before the time-out or departure could
 *   not be replayed (a `??` card, a declaration cut short), or is null;
 * - `malformed`: the moves break a rule, go on after the end of the deal, or end before it is
 *   decided; the reason names the move and the rule.
 */
export type IssReplayOutcome =
  | { readonly kind: 'decided'; readonly state: GameState }
  | { readonly kind: 'notScoreable'; readonly reason: string; readonly state: GameState | null; readonly unreplayed: string | null }
  | { readonly kind: 'malformed'; readonly reason: string };

export function replayIssRecord(record: IssRecord, profile: RuleProfile, options?: ReplayOptions): IssReplayOutcome {
  const tokens = record.moves;
  const converted = issTokensToMoves(tokens);
  if (!converted.ok) {
    return malformed(tokens, converted.tokenIndex, converted.ruleId, converted.reason);
  }
  const { dealt, moves, tokenOfMove, unknownCardAt } = converted.value;
  // The engine's in-place fold: same rules and refusals as applying the moves one by one.
  const replayed = replayMoves(dealt, moves, profile, options);
  let state: GameState;
  let unreplayed: string | null = null;
  if (!replayed.ok || unknownCardAt !== null) {
    // D3: a record ending in a time-out or a departure may hold moves the engine cannot replay
    // just before it (a `??` card, a declaration without its discards): those are skipped up to
    // the abandonment. Anywhere else the first such move makes the record malformed.
    const stopToken = replayed.ok ? (unknownCardAt as number) : replayed.index < 0 ? 0 : tokenOfMove[replayed.index];
    const why = replayed.ok
      ? `move ${stopToken + 1} plays an unknown card (??)`
      : describeAt(tokens, stopToken, replayed.refusal.ruleId, replayed.refusal.reason);
    const abandonAt = abandonTokenAfter(tokens, stopToken);
    if (abandonAt < 0 || (replayed.ok === false && replayed.index < 0)) {
      return { kind: 'malformed', reason: replayed.ok ? `${why} and no time-out or departure follows: the rest cannot be replayed` : why };
    }
    const kept = replayed.ok ? moves : moves.slice(0, replayed.index);
    const upTo = replayMoves(dealt, kept, profile, options);
    if (!upTo.ok) return malformed(tokens, tokenOfMove[upTo.index], upTo.refusal.ruleId, upTo.refusal.reason); // cannot happen: a prefix of the moves
    const t = tokens[abandonAt] as Extract<IssToken, { kind: 'timeout' | 'left' }>;
    const abandonMove: Move = { kind: 'abandon', reason: t.kind, seat: t.seat };
    const abandoned = applyMove(upTo.value, abandonMove);
    if (!abandoned.ok) return malformed(tokens, abandonAt, abandoned.refusal.ruleId, abandoned.refusal.reason);
    if (abandonAt + 1 < tokens.length) return afterEnd(tokens, abandonAt + 1, abandoned.value);
    state = abandoned.value;
    unreplayed = `${abandonAt > stopToken + 1 ? `moves ${stopToken + 1}-${abandonAt}` : `move ${stopToken + 1}`} not replayed (${why}): the record ends in a time-out or departure`;
  } else {
    state = replayed.value;
  }

  // Every time-out or departure token became an abandon move, which ends in phase 'abandoned'.
  if (state.phase === 'abandoned') {
    return { kind: 'notScoreable', reason: abandonReason(tokens) ?? state.abandonReason ?? 'abandoned (D3)', state, unreplayed };
  }
  const penalty = record.result ? serverPenaltyReason(record.result) : null;
  if (penalty) return { kind: 'notScoreable', reason: penalty, state, unreplayed };
  if (state.result === null || (state.phase !== 'finished' && state.phase !== 'passedIn')) {
    return {
      kind: 'malformed',
      reason: `the moves end before the game is decided (phase ${state.phase}, ${state.tricks.length} tricks complete): the record is truncated`,
    };
  }
  return { kind: 'decided', state };
}

/** The first time-out or departure token after `from`, or -1. */
function abandonTokenAfter(tokens: readonly IssToken[], from: number): number {
  for (let i = from + 1; i < tokens.length; i++) if (tokens[i].kind === 'timeout' || tokens[i].kind === 'left') return i;
  return -1;
}

/** A move after the deal is over: the record is malformed (import and verify alike). */
function afterEnd(tokens: readonly IssToken[], at: number, state: GameState): IssReplayOutcome {
  return malformed(tokens, at, 'D3', `the deal is already over (${state.phase}): a record ends with its deal`);
}

/** D3: a time-out or a departure makes a record a server-penalty record. */
function abandonReason(tokens: readonly IssToken[]): string | null {
  for (const t of tokens) if (t.kind === 'timeout' || t.kind === 'left') return issAbandonReason(t.kind, t.seat);
  return null;
}

function describeAt(tokens: readonly IssToken[], at: number, ruleId: string | null, reason: string): string {
  const token = tokens[at];
  const where = !token ? `move ${at + 1}` : token.kind === 'deal' || token.kind === 'liveDeal' ? 'move 1 (the deal)' : `move ${at + 1} "${writeToken(token)}"`;
  return `${where}: ${ruleId ? `${ruleId}: ` : ''}${reason}`;
}

function malformed(tokens: readonly IssToken[], at: number, ruleId: string | null, reason: string): IssReplayOutcome {
  return { kind: 'malformed', reason: describeAt(tokens, at, ruleId, reason) };
}
