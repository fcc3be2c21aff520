/**
 * Recent query results, per caller view. Every event the Ledger records bumps the generation and
 * empties the cache, so a cached answer is never older than the last write made through this
 * server. Writes by other processes (a CLI import into the same file) are caught by the store's
 * change token where it has one (SQLite: checked on every hit); without one (EventStoreDB) the TTL
 * bounds how long they can go unseen. Results computed across a write are not stored.
 */
export class ResponseCache<V> {
  private gen = 0;
  private readonly entries = new Map<string, { readonly gen: number; readonly token: string | undefined; readonly expiresAt: number; readonly value: V }>();

  constructor(
    readonly ttlMs: number,
    private readonly capacity = 500,
    private readonly now: () => number = Date.now,
    /** The event store's change token (undefined: the store has none). */
    private readonly changeToken: () => string | undefined = () => undefined,
  ) {}

  /** Taken before computing a value, handed back to set(): what the value was computed from. */
  stamp(): CacheStamp {
    if (this.ttlMs <= 0) return { gen: this.gen, token: undefined };
    try {
      return { gen: this.gen, token: this.changeToken() };
    } catch {
      return { gen: -1, token: undefined }; // the store cannot say: keep nothing computed now
    }
  }

  private unchangedSince(token: string | undefined): boolean {
    if (token === undefined) return true;
    try {
      return this.changeToken() === token;
    } catch {
      return false;
    }
  }

  invalidate(): void {
    this.gen++;
    this.entries.clear();
  }

  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.gen !== this.gen || e.expiresAt <= this.now() || !this.unchangedSince(e.token)) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  /** Stores a value computed from `stamp`; dropped if a write through this server came between. */
  set(key: string, value: V, stamp: CacheStamp): void {
    if (this.ttlMs <= 0 || stamp.gen !== this.gen) return;
    this.entries.set(key, { gen: this.gen, token: stamp.token, expiresAt: this.now() + this.ttlMs, value });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }
}

export interface CacheStamp {
  readonly gen: number;
  readonly token: string | undefined;
}
