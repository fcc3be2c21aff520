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
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  eventTypeFilter,
  excludeSystemEvents,
  jsonEvent,
  streamNameFilter,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type Filter,
  type JSONType,
  type Position,
  type ResolvedEvent,
  type StreamingRead,
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
import type { EventMetadata } from '../event-metadata';
import type { ExpectedRevision } from '../expected-revision';
import { ConcurrencyError, InvalidEventError, StoreConfigError, StoreUnavailableError } from '../errors';
import { DEFAULT_MAX_EVENT_BYTES, prepareEvent, sealEvents, type PreparedEvent } from '../hash-chain';
import { NO_UPCASTERS, upcastEvent, type UpcasterRegistry } from '../versioning/upcasting';
import { isClientCancellation, isFailover, isStreamNotFound, isWrongExpectedVersion, toStoreError } from './esdb-errors';
import { DEFAULT_FAILOVER, failoverDelay, type FailoverTiming } from './failover';
import { checkServerVersion } from './server-version';
import { DEFAULT_SUPERVISION, SupervisedSubscription, type Feed, type FeedItem, type SupervisionTiming } from './supervised-subscription';

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
}

/**
 * Filtered reads want the events, not progress reports: a checkpoint every 32 × 10,000 events the
 * server scans (a subscription that follows the log keeps the client's default, every 32).
 */
const READ_CHECKPOINT_INTERVAL = 10_000;

type ClientEvent = NonNullable<ResolvedEvent['event']>;

/** A filtered read whose subscription the server ended before CaughtUp (it is resumed, like a failover). */
class ReadEndedEarlyError extends StoreUnavailableError {
  constructor() {
    super('EventStoreDB ended a filtered read before it caught up');
  }
}

const POSITION = /^(\d+)(?:\/(\d+))?$/;

function parsePosition(position: string): Position {
  const match = typeof position === 'string' ? POSITION.exec(position) : null;
  if (!match) throw new InvalidEventError(`not an EventStoreDB position: ${JSON.stringify(position)} (expected "<commit>/<prepare>" or a decimal)`);
  const commit = BigInt(match[1]);
  return { commit, prepare: match[2] === undefined ? commit : BigInt(match[2]) };
}

function formatPosition(position: Position | undefined): string {
  if (!position) throw new Error('EventStoreDB returned an event without a position');
  return `${position.commit}/${position.prepare}`;
}

export function compareEsdbPositions(a: string, b: string): number {
  const left = parsePosition(a);
  const right = parsePosition(b);
  if (left.commit !== right.commit) return left.commit < right.commit ? -1 : 1;
  if (left.prepare !== right.prepare) return left.prepare < right.prepare ? -1 : 1;
  return 0;
}

function isSystem(event: ClientEvent): boolean {
  return event.streamId.startsWith('$') || event.type.startsWith('$');
}

function checkStreamName(streamName: unknown): asserts streamName is string {
  if (typeof streamName !== 'string' || streamName.length === 0) throw new InvalidEventError('stream name must be a non-empty string');
  if (streamName.startsWith('$')) throw new InvalidEventError(`stream name ${streamName} is reserved for EventStoreDB system streams`);
}

function checkCount(maxCount: number | undefined): void {
  if (maxCount !== undefined && (!Number.isSafeInteger(maxCount) || maxCount < 0)) {
    throw new InvalidEventError(`maxCount must be a non-negative integer, got ${maxCount}`);
  }
}

function checkExpected(expected: unknown): asserts expected is ExpectedRevision {
  if (expected === 'any' || expected === 'noStream' || expected === 'streamExists') return;
  if (typeof expected === 'bigint' && expected >= 0n) return;
  throw new InvalidEventError(`expected revision must be 'any', 'noStream', 'streamExists' or a bigint >= 0, got ${String(expected)}`);
}

