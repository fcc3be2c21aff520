/**
 * The embedded event store: one SQLite file (better-sqlite3, WAL while open; the last writer to
 * close it leaves it in rollback-journal mode, see journal-at-rest.ts). better-sqlite3 is synchronous,
 * so every call finishes its SQL before it returns; the port's methods are still async.
 *
 * - Appends run in one BEGIN IMMEDIATE transaction: all events of a call or none, and concurrent
 *   writer processes queue on the file lock (busy_timeout) instead of failing at once.
 * - synchronous=NORMAL: in WAL mode this cannot corrupt the file, and a process crash (even
 *   SIGKILL) loses no committed append; only an OS crash or power cut may lose the last commits.
 *   FULL would fsync on every commit, several times slower for deal-sized appends.
 * - Reads page through the log with prepared statements, so memory stays flat whatever its size
 *   and no statement stays open between pages (the connection stays free for appends).
 */
import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import { ConcurrencyError, CorruptEventError, EventIdTakenError, InvalidEventError, StoreConfigError, StoreUnavailableError } from '../errors';
import type { EventMetadata } from '../event-metadata';
import type {
  AppendBatch,
  AppendResult,
  EventStore,
  NewEvent,
  NewStreamSealing,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StreamRead,
  SubscribeOptions,
  Subscription,
  SubscriptionHandlers,
} from '../event-store';
import { assertExpectedRevision, assertValidExpected, expectedRevisionHolds, type ExpectedRevision } from '../expected-revision';
import { DEFAULT_MAX_EVENT_BYTES, GENESIS_HASH, prepareEvent, sealMetadata, sealNewStreamRows, type PreparedEvent } from '../hash-chain';
import { NO_UPCASTERS, upcastEvent, type UpcasterRegistry } from '../versioning/upcasting';
import { LazyMetadataEvent } from './lazy-metadata-event';
import { EVENT_COLUMNS, pageQuery, TAIL_SCAN_ROWS } from './page-query';
import { MIGRATIONS, SCHEMA_SQL, SCHEMA_VERSION, SKAT_LEDGER_APPLICATION_ID } from './schema';
import { closeLeavingRollbackJournal, walReadOnlyProblem } from './journal-at-rest';

export interface SqliteEventStoreOptions {
  /** Upcasters applied on read (not on raw reads). */
  readonly upcasters?: UpcasterRegistry;
  /** Largest event accepted, data + metadata JSON in bytes (default 1 MiB). */
  readonly maxEventBytes?: number;
  /** How often a live subscription looks for appends made by other processes (default 250 ms). */
  readonly pollIntervalMs?: number;
  /** How long a writer waits for another process's write lock (default 10 s). */
  readonly busyTimeoutMs?: number;
  /** Events per page when reading the log (default 1000). */
  readonly pageSize?: number;
  /** A type-filtered read this many positions or fewer from the head scans them instead of seeking per type (default TAIL_SCAN_ROWS; 0: always seek). */
  readonly tailScanRows?: number;
  /** Open without write access (integrity checks, readers). Implies mustExist. */
  readonly readonly?: boolean;
  /** Refuse to create the file when it does not exist. */
  readonly mustExist?: boolean;
  /** Clock for metadata.recordedAt when the caller did not set it. */
  readonly now?: () => Date;
}

/**
 * One notifier per file per process, so every store object on the same file (server, projector,
 * CLI in one process) wakes at once; in-memory databases are private to their connection.
 */
const notifiers = new Map<string, { emitter: EventEmitter; users: number }>();

function appendNotifier(db: SqliteDatabase): EventEmitter {
  if (db.memory) {
    const own = new EventEmitter();
    own.setMaxListeners(0);
    return own;
  }
  const key = resolve(db.name);
  let entry = notifiers.get(key);
  if (!entry) {
    entry = { emitter: new EventEmitter(), users: 0 };
    entry.emitter.setMaxListeners(0);
    notifiers.set(key, entry);
  }
  entry.users++;
  return entry.emitter;
}

function releaseNotifier(db: SqliteDatabase): void {
  if (db.memory) return;
  const key = resolve(db.name);
  const entry = notifiers.get(key);
  if (entry && --entry.users === 0) notifiers.delete(key);
}

