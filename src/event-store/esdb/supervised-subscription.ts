/**
 * A supervised catch-up subscription over any feed of $all (client-agnostic; the EventStoreDB
 * adapter supplies the feed). The client's subscriptions neither resubscribe by themselves nor
 * notice a silent stall, so this wrapper:
 *  - resubscribes after an error or an unexpected end, with exponential backoff, from the position
 *    of the last handled event (re-delivery is filtered out by position, so handlers see each event
 *    once per subscription even across resubscriptions);
 *  - raises a liveness alarm: when nothing (not even a checkpoint) arrived for `livenessIntervalMs`,
 *    it probes the server; if the probe fails it reports SubscriptionStalledError and restarts;
 *  - a handler that throws is reported and its event re-delivered after backoff (at least once);
 *  - FellBehind (the server's live queue for this subscriber overflowed; it goes on from its log) is
 *    reported through onFellBehind, and the CaughtUp that follows through onCaughtUp again. The
 *    events themselves keep coming in order, each once.
 */
import type { RecordedEvent, Subscription, SubscriptionHandlers } from '../event-store';
import { StoreUnavailableError } from '../errors';
import { SubscriptionStalledError } from './esdb-errors';

/** One message of a feed, in the order the server sent it. */
export type FeedItem =
  | { readonly kind: 'event'; readonly event: RecordedEvent }
  /** An event the feed read but does not deliver (system event, filtered out client-side). */
  | { readonly kind: 'passed'; readonly position: string }
  | { readonly kind: 'checkpoint'; readonly position: string }
  | { readonly kind: 'caughtUp' }
  /** The server's live queue overflowed: it reads from the log again and sends CaughtUp once it has caught up. */
  | { readonly kind: 'fellBehind' }
  | { readonly kind: 'confirmed' };

export interface Feed {
  readonly items: AsyncIterable<FeedItem>;
  close(): Promise<void>;
}

export interface SupervisionTiming {
  /** Silence after which the server is probed (default 30 s). */
  readonly livenessIntervalMs: number;
  readonly initialBackoffMs: number;
  readonly maxBackoffMs: number;
}

export const DEFAULT_SUPERVISION: SupervisionTiming = { livenessIntervalMs: 30_000, initialBackoffMs: 100, maxBackoffMs: 5_000 };

export interface SupervisionDeps {
  /** Opens a feed of $all after `after` (exclusive; undefined = from the start). */
  readonly open: (after: string | undefined) => Feed;
  /** Resolves when the server answers a trivial request. */
  readonly probe: () => Promise<void>;
  readonly comparePositions: (a: string, b: string) => number;
  readonly toError: (error: unknown) => Error;
}

class HandlerFailed extends Error {
  constructor(readonly original: unknown) {
    super('subscription handler failed');
  }
}

export class SupervisedSubscription implements Subscription {
  private closed = false;
  private current: Feed | undefined;
  private resumeAfter: string | undefined;
  private latestCheckpoint: string | undefined;
  private caughtUpReported = false;
  private lastActivity = Date.now();
  private probing = false;
  private restartRequested = false;
  private inHandler = false;
  private wakeSleep: (() => void) | undefined;
  private readonly timer: NodeJS.Timeout;
  private readonly running: Promise<void>;

  constructor(
    private readonly handlers: SubscriptionHandlers,
    private readonly deps: SupervisionDeps,
    after: string | undefined,
    private readonly timing: SupervisionTiming = DEFAULT_SUPERVISION,
  ) {
    this.resumeAfter = after;
    this.timer = setInterval(() => void this.checkLiveness(), Math.max(10, Math.floor(timing.livenessIntervalMs / 4)));
    this.timer.unref();
    this.running = this.run();
  }

  async close(): Promise<void> {
    const fromHandler = this.inHandler;
    if (!this.closed) {
      this.closed = true;
      clearInterval(this.timer);
      this.wakeSleep?.();
      await this.current?.close().catch(() => undefined);
    }
    // From inside onEvent the loop is waiting for this very call; it stops when the handler returns.
    if (!fromHandler) await this.running;
  }

