import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Long work in the shell (exports, heavy read models) gives the event loop a turn every few
 * milliseconds, so /health and other requests are answered while it runs.
 *
 * Concurrent callers (the aliases of one request) share one turn: each used to queue its own
 * immediate, and Node runs every immediate queued before a check phase in that same phase, so
 * 300 aliases "yielding" together resumed back to back and built all their answers before the
 * poll phase ever ran again. A slice is counted from the start of the turn, not from each
 * caller's resumption, and a caller that resumes after the slice is spent waits for the next one.
 */
export class EventLoopTurn {
  private last = Date.now();
  private pending: Promise<void> | null = null;

  constructor(private readonly everyMs = 5) {}

  /** Resolves at once while the slice lasts; after it, on the next turn of the event loop. */
  async maybeYield(): Promise<void> {
    while (Date.now() - this.last >= this.everyMs) {
      this.pending ??= nextTurn().then(() => {
        this.last = Date.now();
        this.pending = null;
      });
      await this.pending;
    }
  }
}
