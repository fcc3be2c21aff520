import { SEED_STREAM_PREFIX } from '../../deal/events';
import type { CommandOutcome } from '../../command-handling/command-types';
import type { EventStore, RecordedEvent } from '../../event-store/event-store';
import { dealSummaryProjection } from '../../projections/deal-summary/deal-summary-projection';
import { checkReadModelBinding, ReadModelMismatchError, type ReadModelMismatchPolicy } from '../../projections/read-model-binding';
import type { ReadModelDb } from '../../projections/read-model-db';
import { ProjectionRunner } from '../../projections/runner';
import type { ProjectionDefinition } from '../../projections/projection-definition';
import { REGISTERED_PROJECTIONS } from '../../projections/registered-projections';
import { LogFollower } from './log-follower';
import { checkReadiness, type Readiness } from '../readiness';
import { SubscriptionFollower } from './subscription-follower';

/** How long a command waits for its own events to come back through the live subscription (a bound, not a timing). */
const REACH_LIMIT_MS = 10_000;

/**
 * Keeps the read models up to date and tells listeners about new events: the projection runner,
 * the follower of the log, the binding check at start, catch-up after each append, rebuild and
 * readiness. Everything else in the ledger reads read models only after asking this to catch up.
 */
export class ReadModelUpkeep {
  private readonly listeners = new Set<(event: RecordedEvent) => void>();
  private readonly runner: ProjectionRunner;
  /**
   * Runs while anybody listens: brings them the events of every writer, once each, in log order.
   * Over a store with a change token (SQLite) it polls, which costs a pragma while nothing changed;
   * otherwise (EventStoreDB) it is one live subscription that also keeps the read models up to
   * date, from the first listener (an API server) until the ledger closes.
   */
  private readonly follower: LogFollower | SubscriptionFollower;

  constructor(
    private readonly store: EventStore,
    private readonly db: ReadModelDb,
    projections: readonly ProjectionDefinition[] = REGISTERED_PROJECTIONS,
  ) {
    this.runner = new ProjectionRunner(db, store, projections);
    this.follower = store.changeToken
      ? new LogFollower(store, {
          deliver: (e) => this.tell(e),
          near: () => this.runner.checkpoint().position,
          // Read models first, so a listener that reads them sees another writer's events applied.
          beforeDelivery: () => this.runner.catchUp(false).then(() => undefined),
        })
      : new SubscriptionFollower(store, {
          checkpoint: () => this.runner.checkpoint().position,
          apply: (events) => this.runner.applyLive(events),
          catchUpByReading: () => this.runner.catchUp(false).then(() => undefined),
          deliver: (e) => this.tell(e),
          warn: (error) => process.emitWarning(`following the event log: ${error.message}`),
        });
  }

  /**
   * Before anything is served: rows built from another store must not answer for this one. Checks
   * the binding (refused, or rebuilt by the policy; `skip` for `rebuild` itself), then catches up.
   * Returns why the read models were rebuilt, if they were.
   */
  async start(readModelUrl: string, mismatch: ReadModelMismatchPolicy | 'skip' | undefined): Promise<string | undefined> {
    let rebuiltBecause: string | undefined;
    if (mismatch !== 'skip') {
      const check = await checkReadModelBinding(this.db, this.store);
      if (!check.ok) {
        if (!check.unbound && mismatch !== 'rebuild') throw new ReadModelMismatchError(readModelUrl, check.reason);
        process.emitWarning(`read models in ${readModelUrl} rebuilt at start: ${check.reason}`);
        await this.runner.rebuild();
        rebuiltBecause = check.reason;
      }
    }
    await this.runner.catchUp(false);
    return rebuiltBecause;
  }

  /** Told after each batch written to the live read models which views it changed (ProjectionRunner.afterBatch). */
  afterBatch(listener: (views: ReadonlySet<string>) => void): void {
    this.runner.afterBatch = listener;
  }

  /** Changes whenever the log the read models hold moves (a key for results computed from them). */
  logPosition(): string {
    const c = this.runner.checkpoint();
    return `${c.position ?? ''}/${c.events}`;
  }

  /** Changes whenever the rows a table's sheet or a tournament is built from may have changed (ProjectionRunner.versionOf). */
  versionOf(kind: 'table' | 'tournament', id: string): string {
    return this.runner.versionOf(kind, id);
  }

