/**
 * Lets the test double play an unresponsive server: while frozen, new calls and subscription
 * messages wait (the connections stay open, nothing arrives); thawing releases them in order.
 */
export class Gate {
  private frozen = false;
  private readonly waiting: (() => void)[] = [];

  freeze(): void {
    this.frozen = true;
  }

  thaw(): void {
    this.frozen = false;
    for (const run of this.waiting.splice(0)) run();
  }

  /** Runs now, or on thaw (in arrival order). */
  whenOpen(run: () => void): void {
    if (this.frozen || this.waiting.length > 0) this.waiting.push(run);
    else run();
  }
}
