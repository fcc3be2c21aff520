/**
 * Replay frames of finished deals, as the ledger hands them out. A finished deal changes only by an
 * event its summary folds (a score correction, a confirmation, a ruling), which moves the summary's
 * lastRevision, so (deal, lastRevision, perspective, range) names one answer for good. Live deals
 * are never kept. Bounded, least recently used out first (SKAT_LEDGER_FRAME_CACHE entries).
 */
import type { Perspective, ReplayFrame } from '../../projections/replay-frames/replay-frame';

/** Frame lists kept by default (a deal of 38 frames: ~50 KB, its API views as much again, plus their JSON). */
export const DEFAULT_FRAME_CACHE_ENTRIES = 1000;

/** Frame lists handed out from (or into) the cache: shared between callers, so nobody may change them. */
const shared = new WeakSet<readonly ReplayFrame[]>();

/** Whether these frames are shared between callers (a caller may then keep what it derives from them, by identity). */
export function isSharedFrames(frames: readonly ReplayFrame[]): boolean {
  return shared.has(frames);
}

export class FrameCache {
  private readonly entries = new Map<string, readonly ReplayFrame[]>();

  constructor(private readonly capacity = DEFAULT_FRAME_CACHE_ENTRIES) {
    if (!Number.isInteger(capacity) || capacity < 0) throw new Error(`the frame cache holds a whole number of entries from 0, not ${capacity}`);
  }

  static key(dealId: string, lastRevision: string, perspective: Perspective, range: { from?: number; to?: number }): string {
    return `${dealId}\u0000${lastRevision}\u0000${JSON.stringify(perspective)}\u0000${range.from ?? ''}\u0000${range.to ?? ''}`;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): readonly ReplayFrame[] | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  /** Keeps the frames (frozen from here on) and returns them; with capacity 0 returns them as they are. */
  set(key: string, frames: readonly ReplayFrame[]): readonly ReplayFrame[] {
    if (this.capacity <= 0) return frames;
    Object.freeze(frames);
    shared.add(frames);
    this.entries.set(key, frames);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    return frames;
  }
}
