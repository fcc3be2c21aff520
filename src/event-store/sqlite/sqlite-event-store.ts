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
import type { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import { ConcurrencyError, InvalidEventError, StoreConfigError, StoreUnavailableError } from '../errors';
import type {
  AppendBatch,
  AppendResult,
  EventStore,
  NewEvent,
  GroupCommit,
  NewStreamSealing,
  ReadAllOptions,
  ReadStreamOptions,
  ReadStreamsOptions,
  RecordedEvent,
  StreamRead,
  SubscribeOptions,
  Subscription,
  SubscriptionHandlers,
} from '../event-store';
import { assertValidExpected, type ExpectedRevision } from '../expected-revision';
import { DEFAULT_MAX_EVENT_BYTES, prepareEvent, sealNewStreamRows, type PreparedEvent } from '../hash-chain';
import { NO_UPCASTERS, type UpcasterRegistry } from '../versioning/upcasting';
import { appendNotifier, releaseNotifier } from './append-notifier';
import { AppendStatements, type PreparedBatch } from './append-statements';
import { closeLeavingRollbackJournal, walReadOnlyProblem } from './journal-at-rest';
import { EVENT_COLUMNS, pageQuery, streamRead, TAIL_SCAN_ROWS } from './page-query';
import { EventRuns } from './event-runs';
import { EventTypes } from './event-types';
import { DEFAULT_CACHE_SIZE_KIB, prepareDatabase, RELEASED_CACHE_SIZE_KIB } from './prepare-database';
import { newStreamSealing, SealedNewStream } from './sealed-new-stream';
import { classifySqliteError } from './sqlite-errors';
import { encodeJson } from './compact-json';
import { SqliteSubscription } from './sqlite-subscription';
import { assertStreamName, assertStreamNames, countLimit, parsePosition, positiveInteger, streamReadRange } from './store-arguments';
import type { SqliteEventStoreOptions } from './sqlite-event-store-options';
import { hashAt, RowReader, type EventRow, type ReadMode } from './stored-rows';
import { StreamBatchReader } from './stream-batch-read';

// Importers of the store reach these through this file, as before the split.
export { classifySqliteError } from './sqlite-errors';
export { DEFAULT_CACHE_SIZE_KIB } from './prepare-database';
export { SealedNewStream } from './sealed-new-stream';

/** A stream's row in streams (undefined: no such stream) and its event rows. */
type StreamRows = { current: { stream_id: number; current_revision: number } | undefined; rows: EventRow[] };

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
  /** Appends of a sole bulk writer joined into longer transactions (see the port). */
  readonly groupCommit: GroupCommit;
  /** Appends written in the open group and not yet announced to subscribers. */
  private groupAppends = 0;
  private groupOpen = false;
  private readonly filteredPages = new Map<string, Statement>();
  private closed = false;
  /** Appends committed through this object (PRAGMA data_version sees only other connections' commits). */
  private appends = 0;

  /** The SQL of appends (run inside the write transactions below). */
  private readonly appendSql: AppendStatements;
  /** Type ids and runs, cached; a failed write forgets them (its rows are gone). */
  private readonly types: EventTypes;
  private readonly runs: EventRuns;
  private readonly reader: RowReader;
  private readonly stmt: {
    stream: Statement;
    readForwards: Statement;
    readBackwards: Statement;
    head: Statement;
    dataVersion: Statement;
    streams: Statement;
    streamsWithPrefix: Statement;
  };

  private readonly appendTransaction: (streamName: string, events: PreparedEvent[], expected: ExpectedRevision) => AppendResult;
  private readonly appendManyTransaction: (batches: readonly (PreparedBatch | SealedNewStream)[]) => AppendResult[];
  /**
   * The same rows without a transaction of their own, for an open group: a savepoint per call
   * would copy every page it touches to SQLite's sub-journal (a third more CPU per event).
   */
  private readonly appendManyRows: (batches: readonly (PreparedBatch | SealedNewStream)[]) => AppendResult[];
  private readonly readStreamTransaction: (streamName: string, forwards: boolean, from: number, limit: number) => StreamRows;
  private readonly readPageTransaction: (stmt: Statement, params: unknown[]) => { rows: EventRow[]; head: number };
  private readonly batchReader: StreamBatchReader;

  /** Takes an open better-sqlite3 handle (tests use this to set pragmas such as max_page_count). */
  constructor(
    private readonly db: SqliteDatabase,
    options: SqliteEventStoreOptions = {},
  ) {
    this.upcasters = options.upcasters ?? NO_UPCASTERS;
    this.maxEventBytes = positiveInteger(options.maxEventBytes ?? DEFAULT_MAX_EVENT_BYTES, 'maxEventBytes');
    this.newStreamSealing = newStreamSealing(() => this.now().toISOString(), this.maxEventBytes, this);
    this.groupCommit = {
      begin: () => this.beginGroup(),
      commit: () => this.endGroup('COMMIT'),
      rollback: () => this.endGroup('ROLLBACK'),
      isOpen: () => this.groupOpen,
    };
    this.pollIntervalMs = positiveInteger(options.pollIntervalMs ?? 250, 'pollIntervalMs');
    this.pageSize = positiveInteger(options.pageSize ?? 1000, 'pageSize');
    this.tailScanRows = Math.max(0, Math.floor(options.tailScanRows ?? TAIL_SCAN_ROWS));
    this.now = options.now ?? (() => new Date());
    prepareDatabase(
      db,
      positiveInteger(options.busyTimeoutMs ?? 10_000, 'busyTimeoutMs'),
      positiveInteger(options.cacheSizeKiB ?? DEFAULT_CACHE_SIZE_KIB, 'cacheSizeKiB'),
    );

    this.types = new EventTypes(db);
    this.runs = new EventRuns(db);
    this.appendSql = new AppendStatements(db, this.types, this.runs);
    this.reader = new RowReader(this.types, this.runs, hashAt(db));
    const raw = (sql: string) => db.prepare(sql).raw(true);
    this.stmt = {
      stream: db.prepare('SELECT stream_id, current_revision FROM streams WHERE stream_name = ?'),
      readForwards: raw(streamRead(EVENT_COLUMNS, true)),
      readBackwards: raw(streamRead(EVENT_COLUMNS, false)),
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
      this.appendSql.append(streamName, events, expected),
    ).immediate as never;
    this.appendManyRows = (batches) =>
      batches.map((b) => (b instanceof SealedNewStream ? this.appendSql.appendSealed(b) : this.appendSql.append(b.streamName, b.events, b.expected)));
    this.appendManyTransaction = db.transaction(this.appendManyRows).immediate as never;
    this.readStreamTransaction = db.transaction((streamName: string, forwards: boolean, from: number, limit: number) => {
      const current = this.stmt.stream.get(streamName) as { stream_id: number; current_revision: number } | undefined;
      const rows = current ? ((forwards ? this.stmt.readForwards : this.stmt.readBackwards).all(current.stream_id, from, from, limit) as EventRow[]) : [];
      return { current, rows };
    }) as never;
    // A stream the folded read does not hold is read as readStream reads it, in the same transaction.
    this.batchReader = new StreamBatchReader(db, this.types, this.runs, (name, lazy) =>
      this.streamReadOf(this.readStreamTransaction(name, true, 0, -1), { raw: false, lazy, upcasters: this.upcasters }),
    );
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

  /**
   * One BEGIN IMMEDIATE transaction for every batch: a crash or a refusal anywhere leaves none of
   * them. Inside an open group each batch is whole or absent and a refusal leaves the call's
   * earlier batches written (the group as a whole commits or rolls back).
   */
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
    if (this.groupOpen) return this.commit(`append to ${batches.length} streams`, () => this.appendManyRows(prepared));
    return this.commit(`append to ${batches.length} streams`, () => this.appendManyTransaction(prepared));
  }

  /**
   * A new stream's events checked, serialised and chained now (recordedAt: now), for appendMany
   * later: a bulk import then holds four strings per event instead of the event objects.
   */
  prepareNewStream(streamName: string, events: readonly NewEvent[]): SealedNewStream {
    this.assertOpen();
    assertStreamName(streamName);
    const sealed = sealNewStreamRows(streamName, events, this.now().toISOString(), this.maxEventBytes, encodeJson);
    return new SealedNewStream(streamName, sealed.rows, sealed.lastHash, this, sealed.idCommand, sealed.dataForms ?? null);
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
      this.forgetCaches();
      if (err instanceof ConcurrencyError || err instanceof InvalidEventError) throw err;
      if (String((err as { code?: string }).code).startsWith('SQLITE_READONLY') && this.db.readonly) {
        throw new StoreUnavailableError(`${doing}: the store was opened read-only`, err);
      }
      throw classifySqliteError(err, doing);
    }
    this.appends++;
    // Rows of an open group are not committed yet: subscribers hear of them at its commit.
    if (this.groupOpen) this.groupAppends++;
    else this.appended.emit('append');
    return result;
  }

  /** What a failed or rolled-back write added (type ids, runs) may be gone with it. */
  private forgetCaches(): void {
    this.types.forget();
    this.runs.forget();
  }

  releaseMemory(): () => void {
    this.assertOpen();
    const cacheSize = this.db.pragma('cache_size', { simple: true }) as number;
    this.db.pragma('shrink_memory');
    this.db.pragma(`cache_size = ${-RELEASED_CACHE_SIZE_KIB}`);
    let restored = false;
    return () => {
      if (!restored && !this.closed) this.db.pragma(`cache_size = ${cacheSize}`);
      restored = true;
    };
  }

  private beginGroup(): void {
    this.assertOpen();
    if (this.groupOpen) throw new InvalidEventError('groupCommit.begin: a group is open already');
    try {
      this.db.exec('BEGIN IMMEDIATE');
    } catch (err) {
      throw classifySqliteError(err, 'begin a group of appends');
    }
    this.groupOpen = true;
    this.groupAppends = 0;
  }

  private endGroup(how: 'COMMIT' | 'ROLLBACK'): void {
    if (!this.groupOpen) return;
    this.groupOpen = false;
    if (how === 'ROLLBACK') this.forgetCaches();
    const appended = this.groupAppends;
    this.groupAppends = 0;
    // SQLite rolls a transaction back by itself after some errors (a full disk, an I/O error).
    if (!this.db.inTransaction) {
      if (how === 'COMMIT' && appended > 0) throw new StoreUnavailableError('commit a group of appends: SQLite rolled the transaction back after an error');
      return;
    }
    try {
      this.db.exec(how);
    } catch (err) {
      if (how === 'COMMIT' && this.db.inTransaction) this.db.exec('ROLLBACK');
      throw classifySqliteError(err, how === 'COMMIT' ? 'commit a group of appends' : 'roll back a group of appends');
    }
    if (how === 'COMMIT' && appended > 0) this.appended.emit('append');
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

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<StreamRead> {
    this.assertOpen();
    assertStreamName(streamName);
    const { forwards, start, limit } = streamReadRange(options);
    const mode = { raw: options.raw === true, lazy: options.lazyMetadata === true, upcasters: this.upcasters, backwards: !forwards };
    try {
      // A whole stream forwards (a replay's read) takes the folded batch read: a blob per range, not per event.
      if (forwards && start === 0 && limit === -1 && !mode.raw) return this.batchReader.read([streamName], mode)[0];
      return this.streamReadOf(this.readStreamTransaction(streamName, forwards, start, limit), mode);
    } catch (err) {
      throw classifySqliteError(err, `read ${streamName}`);
    }
  }

  private streamReadOf(read: StreamRows, mode: ReadMode): StreamRead {
    const current = read.current;
    return { exists: current !== undefined, currentRevision: current ? BigInt(current.current_revision) : -1n, events: this.reader.decode(read.rows, mode) };
  }

  async readStreams(streamNames: readonly string[], options: ReadStreamsOptions = {}): Promise<StreamRead[]> {
    this.assertOpen();
    assertStreamNames(streamNames);
    try {
      return this.batchReader.read(streamNames, { lazy: options.lazyMetadata === true, upcasters: this.upcasters });
    } catch (err) {
      throw classifySqliteError(err, `read ${streamNames.length} streams`);
    }
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
      for (const event of this.reader.decode(rows, { raw: false, lazy, upcasters: this.upcasters })) yield event;
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
          return { events: this.reader.decode(page.rows, { raw: false, lazy: false, upcasters: this.upcasters }), head: page.head };
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
    // A group left open is not committed: what it holds was never acknowledged as durable.
    this.endGroup('ROLLBACK');
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
    const query = pageQuery(
      prefixes ?? [],
      (types ?? []).map((t) => this.types.existingId(t)),
      tail,
    );
    let stmt = this.filteredPages.get(query.sql);
    if (!stmt) {
      stmt = this.db.prepare(query.sql).raw(true);
      this.filteredPages.set(query.sql, stmt);
    }
    return { stmt, params: query.params, seeks: query.seeks };
  }
}
