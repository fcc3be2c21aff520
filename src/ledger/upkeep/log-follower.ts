/**
 * Follows the global log for the Ledger's listeners: every event appended from the moment the
 * first listener came, by this process or any other (a CLI import into the same SQLite file,
 * another API instance on the same EventStoreDB), delivered once, in log order.
 *
 * Events recorded through this Ledger are delivered before its command returns (deliverNew from
 * the command path), together with anything another writer appended before them; a timer picks up
 * the rest. Where the store has a change token (SQLite) a poll costs one pragma while nothing
 * changed; elsewhere it is one read of the log's tail.
 */
import type { EventStore, RecordedEvent } from '../../event-store/event-store';

export const FOLLOW_POLL_MS = 250;

export class LogFollower {
  /** The position of the last event delivered (or found as the head at start); undefined: the log was empty. */
  private position: string | undefined;
  private started: Promise<void> | null = null;
  private queue: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private seenToken: string | undefined;

  constructor(
    private readonly store: EventStore,
    private readonly hooks: {
      readonly deliver: (event: RecordedEvent) => void;
      /** A position at or before the head to scan forward from (the projections' checkpoint). */
      readonly near: () => string | undefined;
      /** Runs before each delivery round (the Ledger brings its read models up to date). */
      readonly beforeDelivery?: () => Promise<void>;
    },
    private readonly pollMs = FOLLOW_POLL_MS,
  ) {}

  /** Starts following from the current head: nothing recorded before now is delivered. */
  start(): void {
    if (this.started) return;
    this.started = this.findHead();
    this.started.catch(() => undefined); // reported by the first delivery that awaits it
    this.timer = setInterval(() => void this.poll(), this.pollMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.started = null;
  }

  /** Delivers everything appended since the last delivery; calls run one after another. */
  deliverNew(): Promise<void> {
    const run = this.queue.then(() => this.readNew());
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async findHead(): Promise<void> {
    this.seenToken = this.store.changeToken?.();
    let head = this.hooks.near();
    for await (const e of this.store.readAll({ after: head })) head = e.position;
    this.position = head;
  }

  private async readNew(): Promise<void> {
    const started = this.started;
    if (!started) return;
    await started;
    await this.hooks.beforeDelivery?.();
    for await (const e of this.store.readAll({ after: this.position })) {
      if (this.started !== started) return; // stopped meanwhile
      this.position = e.position;
      this.hooks.deliver(e);
    }
  }

  private async poll(): Promise<void> {
    try {
      if (this.store.changeToken) {
        const token = this.store.changeToken();
        if (token === this.seenToken) return;
        this.seenToken = token; // taken before reading: a later append moves it again
      }
      await this.deliverNew();
    } catch (err) {
      process.emitWarning(`following the event log: ${(err as Error).message}`);
    }
  }
}