/** Row as read: [position, stream_name, revision, event_id, type, data, metadata]. */
type EventRow = [number, string, number, string, string, string, string];

/** A batch checked and serialised, ready for the append transaction. */
interface PreparedBatch {
  readonly streamName: string;
  readonly events: PreparedEvent[];
  readonly expected: ExpectedRevision;
}

/**
 * A new stream's events checked, serialised and hash-chained ahead of the transaction
 * (prepareNewStream): four strings per event, so a bulk writer's waiting batches hold text only
 * and the objects it decided die young.
 */
export class SealedNewStream implements AppendBatch {
  readonly expectedRevision = 'noStream' as const;
  constructor(
    readonly streamName: string,
    /** type, event id, data JSON and metadata JSON (chain fields included) of each event in turn. */
    readonly rows: readonly string[],
    /** The hash of the last event: the stream's head. */
    readonly lastHash: string,
    /** The store that sealed it; another store appends the rebuilt `events`. */
    readonly sealedBy: object,
  ) {}

  /** How many events. */
  get size(): number {
    return this.rows.length / 4;
  }

  /** The events as objects again, without the chain fields (any store re-chains them). */
  get events(): NewEvent[] {
    const out: NewEvent[] = [];
    for (let i = 0; i < this.rows.length; i += 4) {
      const metadata = JSON.parse(this.rows[i + 3]) as Record<string, string>;
      delete metadata.prevHash;
      delete metadata.hash;
      out.push({ type: this.rows[i], data: JSON.parse(this.rows[i + 2]) as unknown, metadata: metadata as unknown as EventMetadata });
    }
    return out;
  }
}

/** A page query and how to bind it for (after, limit). */
interface FilteredPage {
  readonly stmt: Statement;
  params(after: number, limit: number): unknown[];
  /** Seeks per type (a scan of the tail would be cheaper near the head). */
  readonly seeks: boolean;
}

/** Opens (creating parent directories and the schema when allowed) a SQLite event store file. */
export function openSqliteEventStore(path: string, options: SqliteEventStoreOptions = {}): SqliteEventStore {
  const memory = path === ':memory:';
  const readonly = options.readonly === true;
  const mustExist = readonly || options.mustExist === true;
  const where = memory ? 'in-memory SQLite store' : `SQLite store ${resolve(path)}`;
  if (!memory && !mustExist) {
    try {
      mkdirSync(dirname(resolve(path)), { recursive: true });
    } catch (err) {
      throw new StoreUnavailableError(`cannot create the directory of ${where}: ${(err as Error).message}`, err);
    }
  }
  let db: SqliteDatabase;
  try {
    db = new Database(path, { readonly, fileMustExist: mustExist });
  } catch (err) {
    const missing = /unable to open|does not exist|SQLITE_CANTOPEN/i.test(String((err as Error).message));
    throw new StoreUnavailableError(`cannot open ${where}: ${missing && mustExist ? 'the file does not exist' : (err as Error).message}`, err);
  }
  try {
    return new SqliteEventStore(db, options);
  } catch (err) {
    db.close();
    if (err instanceof StoreConfigError || err instanceof StoreUnavailableError) throw err;
    // As root SQLite says CANTOPEN, as a user without write access READONLY_CANTINIT or _DIRECTORY.
    const walProblem = readonly && /^SQLITE_(CANTOPEN|READONLY)/.test(String((err as { code?: string }).code)) ? walReadOnlyProblem(path) : null;
    if (walProblem) throw new StoreUnavailableError(`cannot open ${where} read-only: ${walProblem}`, err);
    throw classifySqliteError(err, `cannot open ${where}`);
  }
}

export class SqliteEventStore implements EventStore {
  private readonly upcasters: UpcasterRegistry;
  private readonly maxEventBytes: number;
  private readonly pollIntervalMs: number;
  private readonly pageSize: number;
  private readonly tailScanRows: number;
  private readonly now: () => Date;
  /** Woken on every append to this file by this process; other processes are seen by polling. */
  private readonly appended: EventEmitter;
  private readonly subscriptions = new Set<SqliteSubscription>();
  /** prepareNewStream's sealing, for a writer that seals in a worker thread (see the port). */
  readonly newStreamSealing: NewStreamSealing;
  private readonly filteredPages = new Map<string, Statement>();
  private closed = false;
  /** Appends committed through this object (PRAGMA data_version sees only other connections' commits). */
  private appends = 0;

