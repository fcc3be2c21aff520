import type { RuleProfile } from '../../rules/variant/rule-profile';
import { verifyIssLine, type IssVerdict } from '../../format/iss/iss-verify';
import { overlongLineReason } from '../../format/iss/iss-line-source';

/**
 * A batch of record lines to verify: texts (null for a line over MAX_RECORD_LENGTH, whose text
 * was dropped) and their 1-based line numbers. Blank lines are never sent.
 */
export interface IssVerifyBatch {
  readonly texts: readonly (string | null)[];
  readonly lines: readonly number[];
}

/** What a batch gave: how many agreed, and every other verdict in line order. */
export interface IssVerifyBatchResult {
  readonly agree: number;
  readonly others: IssVerdict[];
}

/** Verifies a batch in this thread (the same work a verify worker does). */
export function verifyIssBatch(batch: IssVerifyBatch, profile: RuleProfile): IssVerifyBatchResult {
  let agree = 0;
  const others: IssVerdict[] = [];
  for (let i = 0; i < batch.texts.length; i++) {
    const text = batch.texts[i];
    const line = batch.lines[i];
    const v: IssVerdict = text === null ? { status: 'malformed', line, id: null, reason: overlongLineReason } : verifyIssLine(text, line, profile);
    if (v.status === 'agree') agree++;
    else others.push(v);
  }
  return { agree, others };
}