  /** Brings the read models up to date; while a live subscription keeps them so, without reading the log. */
  async catchUp(): Promise<void> {
    if (this.follower instanceof SubscriptionFollower && this.follower.following) await this.follower.settled();
    else await this.runner.catchUp(false);
  }

  /**
   * Brings the read models up to date, then tells listeners about the events just recorded (and
   * anything another writer appended before them) before the command returns.
   */
  async afterAppend(outcome: CommandOutcome): Promise<void> {
    if (this.follower instanceof SubscriptionFollower && this.follower.following) {
      // The subscription brings the events back: wait for them instead of reading $all.
      if (!outcome.alreadyApplied && outcome.events.length > 0) await this.reachStreamEnd(outcome.streamName);
      return;
    }
    await this.runner.catchUp(false);
    if (outcome.alreadyApplied || outcome.events.length === 0 || this.listeners.size === 0) return;
    if (this.follower instanceof LogFollower) await this.follower.deliverNew();
  }

  /** Waits until the live subscription has applied and delivered the stream's last event. */
  private async reachStreamEnd(streamName: string): Promise<void> {
    if (!(this.follower instanceof SubscriptionFollower)) return;
    const read = await this.store.readStream(streamName, { direction: 'backwards', maxCount: 1 });
    const last = read.events[0];
    if (last && !(await this.follower.reach(last.position, REACH_LIMIT_MS))) {
      process.emitWarning(
        `following the event log: ${streamName}'s new events have not come back through the subscription within ${REACH_LIMIT_MS} ms; the command is recorded, its read models follow when they do`,
      );
    }
  }

  private tell(event: RecordedEvent): void {
    for (const l of this.listeners) l(event);
  }

  /**
   * After events were appended straight to the store (a bulk import): the read models catch up
   * (empty ones load as a rebuild does) and listeners hear the new events.
   */
  async appendedInBulk(): Promise<void> {
    await this.runner.catchUp(false);
    // A live subscription tells the listeners by itself.
    if (this.listeners.size > 0 && this.follower instanceof LogFollower) await this.follower.deliverNew();
  }

  /** Called after the projections have applied each event recorded through this ledger. */
  subscribe(listener: (event: RecordedEvent) => void): () => void {
    this.follower.start();
    // A live subscription may still bring events from before this call: the listener hears only later ones.
    const from = this.follower instanceof SubscriptionFollower ? this.follower.position() : undefined;
    const later = from === undefined ? listener : (event: RecordedEvent) => void (this.store.comparePositions(event.position, from) > 0 && listener(event));
    // Fair dealing's kept seeds are secret until revealed in their deal: no listener (subscriptions, caches) ever hears them.
    const told = (event: RecordedEvent): void => void (!event.streamName.startsWith(SEED_STREAM_PREFIX) && later(event));
    this.listeners.add(told);
    return () => {
      this.listeners.delete(told);
      if (this.listeners.size === 0 && this.follower instanceof LogFollower) this.follower.stop();
    };
  }

  /** Rebuilds every projection into new tables and swaps them in (see ProjectionRunner.rebuild). */
  async rebuild(): Promise<{ events: number; deals: number }> {
    const rebuilt = await this.runner.rebuild();
    // A live subscription may have applied events to the old tables after the rebuild read them: read them again.
    if (this.follower instanceof SubscriptionFollower && this.follower.following) await this.runner.catchUp(false);
    return { events: rebuilt.events, deals: rebuilt.rows[dealSummaryProjection.name] ?? 0 };
  }

  /** Store reachable, read models caught up (for a readiness probe; see readiness.ts). */
  async readiness(timeoutMs = 2_000): Promise<Readiness> {
    return checkReadiness(
      {
        catchUp: () => this.catchUp(),
        anythingPending: async () => {
          const after = this.runner.checkpoint().position;
          for await (const _ of this.store.readAll({ after, eventTypes: this.runner.eventTypes, maxCount: 1, lazyMetadata: true })) return true;
          return false;
        },
      },
      timeoutMs,
    );
  }

  /** Stops following the log; the listeners hear nothing more. */
  async stop(): Promise<void> {
    this.listeners.clear();
    await this.follower.stop();
  }
}
