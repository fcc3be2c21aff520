import { dealStreamName } from '../../deal/events';
import type { EventStore } from '../../event-store/event-store';
import { isIssRecordImported, type IssRecordImportedData } from '../../format/iss/iss-record-imported';
import { summariseRecordedResult } from '../../format/iss/recorded-result-check';
import { buildAudit } from '../../projections/audit/build-audit';
import { hasClaims } from '../../projections/audit/claim-audit';
import type { DealAudit } from '../../projections/audit/deal-audit';
import type { DealAnalyses } from '../../analysis/workers/analyses';

/** The deal's audit (events, hashes, recorded vs recomputed result), or null when there is no such deal. */
export async function auditOf(store: EventStore, analyses: DealAnalyses, dealId: string): Promise<DealAudit | null> {
  const read = await store.readStream(dealStreamName(dealId));
  if (!read.exists) return null;
  // Claims are judged with the solver: in a worker thread, never on the event loop (issue 13).
  const claims = hasClaims(read.events) ? await analyses.claims(`${dealId}@${read.currentRevision}`, read.events) : [];
  const audit = buildAudit(dealId, read.events, claims);
  // An imported deal keeps the archive's own result next to the engine's (DealScored): compare them.
  const imported = read.events.find((e) => isIssRecordImported(e));
  return imported ? { ...audit, archive: summariseRecordedResult((imported.data as IssRecordImportedData).recordedResult, audit.recorded) } : audit;
}
