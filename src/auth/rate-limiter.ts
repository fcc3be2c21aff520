/**
 * Fixed-window counter per key (token id or client address): of requests, or of cost points
 * (the API's second budget: each request spends its estimated cost). In memory: one process
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

  /** Counts one request (or `n` points); answers the milliseconds to wait when over the limit, else 0. */
  take(key: string, n = 1): number {
    const t = this.roll();
    const used = (this.counts.get(key) ?? 0) + n;
    this.counts.set(key, used);
    return used > this.perWindow ? this.windowStart + this.windowMs - t : 0;
  }

  /** What `key` may still take in the current window, counting nothing (the cached answers' check before they take). */
  room(key: string): number {
    this.roll();
    return this.perWindow - (this.counts.get(key) ?? 0);
  }

  /** Forgets every count (after the server's own warm-up requests, before the first caller's). */
  clear(): void {
    this.counts = new Map();
  }

  /** Starts a new window once the current one has passed; answers the time now. */
  private roll(): number {
    const t = this.now();
    if (t - this.windowStart >= this.windowMs) {
      this.windowStart = t - ((t - this.windowStart) % this.windowMs);
      if (t - this.windowStart >= this.windowMs) this.windowStart = t;
      this.counts = new Map();
    }
    return t;
  }
}
