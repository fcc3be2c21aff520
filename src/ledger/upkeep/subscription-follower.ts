/**
 * Follows the global log with ONE live subscription, for stores without a cheap change token
 * (EventStoreDB), where polling would read the log's tail again and again: a catch-up subscription
 * from the read models' checkpoint, filtered on the server (no system events), that stays open.
 * The store's subscription resumes by itself after an error or a leader change from the last event
 * it handled, so nothing is lost or delivered twice.
 *
 * Events are applied to the read models in batches: what arrives while the loop is busy waits in
 * the client's buffer (then in the server's, through flow control), and each batch is one SQLite
 * transaction with the checkpoint (ProjectionRunner.applyLive). Only then are the batch's events
 * handed to the listeners, once each and in log order, so a listener that reads the read models
 * finds its event applied. A command through this ledger waits until its own event came back this
 * way (reach), so it returns with its read models and listeners up to date, without a read of $all.
 */
import type { EventStore, RecordedEvent, Subscription } from '../../event-store/event-store';

/** Events applied in one transaction at most (as the runner's own catch-up batches). */
const BATCH = 1000;

export interface SubscriptionFollowerHooks {
  /** Where the read models stand: the subscription starts after it. */
  readonly checkpoint: () => string | undefined;
  /** Applies a batch to the read models in one transaction; false when they must catch up by reading instead. */
  readonly apply: (events: readonly RecordedEvent[]) => boolean;
  /** Brings the read models up to date by reading the log after their checkpoint (the rare fallback). */
  readonly catchUpByReading: () => Promise<void>;
  /** Hands one event to the listeners. */
  readonly deliver: (event: RecordedEvent) => void;
  /** A failure the follower recovers from by itself (reported, not thrown). */
  readonly warn?: (error: Error) => void;
}

export class SubscriptionFollower {
  private subscription: Subscription | undefined;
  private pending: RecordedEvent[] = [];
  private flushing: Promise<void> = Promise.resolve();
  private flushTimer: NodeJS.Immediate | undefined;
  /** The last event received (undefined before the first, then the checkpoint it started from). */
  private received: string | undefined;
  /** The last event applied and delivered. */
  private applied: string | undefined;
  private waiters: { readonly position: string; readonly resolve: () => void }[] = [];
  private caughtUp = false;
  private closed = false;
  /** Counts subscriptions opened: events of one that was replaced are ignored. */
  private generation = 0;

  constructor(
    private readonly store: EventStore,
    private readonly hooks: SubscriptionFollowerHooks,
  ) {}

  /** Whether the subscription is open (started and not stopped). */
  get following(): boolean {
    return this.subscription !== undefined;
  }

  /** Whether the subscription has delivered everything that existed when it opened. */
  get isCaughtUp(): boolean {
    return this.caughtUp;
  }

  /** The last event received: a listener added now is told only of later ones. */
  position(): string | undefined {
    return this.received;
  }

  start(): void {
    if (this.subscription || this.closed) return;
    const from = this.hooks.checkpoint();
    this.applied = from;
    this.open(from);
  }

  private open(after: string | undefined): void {
    const generation = ++this.generation;
    this.received = after;
    this.subscription = this.store.subscribeToAll(
      {
        onEvent: (event) => (generation === this.generation ? this.onEvent(event) : undefined),
        onCaughtUp: () => void (this.caughtUp = true),
        // Behind the log until the store says it caught up again (the events still come in order).
        onFellBehind: () => void (this.caughtUp = false),
        onError: (error) => this.hooks.warn?.(error),
      },
      { after },
    );
  }

  /** Closes the subscription; waits for the batch being applied. */
  async stop(): Promise<void> {
    this.closed = true;
    if (this.flushTimer) clearImmediate(this.flushTimer);
    this.flushTimer = undefined;
    const subscription = this.subscription;
    this.subscription = undefined;
    await subscription?.close();
    await this.flushing.catch(() => undefined);
    for (const waiter of this.waiters.splice(0)) waiter.resolve();
  }

  /** Applies and delivers whatever was received and not yet applied. */
  settled(): Promise<void> {
    return this.flush();
  }

  /**
   * Resolves with true once the event at `position` (one this ledger appended) has been applied
   * and delivered (at once when it already was or the follower is stopped), or with false after
   * `limitMs` while the subscription cannot bring it (the store went away after the append: the
   * command succeeded, and its events arrive once the subscription is back).
   */
  reach(position: string, limitMs: number): Promise<boolean> {
    if (this.closed || this.isApplied(position)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = {
        position,
        resolve: () => {
          clearTimeout(timer);
          resolve(true);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        resolve(false);
      }, limitMs);
      timer.unref();
      this.waiters.push(waiter);
    });
  }

  private isApplied(position: string): boolean {
    return this.applied !== undefined && this.store.comparePositions(position, this.applied) <= 0;
  }

  private onEvent(event: RecordedEvent): Promise<void> | void {
    this.received = event.position;
    this.pending.push(event);
    // A full batch is applied before the next event is taken (backpressure); a partial one as
    // soon as the events already buffered have been taken.
    if (this.pending.length >= BATCH) return this.flush();
    this.flushTimer ??= setImmediate(() => {
      this.flushTimer = undefined;
      void this.flush();
    });
  }

  private flush(): Promise<void> {
    const run = this.flushing.then(() => this.flushNow());
    this.flushing = run.catch((error: unknown) => this.hooks.warn?.(error instanceof Error ? error : new Error(String(error))));
    return this.flushing;
  }

  private async flushNow(): Promise<void> {
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    try {
      if (!this.hooks.apply(batch)) await this.hooks.catchUpByReading();
    } catch (error) {
      // Not applied: start again from the last batch that was, so no event is lost or told twice.
      this.resubscribe();
      throw error;
    }
    this.applied = batch[batch.length - 1].position;
    for (const event of batch) this.hooks.deliver(event);
    const waiting = this.waiters;
    this.waiters = [];
    for (const waiter of waiting) {
      if (this.isApplied(waiter.position)) waiter.resolve();
      else this.waiters.push(waiter);
    }
  }

  private resubscribe(): void {
    const subscription = this.subscription;
    if (!subscription || this.closed) return;
    this.subscription = undefined;
    this.pending = [];
    this.generation++;
    // Not awaited: its loop may be waiting for this very flush.
    void subscription.close().catch(() => undefined);
    this.open(this.applied);
  }
}
