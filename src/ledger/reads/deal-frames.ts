import { dealStreamName, upgradeStreamName } from '../../deal/events';
import type { EventStore } from '../../event-store/event-store';
import { getDealSummary } from '../../projections/deal-summary/deal-summary-queries';
import type { ReadModelDb } from '../../projections/read-model-db';
import type { Perspective, ReplayFrame } from '../../projections/replay-frames/replay-frame';
import { replayFrames } from '../../projections/replay-frames/replay-frames';
import { InvalidQueryError, NotFoundError } from '../../kernel/errors';
import { FrameCache } from './frame-cache';
import type { ReadModelUpkeep } from '../upkeep/read-model-upkeep';

function checkPerspective(p: Perspective): void {
  const ok = p && (p.kind === 'all' || p.kind === 'public' || (p.kind === 'seat' && (p.seat === 0 || p.seat === 1 || p.seat === 2)));
  if (!ok) throw new InvalidQueryError('perspective must be { kind: "all" }, { kind: "public" } or { kind: "seat", seat: 0|1|2 }');
}

/** Replay frames of deals (and of a result-only deal's recording), folded from their streams; a finished deal's kept in the frame cache. */
export class DealFrames {
  private readonly cache: FrameCache;

  constructor(
    private readonly store: EventStore,
    private readonly db: ReadModelDb,
    private readonly upkeep: ReadModelUpkeep,
    cacheEntries?: number,
  ) {
    this.cache = new FrameCache(cacheEntries);
  }

  /**
   * The deal's frames from..to as the perspective sees them. A finished deal's are kept (see
   * FrameCache) and handed out shared and frozen (isSharedFrames), so a replay asked again reads nothing.
   */
  async frames(dealId: string, range: { from?: number; to?: number }, perspective: Perspective): Promise<readonly ReplayFrame[]> {
    checkPerspective(perspective);
    const { from, to } = range ?? {};
    for (const v of [from, to]) if (v !== undefined && (!Number.isInteger(v) || v < 0)) throw new InvalidQueryError('frame steps are integers from 0');
    await this.upkeep.catchUp();
    const summary = getDealSummary(this.db, dealId);
    const key = summary && summary.status !== 'inProgress' ? FrameCache.key(dealId, summary.lastRevision, perspective, { from, to }) : null;
    const cached = key === null ? undefined : this.cache.get(key);
    if (cached) return cached;
    const read = await this.store.readStream(dealStreamName(dealId));
    if (!read.exists) throw new NotFoundError('deal', dealId);
    const frames = replayFrames(dealId, read.events, perspective, { from, to });
    // Kept only when the stream ends where the summary does: nothing was appended between the two reads.
    return key !== null && read.currentRevision.toString() === summary?.lastRevision ? this.cache.set(key, frames) : frames;
  }

  /** The one frame an event of the deal made (a live subscriber's), without building the others; null when it made none. */
  async frameOfEvent(dealId: string, eventId: string, perspective: Perspective): Promise<ReplayFrame | null> {
    checkPerspective(perspective);
    const read = await this.store.readStream(dealStreamName(dealId));
    if (!read.exists) return null;
    return replayFrames(dealId, read.events, perspective, { eventId })[0] ?? null;
  }

  async frame(dealId: string, step: number, perspective: Perspective): Promise<ReplayFrame | null> {
    checkPerspective(perspective);
    if (!Number.isInteger(step) || step < 0) throw new InvalidQueryError('frame steps are integers from 0');
    const read = await this.store.readStream(dealStreamName(dealId));
    if (!read.exists) return null;
    return replayFrames(dealId, read.events, perspective, { from: step, to: step })[0] ?? null;
  }

  /** The frames of the latest recording of a result-only deal's cards (every card: the deal itself is over), or null when none was begun. */
  async recordingFrames(dealId: string, range: { from?: number; to?: number } = {}): Promise<ReplayFrame[] | null> {
    const read = await this.store.readStream(upgradeStreamName(dealId));
    if (!read.exists) return null;
    const from = read.events.map((e) => e.type).lastIndexOf('DealStarted');
    return replayFrames(dealId, read.events.slice(from), { kind: 'all' }, range);
  }
}
