/**
 * The EventStoreDB adapter of the event store port, on `@eventstore/db-client` 6.x. This is the only
 * file that touches the client, so moving to `@kurrent/kurrentdb-client` is a change here.
 *
 * - Streams are named by the caller (`deal-<id>`, `table-<id>`, ...); `$` names are refused.
 * - Appends chain events with the shared hash chain: the last event of the stream is read first and
 *   the batch is written with the exact revision read, so the chain cannot fork; `any` and
 *   `streamExists` retry a bounded number of times when another writer got in between.
 * - Idempotence is the server's: the same event ids at the same expected revision succeed with the
 *   original result; for `any` a retry of the batch now at the tail of the stream is recognised too.
 * - Positions are `"<commit>/<prepare>"` strings; revisions are bigint.
 * - Reads by stream prefix or event type (readAll with a filter, listStreams(prefix)) filter on the
 *   server: client 6.x sends NoFilter on plain $all reads, so they are filtered catch-up
 *   subscriptions read up to the server's CaughtUp (sent by 23.10+), which transfer only matching
 *   events plus rare checkpoints. An unfiltered readAll is a plain $all read. Subscriptions filter
 *   on the server too and are supervised (supervised-subscription.ts).
 * - Failover: not-leader, unavailable and deadline errors are retried with backoff (failover.ts):
 *   an append is sent again with the same event ids and expected revision, so one the old leader
 *   wrote but never acknowledged is recognised by the server and not written twice; reads resume
 *   after the last event they delivered; subscriptions resume from their last position.
 * - Start-up check (first use): a server that reports a version before 23.10 is refused.
 */
import {
  BACKWARDS,
  END,
  FORWARDS,
  NO_STREAM,
  START,
  jsonEvent,
  type AppendExpectedRevision,
  type EventStoreDBClient,
  type JSONType,
} from '@eventstore/db-client';
import type {
  AppendBatch,
  AppendResult,
  EventStore,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StreamRead,
  SubscribeOptions,
  Subscription,
  SubscriptionHandlers,
} from '../event-store';
import type { ExpectedRevision } from '../expected-revision';
import { ConcurrencyError, InvalidEventError, StoreUnavailableError } from '../errors';
import { DEFAULT_MAX_EVENT_BYTES, prepareEvent, sealEvents, type PreparedEvent } from '../hash-chain';
import { NO_UPCASTERS, upcastEvent, type UpcasterRegistry } from '../versioning/upcasting';
import { isFailover, isStreamNotFound, isWrongExpectedVersion, toStoreError, type ErrorContext } from './esdb-errors';
import { DEFAULT_FAILOVER, failoverDelay, type FailoverTiming } from './failover';
import { checkServerVersion } from './server-version';
import { DEFAULT_SUPERVISION, SupervisedSubscription, type Feed, type FeedItem, type SupervisionTiming } from './supervised-subscription';
import { compareEsdbPositions, formatCheckpoint, formatPosition, parsePosition } from './esdb-positions';
import { matches, serverFilter, type ClientEvent, type EventFilter } from './esdb-filters';
import { WireOrderReader, type SubscriptionStream } from './wire-order-reader';
import { appendConcurrently } from './append-many';
import { ReadEndedEarlyError, checkCount, checkExpected, checkStreamName, stringMetadata } from './esdb-checks';
import { filteredRead, plainRead } from './esdb-reads';
import { DEFAULT_MAX_APPEND_BYTES, appendBytes, checkAppendSize, splitBySize } from './append-size';

export { compareEsdbPositions } from './esdb-positions';

export interface EsdbEventStoreOptions {
  readonly upcasters?: UpcasterRegistry;
  readonly maxEventBytes?: number;
  /** Extra attempts, with jittered backoff, for `any` / `streamExists` appends that lose a race (default 10). */
  readonly appendRetries?: number;
  readonly subscription?: Partial<SupervisionTiming>;
  /** Refuse appends (StoreUnavailableError), as the SQLite adapter does when opened read-only. */
  readonly readonly?: boolean;
  /** Retries after not-leader, unavailable and deadline errors (failover.ts). */
  readonly failover?: Partial<FailoverTiming>;
  /** Batches of one appendMany appended at once (default 8). */
  readonly appendManyInFlight?: number;
  /** The server's MaxAppendSize (default 1,048,576 bytes): larger batches are split (append-size.ts). */
  readonly maxAppendBytes?: number;
  /**
   * The client the read models' catch-up uses ($all reads, listings, subscriptions, probes), where
   * a stale answer is harmless: a follower's, by the connection string's `nodePreference`
   * (esdb-connection.ts). Default: the same client as commands.
   */
  readonly catchUpClient?: EventStoreDBClient;
  /** The user the connection string names, for access-denied messages. */
  readonly userName?: string;
  /** Credentials sent with each append: client 6.x then appends with Append (see esdb-connection.ts). */
  readonly appendCredentials?: { readonly username: string; readonly password: string };
}