function stringMetadata(raw: unknown): EventMetadata {
  const metadata: Record<string, string> = {};
  if (raw !== null && typeof raw === 'object' && !(raw instanceof Uint8Array)) {
    for (const [key, value] of Object.entries(raw)) if (typeof value === 'string') metadata[key] = value;
  }
  return metadata as EventMetadata;
}

interface EventFilter {
  readonly streamPrefixes?: readonly string[];
  readonly eventTypes?: readonly string[];
}

function matches(event: ClientEvent, filter: EventFilter): boolean {
  if (isSystem(event)) return false;
  if (filter.streamPrefixes?.length && !filter.streamPrefixes.some((prefix) => event.streamId.startsWith(prefix))) return false;
  if (filter.eventTypes?.length && !filter.eventTypes.includes(event.type)) return false;
  return true;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The server-side filter of a subscription. The server filters on one attribute: exact event types
 * when given (the narrower as a rule: a projection's types, one type per deal), else stream
 * prefixes, else no system events; the other attribute is checked on the client.
 */
function serverFilter(filter: EventFilter, checkpointReached: (position: Position) => void, checkpointInterval = 1): Filter {
  const onCheckpoint = { checkpointInterval, checkpointReached: (_subscription: unknown, position: Position) => checkpointReached(position) };
  if (filter.eventTypes?.length) return eventTypeFilter({ regex: `^(?:${filter.eventTypes.map(escapeRegex).join('|')})$`, ...onCheckpoint });
  if (filter.streamPrefixes?.length) return streamNameFilter({ prefixes: [...filter.streamPrefixes], ...onCheckpoint });
  return excludeSystemEvents(onCheckpoint);
}

interface SubscriptionStream extends NodeJS.ReadableStream {
  readonly readableLength: number;
  unsubscribe(): Promise<void>;
  destroy(): void;
}

type WireItem = FeedItem | { readonly kind: 'raw'; readonly event: ClientEvent };

/**
 * Reads one client subscription in wire order. Client 6.x emits `caughtUp`/`confirmation` and calls
 * `checkpointReached` when it parses the message, while earlier events may still sit in its
 * buffer; each such marker therefore waits until the events buffered before it were consumed (and,
 * since the consumer awaits its handler before asking for more, handled). Listeners are attached
 * at construction, before the client can emit anything.
 */
class WireOrderReader {
  private readonly markers: { readonly after: number; readonly item: FeedItem }[] = [];
  private consumed = 0;
  private failure: unknown;
  private ended = false;
  private closed = false;
  private notify: (() => void) | undefined;

  constructor(private readonly subscription: SubscriptionStream) {
    subscription.on('error', (error) => ((this.failure = error), this.wake()));
    subscription.on('end', () => ((this.ended = true), this.wake()));
    subscription.on('close', () => this.wake());
    subscription.on('readable', () => this.wake());
    subscription.on('confirmation', () => this.mark({ kind: 'confirmed' }));
    subscription.on('caughtUp', () => this.mark({ kind: 'caughtUp' }));
  }

  /** A message that is not an event, placed after every event the client has parsed so far. */
  mark(item: FeedItem): void {
    this.markers.push({ after: this.consumed + this.subscription.readableLength, item });
    this.wake();
  }

  async *items(): AsyncGenerator<WireItem> {
    while (!this.closed) {
      while (this.markers.length > 0 && this.markers[0].after <= this.consumed) yield this.markers.shift()!.item;
      const resolved = this.subscription.read() as AllStreamResolvedEvent | null;
      if (resolved !== null) {
        this.consumed++;
        if (resolved.event) yield { kind: 'raw', event: resolved.event };
        continue;
      }
      if (this.failure !== undefined) {
        if (isClientCancellation(this.failure)) return;
        throw this.failure;
      }
      if (this.ended) return;
      await new Promise<void>((resolve) => (this.notify = resolve));
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.wake();
    await this.subscription.unsubscribe().catch(() => undefined);
    this.subscription.destroy();
  }

  private wake(): void {
    const notify = this.notify;
    this.notify = undefined;
    notify?.();
  }
}

/** How long a read that was cut short may take to finish before it is destroyed. */
const CUT_SHORT_GRACE_MS = 5_000;

/**
 * Ends a read the caller stopped before its end. Cancelling alone is not enough: a read whose buffer
 * filled up is paused, and grpc-js delivers the cancellation (which ends the call) only when the
 * next message is asked for; until then the call stays open and `client.dispose()`, which waits
 * for every open call, never returns (seen on Node 24 with a read of $all cut short by maxCount).
 * So cancel, then read out and discard whatever is still buffered until the stream ends.
 */
async function cutShort(read: StreamingRead<unknown>): Promise<void> {
  await read.cancel().catch(() => undefined);
  if (read.readableEnded || read.destroyed) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    // A server that answers nothing more cannot hold the caller: give up and destroy the read.
    const timer = setTimeout(() => (read.destroy(), done()), CUT_SHORT_GRACE_MS);
    timer.unref();
    read.once('end', done).once('close', done).once('error', done);
    read.resume();
  });
}

export class EsdbEventStore implements EventStore {
  private readonly upcasters: UpcasterRegistry;
  private readonly maxEventBytes: number;
  private readonly appendRetries: number;
  private readonly supervision: SupervisionTiming;
  private readonly readonly: boolean;
  private readonly failover: FailoverTiming;
  private readonly appendManyInFlight: number;
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
    const results: AppendResult[] = new Array(batches.length);
    const inFlight = new Set<Promise<void>>();
    const lastOfStream = new Map<string, Promise<void>>();
    // Set from inside the appends, read by the loop: a holder, so the compiler does not narrow it away.
    const failed: { first?: { readonly index: number; readonly error: unknown } } = {};
    for (let k = 0; k < batches.length && !failed.first; k++) {
      while (inFlight.size >= this.appendManyInFlight) await Promise.race(inFlight);
      if (failed.first) break;
      const { streamName, events, expectedRevision } = batches[k];
      const before = lastOfStream.get(streamName);
      const index = k;
      const run = (async () => {
        if (before) await before;
        if (failed.first) return;
        try {
          results[index] = await this.appendPrepared(streamName, events, prepared[index], expectedRevision);
        } catch (error) {
          const first = failed.first as { readonly index: number } | undefined;
          if (!first || index < first.index) failed.first = { index, error };
        }
      })();
      const tracked = run.finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
      lastOfStream.set(streamName, tracked);
    }
    await Promise.all(inFlight);
    if (failed.first) throw failed.first.error;
    return results;
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
    return prepared;
  }

  private async appendPrepared(streamName: string, events: readonly NewEvent[], prepared: PreparedEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    await this.checkServer();
    for (let attempt = 0; ; attempt++) {
      const tail = expected === 'noStream' ? [] : await this.readTail(streamName, typeof expected === 'bigint' ? 1 : prepared.length);
      const last = tail[0];
      let pinned: AppendExpectedRevision;
      let prevHash: string | null;
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
        pinned = last.revision;
        prevHash = last.metadata.hash ?? null;
      }
      const sealed = sealEvents(prevHash, prepared);
      const payload = sealed.map((event, index) =>
        jsonEvent({ id: event.eventId, type: event.type, data: events[index].data as JSONType, metadata: event.metadata }),
      );
      try {
        // The same bytes (ids, chain, expected revision) go to whichever node leads after a failover.
        const result = await this.withFailover(() => this.client.appendToStream(streamName, payload, { expectedRevision: pinned }));
        return { nextExpectedRevision: result.nextExpectedRevision, position: formatPosition(result.position) };
      } catch (error) {
        const retryable = (expected === 'any' || expected === 'streamExists') && isWrongExpectedVersion(error);
        if (retryable && attempt < this.appendRetries) {
          // Jitter so that racing writers stop colliding in lockstep.
          await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(200, 5 * 2 ** attempt)));
          continue;
        }
        throw toStoreError(error, { operation: `append to ${streamName}`, streamName, expected });
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

  /** Up to `count` last events of the stream, newest first, without upcasting (the chain needs the stored form). */
  private async readTail(streamName: string, count: number): Promise<RecordedEvent[]> {
    try {
      return await this.withFailover(async () => {
        const events: RecordedEvent[] = [];
        for await (const resolved of this.client.readStream(streamName, { direction: BACKWARDS, fromRevision: END, maxCount: count })) {
          if (resolved.event) events.push(this.toRecorded(resolved.event, false));
        }
        return events;
      });
    } catch (error) {
      if (isStreamNotFound(error)) return [];
      throw toStoreError(error, { operation: `read of ${streamName}` });
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
          });
          const out: RecordedEvent[] = [];
          for await (const resolved of read) if (resolved.event) out.push(this.toRecorded(resolved.event, options.raw !== true));
          return out;
        });
      } catch (error) {
        if (isStreamNotFound(error)) return missing;
        throw toStoreError(error, { operation: `read of ${streamName}` });
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
        const source = serverSide ? this.filteredRead(position, filter) : this.plainRead(position);
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
        if (!retryable || attempt >= this.failover.attempts || this.disposed) throw toStoreError(error, { operation: 'read of $all' });
        await failoverDelay(this.failover, attempt++);
      }
    }
  }

  /** A plain read of $all from `after` (inclusive; the caller skips the event at `after`). */
  private async *plainRead(after: string | undefined): AsyncGenerator<ClientEvent> {
    const read = this.client.readAll({ direction: FORWARDS, fromPosition: after === undefined ? START : parsePosition(after) });
    let ended = false;
    read.once('end', () => (ended = true));
    try {
      // Not destroyed on an early return: cutShort() has to read out what is left (see there).
      for await (const resolved of read.iterator({ destroyOnReturn: false }) as AsyncIterable<AllStreamResolvedEvent>) if (resolved.event) yield resolved.event;
    } finally {
      if (!ended) await cutShort(read);
    }
  }

  /**
   * The matching events after `after` up to the end of the log as the server sees it: a filtered
   * catch-up subscription, closed at its CaughtUp (events appended meanwhile may come too).
   */
  private async *filteredRead(after: string | undefined, filter: EventFilter): AsyncGenerator<ClientEvent> {
    const subscription = this.client.subscribeToAll({
      fromPosition: after === undefined ? START : parsePosition(after),
      filter: serverFilter(filter, () => undefined, READ_CHECKPOINT_INTERVAL),
    });
    const reader = new WireOrderReader(subscription as unknown as SubscriptionStream);
    try {
      for await (const item of reader.items()) {
        if (item.kind === 'caughtUp') return;
        if (item.kind === 'raw') yield item.event;
      }
      // The server ended the subscription before CaughtUp: the read is incomplete.
      throw new ReadEndedEarlyError();
    } finally {
      await reader.close();
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
        toError: (error) => toStoreError(error, { operation: 'subscription to $all' }),
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
    const subscription = this.client.subscribeToAll({
      fromPosition: after === undefined ? START : parsePosition(after),
      filter: serverFilter(filter, (position) => reader?.mark({ kind: 'checkpoint', position: formatPosition(position) })),
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
    const read = this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 });
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
  }
}

/** Opens the adapter for an `esdb://` or `esdb+discover://` connection string. Connects lazily, on first use. */
export async function openEsdbEventStore(url: string, options: EsdbEventStoreOptions = {}): Promise<EventStore> {
  if (typeof url !== 'string' || !/^esdb(\+discover)?:\/\//.test(url)) {
    throw new StoreConfigError(`not an EventStoreDB connection string: ${JSON.stringify(url)} (expected esdb://host:port?tls=false or esdb+discover://...)`);
  }
  let client: EventStoreDBClient;
  try {
    client = EventStoreDBClient.connectionString(url);
  } catch (error) {
    throw new StoreConfigError(`invalid EventStoreDB connection string ${url}: ${(error as Error).message}`);
  }
  return new EsdbEventStore(client, options);
}
