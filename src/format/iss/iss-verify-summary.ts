import type { IssField, IssVerdict } from './iss-verdict';

// The totals of `iss verify`, apart from the verifier itself: the CLI loads this before it knows
// whether any line needs the full judgement (which loads the rules engine).

/** The totals `skat-ledger iss verify --json` prints. */
export interface IssVerifySummary {
  records: number;
  agree: number;
  disagree: number;
  notScoreable: number;
  mismatches: Array<{
    id: string | null;
    field: IssField;
    recorded: string | number | boolean;
    recomputed: string | number | boolean;
    file: string;
    line: number;
  }>;
  notScoreableReasons: Record<string, string>;
  malformed: Array<{ file: string; line: number; id: string | null; reason: string }>;
}

export function emptySummary(): IssVerifySummary {
  return { records: 0, agree: 0, disagree: 0, notScoreable: 0, mismatches: [], notScoreableReasons: {}, malformed: [] };
}

/** Adds records that agreed, counted but not listed (mutates `summary`). */
export function addAgreed(summary: IssVerifySummary, count: number): void {
  summary.records += count;
  summary.agree += count;
}

/** Adds one verdict to the totals (mutates `summary`: the fold of a stream). */
export function addVerdict(summary: IssVerifySummary, file: string, v: IssVerdict): void {
  summary.records++;
  switch (v.status) {
    case 'agree':
      summary.agree++;
      break;
    case 'disagree':
      summary.disagree++;
      for (const m of v.mismatches) summary.mismatches.push({ id: v.id, ...m, file, line: v.line });
      break;
    case 'notScoreable':
      summary.notScoreable++;
      summary.notScoreableReasons[v.id ?? `${file}:${v.line}`] = v.reason;
      break;
    case 'malformed':
      summary.malformed.push({ file, line: v.line, id: v.id, reason: v.reason });
      break;
  }
}
