import type { RuleProfile } from '../../rules/variant/rule-profile';
import type { GameState } from '../../rules/game-state';
import { judgeIssLine } from './judge-iss-line';
import { quickVerdict } from './iss-quick-check';
import type { IssField, IssMismatch, IssVerdict } from './iss-verdict';
import { issLineBatches, overlongLineReason } from './iss-line-source';
import type { IssResult } from './iss-record';
import { issResultFromGame } from './iss-result';

export { ISS_FIELDS, type IssField, type IssMismatch, type IssVerdict } from './iss-verdict';
export { addAgreed, addVerdict, emptySummary, type IssVerifySummary } from './iss-verify-summary';

/** Recomputes one record from its moves and compares it with its recorded result. Never throws. */
export function verifyIssLine(text: string, line: number, profile: RuleProfile): IssVerdict {
  // Most records are plain deals: the quick check judges those without building tokens, moves or
  // states, and leaves every other line to the full judgement.
  return quickVerdict(text, line, profile) ?? verifyIssLineFully(text, line, profile);
}

/** verifyIssLine without the quick check: the record read, judged, replayed and compared in full. */
export function verifyIssLineFully(text: string, line: number, profile: RuleProfile): IssVerdict {
  // The same judgement as the import: what it rejects is malformed here, with the same reason.
  const judged = judgeIssLine(text, profile);
  if (judged.kind === 'rejected') return { status: 'malformed', line, id: judged.id, reason: judged.reason };
  const id = judged.id;
  if (judged.notScoreable !== null) return { status: 'notScoreable', line, id, reason: judged.notScoreable };
  const state = judged.state as GameState;
  const recomputed = issResultFromGame(state);
  if (!recomputed) {
    return { status: 'notScoreable', line, id, reason: state.result?.notScoreableReason ?? `the engine gave no ISS-comparable result (${state.result?.kind})` };
  }
  const mismatches = compareIssResults(judged.record.result, recomputed);
  return mismatches.length ? { status: 'disagree', line, id, mismatches } : { status: 'agree', line, id };
}

/** Field-by-field comparison: d, win/loss, v, m, overbid/bidok, p, t, s, z, and passed. */
export function compareIssResults(recorded: IssResult, recomputed: IssResult): IssMismatch[] {
  if (recorded.kind === 'passed' || recomputed.kind === 'passed') {
    return recorded.kind === recomputed.kind ? [] : [{ field: 'passed', recorded: recorded.kind === 'passed', recomputed: recomputed.kind === 'passed' }];
  }
  const out: IssMismatch[] = [];
  const check = (field: IssField, a: string | number | boolean, b: string | number | boolean) => {
    if (a !== b) out.push({ field, recorded: a, recomputed: b });
  };
  check('d', recorded.declarer, recomputed.declarer);
  check('win', recorded.outcome, recomputed.outcome);
  check('v', recorded.value, recomputed.value);
  check('m', recorded.matadors, recomputed.matadors);
  check('overbid', recorded.overbid ? 'overbid' : 'bidok', recomputed.overbid ? 'overbid' : 'bidok');
  check('p', recorded.declarerPoints, recomputed.declarerPoints);
  check('t', recorded.declarerTricks, recomputed.declarerTricks);
  check('s', recorded.schneider ? 1 : 0, recomputed.schneider ? 1 : 0);
  check('z', recorded.schwarz ? 1 : 0, recomputed.schwarz ? 1 : 0);
  return out;
}

/** Verifies a stream of lines, one verdict per non-blank line, holding one line at a time. */
export async function* verifyIssLines(lines: AsyncIterable<string> | Iterable<string>, profile: RuleProfile): AsyncGenerator<IssVerdict> {
  let n = 0;
  for await (const raw of lines) {
    n++;
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (text.trim() === '') continue;
    yield verifyIssLine(text, n, profile);
  }
}

/**
 * Verifies a stream of chunks (a file read stream) through the shared line source, with one
 * await per chunk rather than per line: lines are verified synchronously, and `onVerdict` sees
 * each verdict in order. Memory holds one chunk and one partial line; a line longer than
 * MAX_RECORD_LENGTH is skipped to its end and reported as malformed.
 */
export async function verifyIssStream(chunks: AsyncIterable<string | Buffer>, profile: RuleProfile, onVerdict: (v: IssVerdict) => void): Promise<void> {
  for await (const batch of issLineBatches(chunks)) {
    for (const l of batch) {
      if (l.overlong) onVerdict({ status: 'malformed', line: l.lineNumber, id: null, reason: overlongLineReason });
      else if (l.text.trim() !== '') onVerdict(verifyIssLine(l.text, l.lineNumber, profile));
    }
  }
}
