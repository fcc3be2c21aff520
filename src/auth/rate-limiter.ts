/**
 * Fixed-window request counter per key (token id or client address). In memory: one process
 * serves the API. Old windows are dropped as they pass so the map stays small.
 */
export class RateLimiter {
  private windowStart = 0;
  private counts = new Map<string, number>();

  constructor(
    private readonly perWindow: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request; answers the milliseconds to wait when over the limit, else 0. */
  take(key: string): number {
    const t = this.now();
    if (t - this.windowStart >= this.windowMs) {
      this.windowStart = t - ((t - this.windowStart) % this.windowMs);
      if (t - this.windowStart >= this.windowMs) this.windowStart = t;
      this.counts = new Map();
    }
    const used = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, used);
    return used > this.perWindow ? this.windowStart + this.windowMs - t : 0;
  }
}
