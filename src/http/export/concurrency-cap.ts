/**
 * How many of one kind of long request run at once: in all, per caller key, and for anonymous
 * callers together (they share one share, so anonymous clients cannot take every slot from the
 * token holders).
 */
export class ConcurrencyCap {
  private total = 0;
  private anonymous = 0;
  private readonly byKey = new Map<string, number>();

  constructor(
    private readonly max: number,
    private readonly maxPerKey: number,
    private readonly maxAnonymous: number = max,
  ) {}

  /** A release function when a slot is free, else null; release is safe to call twice. */
  acquire(key: string, anonymous = false): (() => void) | null {
    const mine = this.byKey.get(key) ?? 0;
    if (this.total >= this.max || mine >= this.maxPerKey || (anonymous && this.anonymous >= this.maxAnonymous)) return null;
    this.total++;
    if (anonymous) this.anonymous++;
    this.byKey.set(key, mine + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      if (anonymous) this.anonymous--;
      const left = (this.byKey.get(key) ?? 1) - 1;
      if (left > 0) this.byKey.set(key, left);
      else this.byKey.delete(key);
    };
  }

  get running(): number {
    return this.total;
  }
}
