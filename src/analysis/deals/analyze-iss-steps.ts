import { issTokensToMoves } from '../../format/iss/iss-moves';
import { readIssRecord } from '../../format/iss/iss-reader';
import type { DealtCards } from '../../rules/dealing';
import { applyMove, startGame } from '../../rules/game';
import type { Move } from '../../rules/move';
import type { RuleProfile } from '../../rules/variant/rule-profile';
import { getProfile } from '../../rules/variant';
import type { Solver } from '../solver';
import { analyzePlay, type PlayPosition } from './analyze-deal';
import type { DealAnalysis } from './deal-analysis';

/** What `analyze iss --steps` answers for one record: the analysis of its card play, or why there is none. */
export type IssStepsAnalysis = { readonly id: string | null; readonly analysis: DealAnalysis } | { readonly id: string | null; readonly error: string };

/**
 * The positions of a card play replayed move by move with the engine (R16 etc. checked), with
 * the card played from each: `step` is the number of the record's moves before the position.
 * Stops at a move the engine refuses (the reason is returned beside what came before it).
 */
export function playPositionsOfMoves(dealt: DealtCards, moves: readonly Move[], profile: RuleProfile): { positions: PlayPosition[]; stopped: string | null } {
  const positions: PlayPosition[] = [];
  const started = startGame(dealt, profile);
  if (!started.ok) return { positions, stopped: started.refusal.reason };
  let state = started.value;
  let cards = 0;
  const add = (step: number) => {
    if (state.declaration && state.declarer !== null && state.phase === 'playing' && state.hands.some((h) => h.length > 0))
      positions.push({ step, game: state, moves: state.moves, cards, played: null });
  };
  add(0);
  for (const [i, move] of moves.entries()) {
    const next = applyMove(state, move);
    if (!next.ok) return { positions, stopped: `move ${i + 1}: ${next.refusal.ruleId} ${next.refusal.reason}` };
    if (move.kind === 'play') {
      cards++;
      for (let k = positions.length - 1; k >= 0 && positions[k].played === null && positions[k].cards === cards - 1; k--) positions[k].played = move.card;
    }
    state = next.value;
    add(i + 1);
  }
  return { positions, stopped: null };
}

function idIn(line: string): string | null {
  const m = /ID\[([^\]]*)\]/.exec(line);
  return m ? m[1] : null;
}

/**
 * Every position of an ISS record's card play judged with all cards open, as `analyze deal` judges
 * a stored deal (deal id iss-<ID>): a record cut anywhere, or one that never reached the card play
 * (passed in, a time-out in the auction), gets an analysis with no steps and a note saying why; a
 * record that cannot be read gets an error. Never throws.
 */
export async function analyzeIssSteps(line: string, solver: Solver): Promise<IssStepsAnalysis> {
  let id: string | null = null;
  try {
    const read = readIssRecord(line);
    if (!read.ok) return { id: read.error.id ?? idIn(line), error: `malformed record: ${read.error.reason}` };
    id = read.record.header.find((h) => h.key === 'ID')?.value ?? null;
    const converted = issTokensToMoves(read.record.moves);
    if (!converted.ok) return { id, error: `malformed record: move ${converted.tokenIndex + 1}: ${converted.reason}` };
    const { dealt, moves, unknownCardAt } = converted.value;
    // Up to a card the record does not name (??): the positions before it are known.
    const known = unknownCardAt === null ? moves : moves.slice(0, unknownCardAt);
    const { positions, stopped } = playPositionsOfMoves(dealt, known, getProfile('iss'));
    const analysis = await analyzePlay(`iss-${id ?? '?'}`, positions, { solver });
    const why = unknownCardAt !== null ? `move ${unknownCardAt + 1} plays an unknown card (??)` : stopped;
    if (analysis.steps.length > 0) return { id, analysis: why ? { ...analysis, note: `analysed up to where ${why}` } : analysis };
    const reason = why ?? (read.record.result?.kind === 'passed' ? 'passed in (R8): no card play' : analysis.note);
    return { id, analysis: { ...analysis, note: reason ?? 'no card play to analyse' } };
  } catch (err) {
    // A bug on one record must not stop a run over many: it is that record's error.
    return { id, error: `internal error: ${(err as Error)?.message ?? String(err)}` };
  }
}