  private async run(): Promise<void> {
    let backoff = this.timing.initialBackoffMs;
    while (!this.closed) {
      const feed = this.deps.open(this.resumeAfter);
      this.current = feed;
      try {
        for await (const item of feed.items) {
          if (this.closed) break;
          this.lastActivity = Date.now();
          backoff = this.timing.initialBackoffMs;
          await this.handle(item);
        }
        if (!this.closed && !this.restartRequested) this.report(new StoreUnavailableError('EventStoreDB ended the subscription'));
      } catch (error) {
        if (!this.closed) this.report(error instanceof HandlerFailed ? toError(error.original) : this.deps.toError(error));
      } finally {
        this.current = undefined;
        await feed.close().catch(() => undefined);
      }
      if (this.closed) break;
      if (this.restartRequested) this.restartRequested = false;
      else {
        await this.sleep(backoff);
        backoff = Math.min(backoff * 2, this.timing.maxBackoffMs);
      }
    }
  }

  private isNew(position: string, than: string | undefined): boolean {
    return than === undefined || this.deps.comparePositions(position, than) > 0;
  }

  private async handle(item: FeedItem): Promise<void> {
    switch (item.kind) {
      case 'event': {
        if (!this.isNew(item.event.position, this.resumeAfter)) return;
        this.inHandler = true;
        try {
          await this.handlers.onEvent(item.event);
        } catch (error) {
          throw new HandlerFailed(error);
        } finally {
          this.inHandler = false;
        }
        this.resumeAfter = item.event.position;
        return;
      }
      case 'passed':
        if (this.isNew(item.position, this.resumeAfter)) this.resumeAfter = item.position;
        return;
      case 'checkpoint':
        // Reported, not resumed from: re-reading from the last handled event is always safe.
        if (this.isNew(item.position, this.latestCheckpoint) && this.isNew(item.position, this.resumeAfter)) {
          this.latestCheckpoint = item.position;
          this.handlers.onCheckpoint?.(item.position);
        }
        return;
      case 'caughtUp':
        if (this.caughtUpReported) return;
        this.caughtUpReported = true;
        this.handlers.onCaughtUp?.(this.latestPosition());
        return;
      case 'fellBehind':
        if (!this.caughtUpReported) return;
        this.caughtUpReported = false;
        this.handlers.onFellBehind?.();
        return;
      case 'confirmed':
        return;
    }
  }

  private latestPosition(): string | undefined {
    const { resumeAfter, latestCheckpoint } = this;
    if (latestCheckpoint === undefined) return resumeAfter;
    return this.isNew(latestCheckpoint, resumeAfter) ? latestCheckpoint : resumeAfter;
  }

  private async checkLiveness(): Promise<void> {
    const silentFor = Date.now() - this.lastActivity;
    if (this.closed || this.probing || silentFor < this.timing.livenessIntervalMs) return;
    this.probing = true;
    try {
      await withTimeout(this.deps.probe(), this.timing.livenessIntervalMs);
      this.lastActivity = Date.now(); // quiet but reachable: nothing to report
    } catch (error) {
      if (this.closed) return;
      this.lastActivity = Date.now();
      this.report(new SubscriptionStalledError(silentFor, error));
      const stalled = this.current;
      if (stalled) {
        this.restartRequested = true;
        await stalled.close().catch(() => undefined);
      }
    } finally {
      this.probing = false;
    }
  }

  private report(error: Error): void {
    try {
      this.handlers.onError?.(error);
    } catch {
      // A throwing onError must not stop supervision.
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timeout = setTimeout(done, ms);
      function done() {
        clearTimeout(timeout);
        resolve();
      }
      this.wakeSleep = done;
    });
  }
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** A probe that hangs is as bad as one that fails. */
function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreUnavailableError(`EventStoreDB did not answer a probe within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
