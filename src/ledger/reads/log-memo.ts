/**
 * Heavy read models (score sheets, standings, player statistics, audits) computed once per log
 * position: every caller asking for the same one before anything new is appended shares one
 * computation (also aliases of one request, running at once). Bounded, oldest dropped first.
 */
export class LogMemo {
  private readonly entries = new Map<string, { readonly position: string; readonly value: Promise<unknown> }>();

  constructor(private readonly capacity = 256) {}

  get<T>(key: string, position: string, compute: () => Promise<T>): Promise<T> {
    const known = this.entries.get(key);
    if (known && known.position === position) return known.value as Promise<T>;
    const value = compute();
    this.entries.delete(key);
    this.entries.set(key, { position, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    return value;
  }

  /** Whether the value for `key` at this position is known (or being computed). */
  has(key: string, position: string): boolean {
    return this.entries.get(key)?.position === position;
  }
}