  private readonly stmt: {
    eventById: Statement;
    eventIdsInRange: Statement;
    stream: Statement;
    insertEvent: Statement;
    upsertStream: Statement;
    readForwards: Statement;
    readBackwards: Statement;
    head: Statement;
    dataVersion: Statement;
    streams: Statement;
    streamsWithPrefix: Statement;
  };

  private readonly appendTransaction: (streamName: string, events: PreparedEvent[], expected: ExpectedRevision) => AppendResult;
  private readonly appendManyTransaction: (batches: readonly (PreparedBatch | SealedNewStream)[]) => AppendResult[];
  private readonly readStreamTransaction: (
    streamName: string,
    forwards: boolean,
    from: number,
    limit: number,
  ) => { current: { current_revision: number } | undefined; rows: EventRow[] };
  private readonly readPageTransaction: (stmt: Statement, params: unknown[]) => { rows: EventRow[]; head: number };

  /** Takes an open better-sqlite3 handle (tests use this to set pragmas such as max_page_count). */
  constructor(
    private readonly db: SqliteDatabase,
    options: SqliteEventStoreOptions = {},
  ) {
    this.upcasters = options.upcasters ?? NO_UPCASTERS;
    this.maxEventBytes = positiveInteger(options.maxEventBytes ?? DEFAULT_MAX_EVENT_BYTES, 'maxEventBytes');
    this.newStreamSealing = {
      recordedAt: () => this.now().toISOString(),
      maxEventBytes: this.maxEventBytes,
      adopt: (streamName, rows, lastHash) => {
        assertStreamName(streamName);
        if (rows.length === 0 || rows.length % 4 !== 0 || !/^[0-9a-f]{64}$/.test(lastHash))
          throw new InvalidEventError(`append to ${streamName}: not sealed rows`);
        return new SealedNewStream(streamName, rows, lastHash, this);
      },
    };
    this.pollIntervalMs = positiveInteger(options.pollIntervalMs ?? 250, 'pollIntervalMs');
    this.pageSize = positiveInteger(options.pageSize ?? 1000, 'pageSize');
    this.tailScanRows = Math.max(0, Math.floor(options.tailScanRows ?? TAIL_SCAN_ROWS));
    this.now = options.now ?? (() => new Date());
    prepareDatabase(db, positiveInteger(options.busyTimeoutMs ?? 10_000, 'busyTimeoutMs'));

    const raw = (sql: string) => db.prepare(sql).raw(true);
    this.stmt = {
      eventById: db.prepare('SELECT stream_name, revision, position FROM events WHERE event_id = ?'),
      eventIdsInRange: db.prepare('SELECT event_id, position FROM events WHERE stream_name = ? AND revision >= ? ORDER BY revision LIMIT ?'),
      stream: db.prepare('SELECT current_revision, last_hash FROM streams WHERE stream_name = ?'),
      insertEvent: db.prepare('INSERT INTO events (stream_name, revision, event_id, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)'),
      upsertStream: db.prepare(
        `INSERT INTO streams (stream_name, current_revision, last_hash) VALUES (?, ?, ?)
         ON CONFLICT (stream_name) DO UPDATE SET current_revision = excluded.current_revision, last_hash = excluded.last_hash`,
      ),
      readForwards: raw(`SELECT ${EVENT_COLUMNS} FROM events WHERE stream_name = ? AND revision >= ? ORDER BY revision ASC LIMIT ?`),
      readBackwards: raw(`SELECT ${EVENT_COLUMNS} FROM events WHERE stream_name = ? AND revision <= ? ORDER BY revision DESC LIMIT ?`),
      head: db.prepare('SELECT coalesce(max(position), 0) AS head FROM events').pluck(),
      dataVersion: db.prepare('PRAGMA data_version').pluck(),
      streams: db.prepare('SELECT stream_id, stream_name FROM streams WHERE stream_id > ? ORDER BY stream_id LIMIT ?').raw(true),
      streamsWithPrefix: db
        .prepare(
          `SELECT stream_id, stream_name FROM streams
           WHERE stream_id > ? AND substr(stream_name, 1, length(?)) = ? ORDER BY stream_id LIMIT ?`,
        )
        .raw(true),
    };

    this.appendTransaction = db.transaction((streamName: string, events: PreparedEvent[], expected: ExpectedRevision) =>
      this.appendInTransaction(streamName, events, expected),
    ).immediate as never;
    this.appendManyTransaction = db.transaction((batches: readonly (PreparedBatch | SealedNewStream)[]) =>
      batches.map((b) => (b instanceof SealedNewStream ? this.appendSealedInTransaction(b) : this.appendInTransaction(b.streamName, b.events, b.expected))),
    ).immediate as never;
    this.readStreamTransaction = db.transaction((streamName: string, forwards: boolean, from: number, limit: number) => ({
      current: this.stmt.stream.get(streamName) as { current_revision: number } | undefined,
      rows: (forwards ? this.stmt.readForwards : this.stmt.readBackwards).all(streamName, from, limit) as EventRow[],
    })) as never;
    this.readPageTransaction = db.transaction((stmt: Statement, params: unknown[]) => ({
      rows: stmt.all(...params) as EventRow[],
      head: this.stmt.head.get() as number,
    })) as never;
    this.appended = appendNotifier(db);
  }

