import type { DealAnalyses } from '../../analysis/workers/analyses';
import { checkFairDeal, type FairDealCheck } from '../../deal/fair-deal-check';
import { dealStreamName, upgradeStreamName } from '../../deal/events';
import type { RecordedEvent } from '../../event-store/event-store';
import { isIssRecordImported, type IssRecordImportedData } from '../../format/iss/iss-record-imported';
import { summariseRecordedResult } from '../../format/iss/recorded-result-check';
import { InvalidQueryError } from '../../kernel/errors';
import { buildAudit } from '../../projections/audit/build-audit';
import { hasClaims } from '../../projections/audit/claim-audit';
import type { DealAudit } from '../../projections/audit/deal-audit';
import type { Perspective, ReplayFrame } from '../../projections/replay-frames/replay-frame';
import { replayFrames } from '../../projections/replay-frames/replay-frames';
import type { AsOfReads } from './as-of-reads';

/**
 * A deal as recorded at a cut of the log: its frames, audit, fair-dealing record, revision and
 * events, each folded from the events of its stream within the cut only (a correction, a reveal or
 * a card after it is left out), by the same pure folds the live answers use. Nothing is cached:
 * a cut's frames would be kept per cut, and a caller could name a new cut every request.
 */
export class AsOfDeals {
  constructor(
    private readonly reads: AsOfReads,
    private readonly analyses: DealAnalyses,
  ) {}

  /** The deal's events within the cut (empty: the deal did not exist then). */
  async events(dealId: string): Promise<RecordedEvent[]> {
    return this.reads.eventsWithin(dealStreamName(dealId));
  }

  async frames(dealId: string, range: { from?: number; to?: number }, perspective: Perspective): Promise<ReplayFrame[]> {
    for (const v of [range.from, range.to])
      if (v !== undefined && (!Number.isInteger(v) || v < 0)) throw new InvalidQueryError('frame steps are integers from 0');
    const events = await this.events(dealId);
    return events.length === 0 ? [] : replayFrames(dealId, events, perspective, range);
  }

  async frame(dealId: string, step: number, perspective: Perspective): Promise<ReplayFrame | null> {
    if (!Number.isInteger(step) || step < 0) throw new InvalidQueryError('frame steps are integers from 0');
    const events = await this.events(dealId);
    return events.length === 0 ? null : (replayFrames(dealId, events, perspective, { from: step, to: step })[0] ?? null);
  }

  /** The latest recording of a result-only deal's cards as it stood then (null: none begun by then). */
  async recordingFrames(dealId: string, range: { from?: number; to?: number } = {}): Promise<ReplayFrame[] | null> {
    const events = await this.reads.eventsWithin(upgradeStreamName(dealId));
    if (events.length === 0) return null;
    const from = events.map((e) => e.type).lastIndexOf('DealStarted');
    return replayFrames(dealId, events.slice(Math.max(0, from)), { kind: 'all' }, range);
  }

  /** The audit of the events then (claims judged in the analysis pool, as live). */
  async audit(dealId: string): Promise<DealAudit | null> {
    const events = await this.events(dealId);
    if (events.length === 0) return null;
    const revision = events[events.length - 1].revision;
    const claims = hasClaims(events) ? await this.analyses.claims(`${dealId}@${revision}`, events) : [];
    const audit = buildAudit(dealId, events, claims);
    const imported = events.find((e) => isIssRecordImported(e));
    return imported ? { ...audit, archive: summariseRecordedResult((imported.data as IssRecordImportedData).recordedResult, audit.recorded) } : audit;
  }

  /** The fair-dealing check then: the server seed only when its reveal lies within the cut. */
  async fairDeal(dealId: string): Promise<FairDealCheck | null> {
    const events = await this.events(dealId);
    return events.length === 0 ? null : checkFairDeal(events);
  }

  /** The deal stream's last revision within the cut (-1n: none). */
  async revision(dealId: string): Promise<bigint> {
    const events = await this.events(dealId);
    return events.length === 0 ? -1n : events[events.length - 1].revision;
  }
}
