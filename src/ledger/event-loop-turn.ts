import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Long work in the shell (exports, heavy read models) gives the event loop a turn every few
 * milliseconds, so /health and other requests are answered while it runs.
 */
export class EventLoopTurn {
  private last = Date.now();

  constructor(private readonly everyMs = 8) {}

  /** Resolves at once while the slice lasts; after it, on the next turn of the event loop. */
  async maybeYield(): Promise<void> {
    const now = Date.now();
    if (now - this.last < this.everyMs) return;
    await nextTurn();
    this.last = Date.now();
  }
}