  async appendToStream(streamName: string, events: readonly NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    this.assertOpen();
    const batch = this.prepareBatch(streamName, events, options?.expectedRevision, { recordedAt: this.now().toISOString() });
    return this.commit(`append to ${streamName}`, () => this.appendTransaction(batch.streamName, batch.events, batch.expected));
  }

  /** One BEGIN IMMEDIATE transaction for every batch: a crash or a refusal anywhere leaves none of them. */
  async appendMany(batches: readonly AppendBatch[]): Promise<AppendResult[]> {
    this.assertOpen();
    if (!Array.isArray(batches) || batches.length === 0) throw new InvalidEventError('appendMany: no batches given (it needs at least one)');
    const defaults = { recordedAt: this.now().toISOString() };
    const prepared = batches.map((b, k) => {
      // Sealed by this store ahead of time (prepareNewStream): already checked and serialised.
      if (b instanceof SealedNewStream && b.sealedBy === this) return b;
      try {
        return this.prepareBatch(b?.streamName, b?.events, b?.expectedRevision, defaults);
      } catch (err) {
        if (err instanceof InvalidEventError) throw new InvalidEventError(`appendMany batch #${k}: ${err.message}`);
        throw err;
      }
    });
    return this.commit(`append to ${batches.length} streams`, () => this.appendManyTransaction(prepared));
  }

  /**
   * A new stream's events checked, serialised and chained now (recordedAt: now), for appendMany
   * later: a bulk import then holds four strings per event instead of the event objects.
   */
  prepareNewStream(streamName: string, events: readonly NewEvent[]): SealedNewStream {
    this.assertOpen();
    assertStreamName(streamName);
    const sealed = sealNewStreamRows(streamName, events, this.now().toISOString(), this.maxEventBytes);
    return new SealedNewStream(streamName, sealed.rows, sealed.lastHash, this);
  }

  /** Checks a batch and serialises its events; throws InvalidEventError / TypeError naming the problem. */
  private prepareBatch(
    streamName: unknown,
    events: readonly NewEvent[] | undefined,
    expected: unknown,
    defaults: Readonly<Record<string, string>>,
  ): PreparedBatch {
    assertStreamName(streamName);
    assertValidExpected(expected);
    if (!Array.isArray(events) || events.length === 0) {
      throw new InvalidEventError(`append to ${streamName}: no events given (an append needs at least one)`);
    }
    const prepared = new Array<PreparedEvent>(events.length);
    const ids = new Set<string>();
    for (let i = 0; i < events.length; i++) {
      prepared[i] = prepareEvent(events[i], i, this.maxEventBytes, defaults);
      ids.add(prepared[i].eventId);
    }
    if (ids.size !== prepared.length) {
      throw new InvalidEventError(`append to ${streamName}: the same eventId appears twice in one append`);
    }
    return { streamName, events: prepared, expected };
  }

