import type { Solver } from '..';
import type { RecordedEvent } from '../../event-store/event-store';
import { analyzeDeal } from '../deals/analyze-deal';
import { bestDiscardOf, bestGameOf, type BestDiscardAnalysis, type BestGameAnalysis } from '../deals/after-the-fact';
import type { DealAnalysis } from '../deals/deal-analysis';
import { auditClaims, type AuditClaim } from '../../projections/audit/claim-audit';

/**
 * One solver job: the events of a deal (or of a branch) and what to compute from them. Plain data,
 * so it crosses to a worker thread by structured clone (revisions are bigints, which it keeps).
 */
export type AnalysisJob =
  | { readonly kind: 'steps'; readonly dealId: string; readonly events: readonly RecordedEvent[] }
  | { readonly kind: 'discard'; readonly events: readonly RecordedEvent[] }
  | { readonly kind: 'game'; readonly events: readonly RecordedEvent[] }
  | { readonly kind: 'claims'; readonly events: readonly RecordedEvent[] };

export interface AnalysisResults {
  readonly steps: DealAnalysis;
  readonly discard: BestDiscardAnalysis | null;
  readonly game: BestGameAnalysis | null;
  readonly claims: AuditClaim[];
}

/** Runs a job to the end (pure computation, synchronous searches): what a solver worker does. */
export async function runAnalysisJob(job: AnalysisJob, solver: Solver): Promise<AnalysisResults[AnalysisJob['kind']]> {
  switch (job.kind) {
    case 'steps':
      return analyzeDeal(job.dealId, job.events, { solver });
    case 'discard':
      return bestDiscardOf(job.events, solver);
    case 'game':
      return bestGameOf(job.events, solver);
    case 'claims':
      return auditClaims(job.events, solver);
  }
}
