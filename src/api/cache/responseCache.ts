/**
 * Recent query results, per caller view. Every event the Ledger records bumps the generation and
 * empties the cache, so a cached answer is never older than the last write made through this
 * server; the TTL bounds how long writes by other processes (a CLI import into the same store) can
 * go unseen. Results computed across a write are not stored (generation check).
 */
export class ResponseCache<V> {
  private gen = 0;
  private readonly entries = new Map<string, { readonly gen: number; readonly expiresAt: number; readonly value: V }>();

  constructor(
    readonly ttlMs: number,
    private readonly capacity = 500,
    private readonly now: () => number = Date.now,
  ) {}

  get generation(): number {
    return this.gen;
  }

  invalidate(): void {
    this.gen++;
    this.entries.clear();
  }

  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.gen !== this.gen || e.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  /** Stores a value computed while the generation was `computedAt`; dropped if a write came between. */
  set(key: string, value: V, computedAt: number): void {
    if (this.ttlMs <= 0 || computedAt !== this.gen) return;
    this.entries.set(key, { gen: this.gen, expiresAt: this.now() + this.ttlMs, value });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }
}
