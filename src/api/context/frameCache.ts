/**
 * Frames of finished deals, as served: a finished deal changes only by a score correction, which
 * moves its summary's lastRevision, so (deal, perspective, range, lastRevision) names one answer
 * forever. Live deals are never cached. Bounded, least recently used out first.
 */
import { markImmutable } from '../execution/immutableValues';
import type { ReplayFrameType } from '../types/frame.type';

export class FrameCache {
  private readonly entries = new Map<string, readonly ReplayFrameType[]>();

  constructor(private readonly capacity = 1000) {}

  static key(dealId: string, lastRevision: string, perspective: string, from?: number, to?: number): string {
    return `${dealId}\u0000${lastRevision}\u0000${perspective}\u0000${from ?? ''}\u0000${to ?? ''}`;
  }

  get(key: string): readonly ReplayFrameType[] | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  /** From here on the frames are shared between requests, so nobody may change them. */
  set(key: string, frames: readonly ReplayFrameType[]): void {
    if (this.capacity <= 0) return;
    this.entries.set(key, markImmutable(frames));
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }
}
