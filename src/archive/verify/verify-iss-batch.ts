import type { RuleProfile } from '../../rules/variant/rule-profile';
import type { IssVerdict } from '../../format/iss/iss-verdict';
import { issLineOf, overlongLineReason } from '../../format/iss/iss-line-source';
import { AGREES, quickJudgement, quickVerdictOfLast, UNSURE } from '../../format/iss/iss-quick-check';

/**
 * A batch of record lines to verify, as bytes: `bytes` holds blocks of whole lines (issLineBlocks)
 * one after the other, `parts` the length of each, 0 for a line skipped as overlong (a null block).
 * The batch's lines are numbered from 1; the caller adds the lines before it.
 */
export interface IssVerifyBatch {
  readonly bytes: Uint8Array;
  readonly parts: readonly number[];
}

/** What a batch gave: its lines (blank ones too), how many agreed, and every other verdict in line order. */
export interface IssVerifyBatchResult {
  readonly lines: number;
  readonly agree: number;
  readonly others: IssVerdict[];
}

/**
 * Verifies a batch in this thread (the same work a verify worker does): each line's bytes go
 * through the quick check first, and only a line it leaves open is decoded (issLineOf, as every
 * reader of the records decodes it) and judged in full. Blank lines give no verdict.
 */
export function verifyIssBatch(batch: IssVerifyBatch, profile: RuleProfile): IssVerifyBatchResult {
  // A worker receives a plain Uint8Array: viewed as a Buffer, not copied.
  const bytes = Buffer.from(batch.bytes.buffer, batch.bytes.byteOffset, batch.bytes.byteLength);
  let line = 0;
  let agree = 0;
  const others: IssVerdict[] = [];
  let at = 0;
  for (const length of batch.parts) {
    if (length === 0) {
      others.push({ status: 'malformed', line: ++line, id: null, reason: overlongLineReason });
      continue;
    }
    const end = at + length;
    for (let next = at; next < end;) {
      const start = next;
      const nl = bytes.indexOf(10, start);
      const lineEnd = nl < 0 || nl > end ? end : nl;
      next = lineEnd + 1;
      line++;
      const textEnd = lineEnd > start && bytes[lineEnd - 1] === 13 ? lineEnd - 1 : lineEnd;
      const judgement = quickJudgement(bytes, start, textEnd, profile);
      if (judgement === AGREES) {
        agree++;
        continue;
      }
      let v: IssVerdict | null = null;
      if (judgement !== UNSURE) v = quickVerdictOfLast(judgement, line);
      else {
        const source = issLineOf(line, bytes.subarray(start, lineEnd));
        if (source.overlong) v = { status: 'malformed', line, id: null, reason: overlongLineReason };
        else if (!isBlank(source.text)) v = fullJudgement()(source.text, line, profile);
      }
      if (v === null) continue; // a blank line
      if (v.status === 'agree') agree++;
      else others.push(v);
    }
    at = end;
  }
  return { lines: line, agree, others };
}

/**
 * The full judgement (verifyIssLineFully), loaded when a line first needs it: it brings the rules
 * engine (tokens, moves, game states), which a file of plain deals never needs, and a verify
 * worker starts sooner without it.
 */
let full: typeof import('../../format/iss/iss-verify').verifyIssLineFully | null = null;
function fullJudgement(): typeof import('../../format/iss/iss-verify').verifyIssLineFully {
  full ??= (require('../../format/iss/iss-verify') as typeof import('../../format/iss/iss-verify')).verifyIssLineFully;
  return full;
}

function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13 && c !== 11 && c !== 12) return text.trim() === '';
  }
  return true;
}