/** Stream reads and appends of command handling read their own writes: only the leader may answer them. */
const ON_LEADER = { requiresLeader: true } as const;

export class EsdbEventStore implements EventStore {
  private readonly upcasters: UpcasterRegistry;
  private readonly maxEventBytes: number;
  private readonly appendRetries: number;
  private readonly supervision: SupervisionTiming;
  private readonly readonly: boolean;
  private readonly failover: FailoverTiming;
  private readonly appendManyInFlight: number;
  private readonly maxAppendBytes: number;
  private readonly reader: EventStoreDBClient;
  private readonly userName: string | undefined;
  private readonly appendOptions: { readonly requiresLeader: true; readonly credentials?: { readonly username: string; readonly password: string } };
  private serverChecked: Promise<void> | undefined;
  private disposed = false;
  private readonly subscriptions = new Set<Subscription>();

  constructor(
    private readonly client: EventStoreDBClient,
    options: EsdbEventStoreOptions = {},
  ) {
    this.upcasters = options.upcasters ?? NO_UPCASTERS;
    this.maxEventBytes = options.maxEventBytes ?? DEFAULT_MAX_EVENT_BYTES;
    this.appendRetries = options.appendRetries ?? 10;
    this.supervision = { ...DEFAULT_SUPERVISION, ...options.subscription };
    this.readonly = options.readonly === true;
    this.failover = { ...DEFAULT_FAILOVER, ...options.failover };
    this.appendManyInFlight = Math.max(1, Math.floor(options.appendManyInFlight ?? 8));
    this.maxAppendBytes = options.maxAppendBytes ?? DEFAULT_MAX_APPEND_BYTES;
    this.reader = options.catchUpClient ?? client;
    this.userName = options.userName;
    this.appendOptions = options.appendCredentials ? { ...ON_LEADER, credentials: options.appendCredentials } : ON_LEADER;
  }

  /** Context for errors: the operation, and the ACL right it needs on which stream. */
  private context(operation: string, right: 'read' | 'write', streamName: string, extra: Partial<ErrorContext> = {}): ErrorContext {
    return { operation, access: { right, streamName, userName: this.userName }, ...extra };
  }

  /**
   * Once per store object: refuses a server older than 23.10 (filtered reads end at its CaughtUp).
   * A server that cannot be reached is not judged; the operation then reports it in its own way.
   */
  private checkServer(): Promise<void> {
    const checked =
      this.serverChecked ??
      checkServerVersion(this.client).then(
        () => undefined,
        (error: unknown) => {
          this.serverChecked = undefined;
          if (isFailover(error)) return;
          throw error;
        },
      );
    this.serverChecked = checked;
    return checked;
  }