  /** Runs a write transaction, turning SQLite's errors into the port's, and wakes subscribers. */
  private commit<T>(doing: string, write: () => T): T {
    let result: T;
    try {
      result = write();
    } catch (err) {
      if (err instanceof ConcurrencyError || err instanceof InvalidEventError) throw err;
      if (String((err as { code?: string }).code).startsWith('SQLITE_READONLY') && this.db.readonly) {
        throw new StoreUnavailableError(`${doing}: the store was opened read-only`, err);
      }
      throw classifySqliteError(err, doing);
    }
    this.appends++;
    this.appended.emit('append');
    return result;
  }

  /**
   * Changes whenever the log may have changed: this object's own appends are counted, and
   * PRAGMA data_version changes when any other connection (another store object, another
   * process) commits to the file. Costs one pragma (~2 µs), no page read.
   */
  changeToken(): string {
    this.assertOpen();
    try {
      return `${this.appends}:${this.stmt.dataVersion.get() as number}`;
    } catch (err) {
      throw classifySqliteError(err, 'read the change token');
    }
  }

  /**
   * The common path costs one stream lookup: a retried batch shows up either as an expectation
   * that no longer holds or as its first event id already taken, and only then is it looked up.
   */
  private appendInTransaction(streamName: string, events: PreparedEvent[], expected: ExpectedRevision): AppendResult {
    const stream = this.stmt.stream.get(streamName) as { current_revision: number; last_hash: string } | undefined;
    const current = stream ? BigInt(stream.current_revision) : -1n;
    if (!expectedRevisionHolds(expected, current)) {
      const replay = this.alreadyAppended(
        streamName,
        events.map((e) => e.eventId),
        expected,
      );
      if (replay) return replay;
      assertExpectedRevision(streamName, expected, current);
    }
    let prevHash = stream ? stream.last_hash : GENESIS_HASH;
    let revision = Number(current);
    let position = 0;
    for (let i = 0; i < events.length; i++) {
      const event = events[i];
      revision++;
      const { metadataJson, hash } = sealMetadata(prevHash, event);
      prevHash = hash;
      try {
        position = Number(this.stmt.insertEvent.run(streamName, revision, event.eventId, event.type, event.dataJson, metadataJson).lastInsertRowid);
      } catch (err) {
        if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE' && /event_id/.test((err as Error).message)) {
          // Nothing is written yet when the first id is taken, so a retry can report the original.
          const replay =
            i === 0
              ? this.alreadyAppended(
                  streamName,
                  events.map((e) => e.eventId),
                  expected,
                )
              : undefined;
          if (replay) return replay;
          const other = this.stmt.eventById.get(event.eventId) as { stream_name: string; revision: number };
          throw new EventIdTakenError(streamName, event.eventId, other.stream_name, String(other.revision));
        }
        throw err;
      }
    }
    this.stmt.upsertStream.run(streamName, revision, prevHash);
    return { nextExpectedRevision: BigInt(revision), position: String(position) };
  }

  /** A batch sealed ahead (prepareNewStream): the stream must not exist; its rows go in as they are. */
  private appendSealedInTransaction(batch: SealedNewStream): AppendResult {
    const { streamName, rows } = batch;
    const stream = this.stmt.stream.get(streamName) as { current_revision: number } | undefined;
    if (stream) {
      const ids: string[] = [];
      for (let i = 1; i < rows.length; i += 4) ids.push(rows[i]);
      const replay = this.alreadyAppended(streamName, ids, 'noStream');
      if (replay) return replay;
      assertExpectedRevision(streamName, 'noStream', BigInt(stream.current_revision));
    }
    let position = 0;
    let revision = -1;
    for (let i = 0; i < rows.length; i += 4) {
      revision++;
      try {
        position = Number(this.stmt.insertEvent.run(streamName, revision, rows[i + 1], rows[i], rows[i + 2], rows[i + 3]).lastInsertRowid);
      } catch (err) {
        if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE' && /event_id/.test((err as Error).message)) {
          const other = this.stmt.eventById.get(rows[i + 1]) as { stream_name: string; revision: number };
          throw new EventIdTakenError(streamName, rows[i + 1], other.stream_name, String(other.revision));
        }
        throw err;
      }
    }
    this.stmt.upsertStream.run(streamName, revision, batch.lastHash);
    return { nextExpectedRevision: BigInt(revision), position: String(position) };
  }

  /**
   * Idempotence as EventStoreDB gives it: the same event ids appended again with the same
   * expectation report the original result and write nothing.
   */
  private alreadyAppended(streamName: string, eventIds: readonly string[], expected: ExpectedRevision): AppendResult | undefined {
    const first = this.stmt.eventById.get(eventIds[0]) as { stream_name: string; revision: number; position: number } | undefined;
    if (!first || first.stream_name !== streamName) return undefined;
    const firstRevision = BigInt(first.revision);
    const sameExpectation =
      expected === 'any' || expected === 'streamExists' || (expected === 'noStream' ? firstRevision === 0n : firstRevision === expected + 1n);
    if (!sameExpectation) return undefined;
    const recorded = this.stmt.eventIdsInRange.all(streamName, first.revision, eventIds.length) as {
      event_id: string;
      position: number;
    }[];
    const same = recorded.length === eventIds.length && recorded.every((r, i) => r.event_id === eventIds[i]);
    if (!same) {
      throw new InvalidEventError(`append to ${streamName}: eventId ${eventIds[0]} was already appended at revision ${first.revision} in a different batch`);
    }
    return {
      nextExpectedRevision: firstRevision + BigInt(eventIds.length - 1),
      position: String(recorded[recorded.length - 1].position),
    };
  }

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<StreamRead> {
    this.assertOpen();
    assertStreamName(streamName);
    const forwards = (options.direction ?? 'forwards') === 'forwards';
    if (options.direction !== undefined && options.direction !== 'forwards' && options.direction !== 'backwards') {
      throw new InvalidEventError(`direction must be 'forwards' or 'backwards', got ${String(options.direction)}`);
    }
    const from = options.fromRevision;
    if (from !== undefined && (typeof from !== 'bigint' || from < 0n)) {
      throw new InvalidEventError(`fromRevision must be a bigint >= 0n, got ${String(from)}`);
    }
    const limit = options.maxCount === undefined ? -1 : countLimit(options.maxCount);
    const start = from === undefined ? (forwards ? 0 : Number.MAX_SAFE_INTEGER) : Number(from);
    let read: { current: { current_revision: number } | undefined; rows: EventRow[] };
    try {
      read = this.readStreamTransaction(streamName, forwards, start, limit);
    } catch (err) {
      throw classifySqliteError(err, `read ${streamName}`);
    }
    return {
      exists: read.current !== undefined,
      currentRevision: read.current ? BigInt(read.current.current_revision) : -1n,
      events: read.rows.map((row) => this.toRecorded(row, options.raw === true)),
    };
  }

  async *readAll(options: ReadAllOptions = {}): AsyncIterable<RecordedEvent> {
    this.assertOpen();
    let after = options.after === undefined ? 0 : parsePosition(options.after);
    let remaining = options.maxCount === undefined ? Infinity : countLimit(options.maxCount);
    const seek = this.filteredPage(options.streamPrefixes, options.eventTypes);
    // Upcasting reads metadata (schemaVersion), so only a store without upcasters defers it.
    const lazy = options.lazyMetadata === true && this.upcasters.steps.size === 0;
    while (remaining > 0) {
      const limit = Math.min(this.pageSize, remaining);
      let rows: EventRow[];
      try {
        // A type filter a few rows from the head (a live catch-up) scans those rows instead of seeking per type.
        const page =
          seek.seeks && (this.stmt.head.get() as number) - after <= this.tailScanRows
            ? this.filteredPage(options.streamPrefixes, options.eventTypes, true)
            : seek;
        rows = page.stmt.all(...page.params(after, limit)) as EventRow[];
      } catch (err) {
        throw classifySqliteError(err, 'read the global log');
      }
      if (lazy) for (const row of rows) yield this.toLazyRecorded(row);
      else for (const row of rows) yield this.toRecorded(row, false);
      if (rows.length < limit) return;
      remaining -= rows.length;
      after = rows[rows.length - 1][0];
    }
  }

  subscribeToAll(handlers: SubscriptionHandlers, options: SubscribeOptions = {}): Subscription {
    this.assertOpen();
    const after = options.after === undefined ? 0 : parsePosition(options.after);
    const subscription = new SqliteSubscription(
      {
        readPage: (from) => {
          const filtered = this.filteredPage(options.streamPrefixes, options.eventTypes);
          const page = this.readPageTransaction(filtered.stmt, filtered.params(from, this.pageSize));
          return { events: page.rows.map((row) => this.toRecorded(row, false)), head: page.head };
        },
        pageSize: this.pageSize,
        pollIntervalMs: this.pollIntervalMs,
        appended: this.appended,
        onClosed: (s) => this.subscriptions.delete(s),
      },
      handlers,
      after,
    );
    this.subscriptions.add(subscription);
    return subscription;
  }

  async *listStreams(prefix?: string): AsyncIterable<string> {
    this.assertOpen();
    let after = 0;
    for (;;) {
      let rows: [number, string][];
      try {
        rows = (prefix === undefined ? this.stmt.streams.all(after, this.pageSize) : this.stmt.streamsWithPrefix.all(after, prefix, prefix, this.pageSize)) as [
          number,
          string,
        ][];
      } catch (err) {
        throw classifySqliteError(err, 'list streams');
      }
      for (const [, name] of rows) yield name;
      if (rows.length < this.pageSize) return;
      after = rows[rows.length - 1][0];
    }
  }

  comparePositions(a: string, b: string): number {
    const x = parsePosition(a);
    const y = parsePosition(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }

  async dispose(): Promise<void> {
    if (this.closed) return;
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    this.closed = true;
    releaseNotifier(this.db);
    // The last writer leaves the file in rollback-journal mode, so it reads in a read-only folder.
    closeLeavingRollbackJournal(this.db);
  }

  private assertOpen(): void {
    if (this.closed) throw new StoreUnavailableError('the SQLite event store is closed (dispose() was called)');
  }

  /** One prepared page statement per filter shape (see pageQuery), reused across pages and calls. */
  private filteredPage(prefixes: readonly string[] | undefined, types: readonly string[] | undefined, tail = false): FilteredPage {
    for (const p of prefixes ?? []) if (typeof p !== 'string') throw new InvalidEventError('streamPrefixes must be strings');
    for (const t of types ?? []) if (typeof t !== 'string') throw new InvalidEventError('eventTypes must be strings');
    const query = pageQuery(prefixes ?? [], types ?? [], tail);
    let stmt = this.filteredPages.get(query.sql);
    if (!stmt) {
      stmt = this.db.prepare(query.sql).raw(true);
      this.filteredPages.set(query.sql, stmt);
    }
    return { stmt, params: query.params, seeks: query.seeks };
  }

  /** The event with its data parsed now and its metadata on first access (readAll's lazyMetadata). */
  private toLazyRecorded(row: EventRow): RecordedEvent {
    const [position, streamName, revision, eventId, type, dataText, metadataText] = row;
    let data: unknown;
    try {
      data = JSON.parse(dataText);
    } catch (err) {
      throw new CorruptEventError(streamName, String(revision), eventId, `stored JSON is unreadable: ${(err as Error).message}`);
    }
    return new LazyMetadataEvent(streamName, type, data, eventId, BigInt(revision), String(position), metadataText);
  }

  private toRecorded(row: EventRow, raw: boolean): RecordedEvent {
    const [position, streamName, revision, eventId, storedType, dataText, metadataText] = row;
    let data: unknown;
    let metadata: EventMetadata;
    try {
      data = JSON.parse(dataText);
      metadata = JSON.parse(metadataText) as EventMetadata;
      if (metadata === null || typeof metadata !== 'object') throw new Error('metadata is not an object');
    } catch (err) {
      if (!raw) throw new CorruptEventError(streamName, String(revision), eventId, `stored JSON is unreadable: ${(err as Error).message}`);
      // Raw reads serve the integrity check, which reports the damage from storedForm.
      return {
        streamName,
        type: storedType,
        data: null,
        metadata: { eventId },
        eventId,
        revision: BigInt(revision),
        position: String(position),
        storedForm: { data: dataText, metadata: metadataText },
      };
    }
    if (raw) {
      return {
        streamName,
        type: storedType,
        data,
        metadata,
        eventId,
        revision: BigInt(revision),
        position: String(position),
        storedForm: { data: dataText, metadata: metadataText },
      };
    }
    const current = upcastEvent(this.upcasters, { type: storedType, data, metadata });
    return {
      streamName,
      type: current.type,
      data: current.data,
      metadata: current.metadata,
      eventId,
      revision: BigInt(revision),
      position: String(position),
    };
  }
}

