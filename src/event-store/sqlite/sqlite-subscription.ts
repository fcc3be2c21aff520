import type { EventEmitter } from 'node:events';
import type { RecordedEvent, Subscription, SubscriptionHandlers } from '../event-store';

/** What a subscription reads through: its store's pages and append notifier. */
export interface SubscriptionSource {
  readPage(after: number): { events: RecordedEvent[]; head: number };
  readonly pageSize: number;
  readonly pollIntervalMs: number;
  readonly appended: EventEmitter;
  onClosed(subscription: SqliteSubscription): void;
}

/**
 * Catch-up then live: pages the log after the checkpoint; when a page comes back short the
 * subscription has reached the head (caught up, signalled once) and sleeps until this process
 * appends or the poll interval passes (appends from other processes), then pages again.
 */
export class SqliteSubscription implements Subscription {
  private closed = false;
  private inHandler = false;
  private wake: (() => void) | undefined;
  private readonly done: Promise<void>;

  constructor(
    private readonly source: SubscriptionSource,
    private readonly handlers: SubscriptionHandlers,
    private after: number,
  ) {
    this.done = this.run();
  }

  async close(): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      this.wake?.();
    }
    // Called from inside onEvent: the loop ends as soon as the handler returns.
    if (!this.inHandler) await this.done;
  }

  private async run(): Promise<void> {
    let caughtUp = false;
    // Yield first so subscribeToAll returns before any handler runs.
    await Promise.resolve();
    try {
      while (!this.closed) {
        const page = this.source.readPage(this.after);
        for (const event of page.events) {
          if (this.closed) return;
          this.inHandler = true;
          try {
            await this.handlers.onEvent(event);
          } finally {
            this.inHandler = false;
          }
          this.after = Number(event.position);
        }
        if (this.closed) return;
        if (page.events.length < this.source.pageSize) {
          if (page.head > this.after) {
            this.after = page.head;
            this.handlers.onCheckpoint?.(String(page.head));
          }
          if (!caughtUp) {
            caughtUp = true;
            this.handlers.onCaughtUp?.(this.after > 0 ? String(this.after) : undefined);
          }
          await this.sleep();
        }
      }
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      if (this.handlers.onError) this.handlers.onError(error);
      else process.emitWarning(`event store subscription stopped: ${error.message}`);
      this.closed = true;
    } finally {
      this.source.onClosed(this);
    }
  }

  private sleep(): Promise<void> {
    return new Promise((resolveSleep) => {
      const finish = () => {
        clearTimeout(timer);
        this.source.appended.off('append', finish);
        this.wake = undefined;
        resolveSleep();
      };
      const timer = setTimeout(finish, this.source.pollIntervalMs);
      this.source.appended.on('append', finish);
      this.wake = finish;
    });
  }
}