  /** Runs `operation` again after failover errors, with backoff, within the failover budget. */
  private async withFailover<T>(operation: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await operation();
      } catch (error) {
        if (!isFailover(error) || attempt >= this.failover.attempts || this.disposed) throw error;
        await failoverDelay(this.failover, attempt);
      }
    }
  }

  comparePositions(a: string, b: string): number {
    return compareEsdbPositions(a, b);
  }

  private assertOpen(): void {
    if (this.disposed) throw new StoreUnavailableError('the EventStoreDB event store is closed (dispose() was called)');
  }

  async appendToStream(streamName: string, events: readonly NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    this.assertOpen();
    const prepared = this.prepareBatch(streamName, events, options?.expectedRevision);
    if (this.readonly) throw new StoreUnavailableError(`append to ${streamName}: the store was opened read-only`);
    return this.appendPrepared(streamName, events, prepared, options.expectedRevision);
  }

  /**
   * EventStoreDB has no transaction across streams: every batch is checked first (bad input
   * anywhere writes nothing), then up to `appendManyInFlight` batches are appended at once (a bulk
   * import keeps several deals in flight instead of waiting a round trip per deal), each with its
   * own expected revision and all-or-nothing on its own; batches of the same stream go one after
   * another, in the order given. On a failure no further batch starts; the batches in flight
   * finish, and the error names the first failing batch. Each batch keeps its event ids, so
   * running the call again completes it without writing anything twice.
   */
  async appendMany(batches: readonly AppendBatch[]): Promise<AppendResult[]> {
    this.assertOpen();
    if (!Array.isArray(batches) || batches.length === 0) throw new InvalidEventError('appendMany: no batches given (it needs at least one)');
    const prepared = batches.map((b, k) => {
      try {
        return this.prepareBatch(b?.streamName, b?.events, b?.expectedRevision);
      } catch (err) {
        if (err instanceof InvalidEventError) throw new InvalidEventError(`appendMany batch #${k}: ${err.message}`);
        throw err;
      }
    });
    if (this.readonly) throw new StoreUnavailableError(`append to ${batches.length} streams: the store was opened read-only`);
    return appendConcurrently(batches, this.appendManyInFlight, (batch, index) =>
      this.appendPrepared(batch.streamName, batch.events, prepared[index], batch.expectedRevision),
    );
  }

  /** Checks one batch and serialises its events (recordedAt from the store's clock unless set). */
  private prepareBatch(streamName: unknown, events: readonly NewEvent[] | undefined, expected: unknown): PreparedEvent[] {
    checkStreamName(streamName);
    checkExpected(expected);
    if (!Array.isArray(events) || events.length === 0) {
      throw new InvalidEventError(`append to ${String(streamName)}: no events given (an append needs at least one)`);
    }
    // recordedAt is the store's clock unless the caller set it, as in the SQLite adapter, so both write the same chain.
    const recordedAt = new Date().toISOString();
    const prepared = events.map((event, index) => {
      const checked = prepareEvent(event, index, this.maxEventBytes);
      return checked.metadata.recordedAt ? checked : { ...checked, metadata: { ...checked.metadata, recordedAt } };
    });
    if (new Set(prepared.map((event) => event.eventId)).size !== prepared.length) {
      throw new InvalidEventError(`append to ${String(streamName)}: the same eventId appears twice in one append`);
    }
    checkAppendSize(streamName, prepared, this.maxAppendBytes);
    return prepared;
  }

  private async appendPrepared(streamName: string, events: readonly NewEvent[], prepared: PreparedEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    await this.checkServer();
    for (let attempt = 0; ; attempt++) {
      const tail = expected === 'noStream' ? [] : await this.readTail(streamName, typeof expected === 'bigint' ? 1 : prepared.length);
      const last = tail[0];
      let pinned: AppendExpectedRevision;
      let prevHash: string | null;
      let done = 0;
      if (expected === 'noStream') {
        pinned = NO_STREAM;
        prevHash = null;
      } else if (typeof expected === 'bigint') {
        // On a mismatch the server either replays (same ids) or refuses; the hash is then unused.
        pinned = expected;
        prevHash = last?.metadata.hash ?? null;
      } else if (!last) {
        if (expected === 'streamExists') throw new ConcurrencyError(streamName, 'streamExists', 'noStream');
        pinned = NO_STREAM;
        prevHash = null;
      } else {
        const replay = this.replayAtTail(
          tail,
          prepared.map((event) => event.eventId),
        );
        if (replay) return replay;
        // A batch split by size (append-size.ts) whose first parts are written already: append the rest.
        done = this.writtenAtTail(
          tail,
          prepared.map((event) => event.eventId),
        );
        pinned = last.revision;
        prevHash = last.metadata.hash ?? null;
      }
      const todo = prepared.slice(done);
      const sealed = sealEvents(prevHash, todo);
      const payload = sealed.map((event, index) =>
        jsonEvent({ id: event.eventId, type: event.type, data: events[done + index].data as JSONType, metadata: event.metadata }),
      );
      try {
        // The same bytes (ids, chain, expected revision) go to whichever node leads after a failover.
        let expectedNow = pinned;
        let position = '';
        for (const run of splitBySize(todo.map(appendBytes), this.maxAppendBytes)) {
          const part = payload.slice(run.start, run.end);
          const at = expectedNow;
          const result = await this.withFailover(() => this.client.appendToStream(streamName, part, { expectedRevision: at, ...this.appendOptions }));
          expectedNow = result.nextExpectedRevision;
          position = formatPosition(result.position);
        }
        return { nextExpectedRevision: expectedNow as bigint, position };
      } catch (error) {
        const retryable = (expected === 'any' || expected === 'streamExists') && isWrongExpectedVersion(error);
        if (retryable && attempt < this.appendRetries) {
          // Jitter so that racing writers stop colliding in lockstep.
          await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(200, 5 * 2 ** attempt)));
          continue;
        }
        throw toStoreError(error, this.context(`append to ${streamName}`, 'write', streamName, { streamName, expected }));
      }
    }
  }

  /** The batch was already appended and is the tail of the stream: report the original result. */
  private replayAtTail(tailNewestFirst: readonly RecordedEvent[], ids: readonly string[]): AppendResult | undefined {
    if (tailNewestFirst.length < ids.length) return undefined;
    const oldestFirst = tailNewestFirst.slice(0, ids.length).reverse();
    if (!oldestFirst.every((event, index) => event.eventId === ids[index])) return undefined;
    const last = tailNewestFirst[0];
    return { nextExpectedRevision: last.revision, position: last.position };
  }

  /** How many of the batch's first events end the stream already (the parts of a split append written before a failure). */
  private writtenAtTail(tailNewestFirst: readonly RecordedEvent[], ids: readonly string[]): number {
    for (let count = Math.min(ids.length - 1, tailNewestFirst.length); count > 0; count--) {
      const oldestFirst = tailNewestFirst.slice(0, count).reverse();
      if (oldestFirst.every((event, index) => event.eventId === ids[index])) return count;
    }
    return 0;
  }

  /** Up to `count` last events of the stream, newest first, without upcasting (the chain needs the stored form). */
  private async readTail(streamName: string, count: number): Promise<RecordedEvent[]> {
    try {
      return await this.withFailover(async () => {
        const events: RecordedEvent[] = [];
        for await (const resolved of this.client.readStream(streamName, { direction: BACKWARDS, fromRevision: END, maxCount: count, ...ON_LEADER })) {
          if (resolved.event) events.push(this.toRecorded(resolved.event, false));
        }
        return events;
      });
    } catch (error) {
      if (isStreamNotFound(error)) return [];
      throw toStoreError(error, this.context(`read of ${streamName}`, 'read', streamName));
    }
  }

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<StreamRead> {
    this.assertOpen();
    checkStreamName(streamName);
    const direction = options.direction ?? 'forwards';
    if (direction !== 'forwards' && direction !== 'backwards')
      throw new InvalidEventError(`direction must be 'forwards' or 'backwards', got ${String(direction)}`);
    checkCount(options.maxCount);
    if (options.fromRevision !== undefined && (typeof options.fromRevision !== 'bigint' || options.fromRevision < 0n)) {
      throw new InvalidEventError(`fromRevision must be a bigint >= 0, got ${String(options.fromRevision)}`);
    }
    const missing: StreamRead = { exists: false, events: [], currentRevision: -1n };
    let events: RecordedEvent[] = [];
    if (options.maxCount !== 0) {
      try {
        events = await this.withFailover(async () => {
          const read = this.client.readStream(streamName, {
            direction: direction === 'forwards' ? FORWARDS : BACKWARDS,
            fromRevision: options.fromRevision ?? (direction === 'forwards' ? START : END),
            maxCount: options.maxCount ?? Number.MAX_SAFE_INTEGER,
            ...ON_LEADER,
          });
          const out: RecordedEvent[] = [];
          for await (const resolved of read) if (resolved.event) out.push(this.toRecorded(resolved.event, options.raw !== true));
          return out;
        });
      } catch (error) {
        if (isStreamNotFound(error)) return missing;
        throw toStoreError(error, this.context(`read of ${streamName}`, 'read', streamName));
      }
    }
    const reachedEnd =
      events.length > 0 &&
      (direction === 'backwards' ? options.fromRevision === undefined : options.maxCount === undefined || events.length < options.maxCount);
    if (reachedEnd) {
      const newest = direction === 'backwards' ? events[0] : events[events.length - 1];
      return { exists: true, events, currentRevision: newest.revision };
    }
    const [last] = await this.readTail(streamName, 1);
    if (!last) return missing;
    return { exists: true, events, currentRevision: last.revision };
  }

  readAll(options: ReadAllOptions = {}): AsyncIterable<RecordedEvent> {
    checkCount(options.maxCount);
    const after = options.after === undefined ? undefined : options.after;
    if (after !== undefined) parsePosition(after);
    return this.scanAll(after, options, true, options.maxCount ?? Number.POSITIVE_INFINITY);
  }

  async *listStreams(prefix?: string): AsyncIterable<string> {
    const filter = prefix ? { streamPrefixes: [prefix] } : {};
    for await (const event of this.scanAll(undefined, filter, false, Number.POSITIVE_INFINITY)) {
      if (event.revision === 0n) yield event.streamName;
    }
  }

  /**
   * Reads $all forwards after `after` (exclusive): filtered on the server when the filter names
   * prefixes or types, else a plain read. After a failover error it resumes after the last event
   * it delivered (the client reads from a position inclusively, so that event is skipped).
   */
  private async *scanAll(after: string | undefined, filter: EventFilter, upcast: boolean, maxCount: number): AsyncGenerator<RecordedEvent> {
    this.assertOpen();
    if (maxCount <= 0) return;
    await this.checkServer();
    const serverSide = Boolean(filter.streamPrefixes?.length || filter.eventTypes?.length);
    let position = after;
    let delivered = 0;
    for (let attempt = 0; ;) {
      try {
        const source = serverSide ? filteredRead(this.reader, position, filter) : plainRead(this.reader, position);
        for await (const event of source) {
          if (!matches(event, filter)) continue;
          const recorded = this.toRecorded(event, upcast);
          if (position !== undefined && compareEsdbPositions(recorded.position, position) <= 0) continue;
          position = recorded.position;
          attempt = 0;
          yield recorded;
          if (++delivered >= maxCount) return;
        }
        return;
      } catch (error) {
        const retryable = isFailover(error) || error instanceof ReadEndedEarlyError;
        if (!retryable || attempt >= this.failover.attempts || this.disposed) throw toStoreError(error, this.context('read of $all', 'read', '$all'));
        await failoverDelay(this.failover, attempt++);
      }
    }
  }

  subscribeToAll(handlers: SubscriptionHandlers, options: SubscribeOptions = {}): Subscription {
    this.assertOpen();
    if (!handlers || typeof handlers.onEvent !== 'function') throw new InvalidEventError('subscribeToAll needs an onEvent handler');
    if (options.after !== undefined) parsePosition(options.after);
    const filter: EventFilter = { streamPrefixes: options.streamPrefixes, eventTypes: options.eventTypes };
    const supervised = new SupervisedSubscription(
      handlers,
      {
        open: (after) => this.openFeed(after, filter),
        probe: () => this.probe(),
        comparePositions: compareEsdbPositions,
        toError: (error) => toStoreError(error, this.context('subscription to $all', 'read', '$all')),
      },
      options.after,
      this.supervision,
    );
    this.subscriptions.add(supervised);
    return {
      close: async () => {
        this.subscriptions.delete(supervised);
        await supervised.close();
      },
    };
  }

  private openFeed(after: string | undefined, filter: EventFilter): Feed {
    let reader: WireOrderReader | undefined;
    const subscription = this.reader.subscribeToAll({
      fromPosition: after === undefined ? START : parsePosition(after),
      filter: serverFilter(filter, (position) => reader?.mark({ kind: 'checkpoint', position: formatCheckpoint(position) })),
    });
    reader = new WireOrderReader(subscription as unknown as SubscriptionStream);
    const source = reader.items();
    const toRecorded = (event: ClientEvent) => this.toRecorded(event, true);
    async function* items(): AsyncGenerator<FeedItem> {
      for await (const item of source) {
        if (item.kind !== 'raw') yield item;
        else if (matches(item.event, filter)) yield { kind: 'event', event: toRecorded(item.event) };
        else yield { kind: 'passed', position: formatPosition(item.event.position) };
      }
    }
    const opened = reader;
    return { items: items(), close: () => opened.close() };
  }

  /** A trivial read that only a reachable server answers. */
  private async probe(): Promise<void> {
    const read = this.reader.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 });
    // Reads have no deadline in client 6.x: cut a probe that hangs.
    const timer = setTimeout(() => {
      void read.cancel().finally(() => read.destroy(new StoreUnavailableError('EventStoreDB did not answer a probe')));
    }, this.supervision.livenessIntervalMs);
    try {
      for await (const _ of read) void _;
    } finally {
      clearTimeout(timer);
    }
  }

  private toRecorded(event: ClientEvent, upcast: boolean): RecordedEvent {
    const metadata = stringMetadata(event.metadata);
    const stored = { type: event.type, data: event.data as unknown, metadata };
    const current = upcast ? upcastEvent(this.upcasters, stored) : stored;
    return {
      streamName: event.streamId,
      type: current.type,
      data: current.data,
      metadata: current.metadata,
      eventId: metadata.eventId ?? event.id,
      revision: event.revision,
      position: formatPosition(event.position),
    };
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close().catch(() => undefined)));
    this.subscriptions.clear();
    await this.client.dispose();
    if (this.reader !== this.client) await this.reader.dispose();
  }
}