interface SubscriptionSource {
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
class SqliteSubscription implements Subscription {
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

function prepareDatabase(db: SqliteDatabase, busyTimeoutMs: number): void {
  db.pragma(`busy_timeout = ${busyTimeoutMs}`);
  const applicationId = db.pragma('application_id', { simple: true }) as number;
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('events', 'streams')").pluck().all();
  const objects = db.prepare("SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'").pluck().get() as number;
  if (applicationId !== SKAT_LEDGER_APPLICATION_ID && (applicationId !== 0 || objects > 0)) {
    throw new StoreConfigError(`${db.name} is a SQLite file but not a Skat Ledger event store`);
  }
  if (db.readonly) {
    if (tables.length !== 2) throw new StoreConfigError(`${db.name} has no event store schema`);
  } else {
    db.pragma('journal_mode = WAL');
    db.transaction(() => {
      db.exec(SCHEMA_SQL);
      db.pragma(`application_id = ${SKAT_LEDGER_APPLICATION_ID}`);
      const version = db.pragma('user_version', { simple: true }) as number;
      if (version > SCHEMA_VERSION) {
        throw new StoreConfigError(`${db.name} has event store schema version ${version}; this build reads version ${SCHEMA_VERSION}`);
      }
      // A new file (version 0) has just been given the version 1 tables; both then migrate up.
      for (const step of MIGRATIONS) if (step.toVersion > Math.max(version, 1)) db.exec(step.sql);
      if (version !== SCHEMA_VERSION) db.pragma(`user_version = ${SCHEMA_VERSION}`);
    }).immediate();
  }
  db.pragma('synchronous = NORMAL');
}

/** Turns better-sqlite3's errors into the port's, naming the cause. */
export function classifySqliteError(err: unknown, doing: string): Error {
  if (err instanceof StoreUnavailableError || err instanceof StoreConfigError || err instanceof CorruptEventError) return err;
  const code = String((err as { code?: string }).code ?? '');
  const message = (err as Error)?.message ?? String(err);
  if (code.startsWith('SQLITE_FULL')) return new StoreUnavailableError(`${doing}: the disk is full (nothing was written)`, err);
  if (code.startsWith('SQLITE_READONLY')) return new StoreUnavailableError(`${doing}: the database file is read-only`, err);
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return new StoreUnavailableError(`${doing}: the database is locked by another writer (busy timeout passed)`, err);
  }
  if (code.startsWith('SQLITE_NOTADB') || code.startsWith('SQLITE_CORRUPT')) {
    return new StoreUnavailableError(`${doing}: the file is not a valid SQLite database (${message})`, err);
  }
  if (code.startsWith('SQLITE_CANTOPEN') || code.startsWith('SQLITE_IOERR')) {
    return new StoreUnavailableError(`${doing}: the database file cannot be accessed (${message})`, err);
  }
  if (/database connection is not open/.test(message)) return new StoreUnavailableError(`${doing}: the store is closed`, err);
  return err instanceof Error ? err : new Error(String(err));
}

function assertStreamName(streamName: unknown): asserts streamName is string {
  if (typeof streamName !== 'string' || streamName.length === 0) {
    throw new InvalidEventError(`stream name must be a non-empty string, got ${JSON.stringify(streamName) ?? String(streamName)}`);
  }
}

/** Positions of this store are decimal strings of the event's rowid; '0' means before the first. */
function parsePosition(position: string): number {
  if (typeof position !== 'string' || !/^(0|[1-9]\d{0,15})$/.test(position) || !Number.isSafeInteger(Number(position))) {
    throw new InvalidEventError(`${JSON.stringify(position) ?? String(position)} is not a position of a SQLite event store`);
  }
  return Number(position);
}

function countLimit(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new InvalidEventError(`maxCount must be an integer >= 0, got ${n}`);
  return n;
}

function positiveInteger(n: number, name: string): number {
  if (!Number.isSafeInteger(n) || n <= 0) throw new StoreConfigError(`${name} must be a positive integer, got ${n}`);
  return n;
}
