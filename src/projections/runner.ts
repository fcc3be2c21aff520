import type { EventStore, RecordedEvent } from '../eventStore/eventStore';
import type { DealSummary } from './dealSummary/dealSummary';
import { DEAL_SUMMARY_EVENT_TYPES, dealIdOfStream, foldDealSummary } from './dealSummary/dealSummaryFold';
import { decodeDealSummary, encodeDealSummary } from './dealSummary/dealSummaryRow';
import {
  createReadModelIndexes,
  dropReadModelIndexes,
  dropReadModels,
  REBUILD_TABLES,
  RM,
  swapInRebuiltReadModels,
  useBulkLoadSettings,
  type ReadModelDb,
  type ReadModelTables,
} from './readModelDb';
import { BINDING_HEAD, BINDING_IDENTITY, markOf } from './readModelBinding';
import {
  foldTableInfo,
  foldTournamentInfo,
  TABLE_EVENT_TYPES_READ,
  TOURNAMENT_EVENT_TYPES_READ,
  type TableInfo,
  type TournamentInfo,
} from './tables/tableInfo';

/** The checkpoint row of the runner (all its projections advance together). */
export const RUNNER_NAME = 'ledger-projections';

/** Event types the persisted read models read; everything else is skipped by the store. */
export const PROJECTED_EVENT_TYPES: readonly string[] = [...DEAL_SUMMARY_EVENT_TYPES, ...TABLE_EVENT_TYPES_READ, ...TOURNAMENT_EVENT_TYPES_READ];

/**
 * Events per transaction. Small batches keep few rows alive between writes, so fewer survive into
 * V8's old generation: over 100,000 deals 1000 cost ~8% less CPU than 5000.
 */
const BATCH = 1000;

/** Rows touched since the last write (null: looked up, not there) and the events folded into them. */
interface Batch {
  readonly deals: Map<string, DealSummary | null>;
  readonly tables: Map<string, TableInfo | null>;
  readonly tournaments: Map<string, TournamentInfo | null>;
  events: number;
  position: string;
  first: RecordedEvent | undefined;
  last: RecordedEvent | undefined;
}

/** Another writer moved the checkpoint of these tables (a rebuild swapped in, another process caught up): start again from it. */
class CheckpointMovedError extends Error {}

/** The row as this batch left it, else as the read model holds it (null: none yet). */
function load<T>(cache: Map<string, T | null>, key: string, get: { get(k: string): unknown }, decode: (json: string) => T = JSON.parse): T | null {
  if (cache.has(key)) return cache.get(key) ?? null;
  const json = get.get(key) as string | undefined;
  return json === undefined ? null : decode(json);
}

const emptyBatch = (): Batch => ({ deals: new Map(), tables: new Map(), tournaments: new Map(), events: 0, position: '', first: undefined, last: undefined });

/**
 * Applies events to the persisted read models (deal summaries, tables, tournaments). Each batch
 * is one SQLite transaction that writes the touched rows and the checkpoint together, so a crash
 * never leaves rows ahead of or behind the checkpoint. Replay frames and audits are pure folds
 * computed per request from the deal's stream, so they need no rows.
 */
export class ProjectionRunner {
  private stmts;
  private running: Promise<RecordedEvent[]> | null = null;
  /** Events applied by the last run (also when not collected). */
  lastRunEvents = 0;
  /** During a rebuild from zero no row can exist before its stream's first event, so no lookup is needed. */
  private fromZero = false;
  /**
   * The change token taken at the start of the last completed run (undefined: none, or the store
   * has no token). While the token is the same nothing was appended since, so catchUp skips reading.
   */
  private caughtUpAt: string | undefined;
  /**
   * The checkpoint as this runner last wrote or read it. A live apply goes on from there only if
   * nobody else moved it meanwhile (a rebuild swapped in, another process caught up on the file).
   */
  private known: { position: string | undefined; events: number } | undefined;
  private readonly projectedTypes = new Set(PROJECTED_EVENT_TYPES);
  /**
   * How often this runner rewrote each table's rows (its deals' summaries, its own row) and each
   * tournament's own row (settings such as the loss fee, its tables), and an epoch bumped whenever rows may have changed without it (a rebuild,
   * a load from zero, another writer moving the checkpoint): versionOf() changes exactly when a
   * sheet or standings built from those rows may differ, so callers may cache them by it.
   */
  private readonly versions = new Map<string, number>();
  private epoch = 0;

  constructor(
    private readonly db: ReadModelDb,
    private readonly store: EventStore,
    /** The tables written: the live ones, or those a rebuild fills before swapping them in. */
    private readonly names: ReadModelTables = RM,
  ) {
    this.stmts = this.prepare();
  }

  private prepare() {
    const db = this.db;
    const RM = this.names;
    return {
      getDeal: db.prepare(`SELECT json FROM ${RM.deals} WHERE deal_id = ?`).pluck(),
      putDeal: db.prepare(
        `INSERT OR REPLACE INTO ${RM.deals} (deal_id, table_id, tournament_id, deal_number, started_at, source, p0, p1, p2, status, game_type, won, json)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      getTable: db.prepare(`SELECT json FROM ${RM.tables} WHERE table_id = ?`).pluck(),
      putTable: db.prepare(`INSERT OR REPLACE INTO ${RM.tables} (table_id, tournament_id, json) VALUES (?, ?, ?)`),
      getTournament: db.prepare(`SELECT json FROM ${RM.tournaments} WHERE tournament_id = ?`).pluck(),
      putTournament: db.prepare(`INSERT OR REPLACE INTO ${RM.tournaments} (tournament_id, json) VALUES (?, ?)`),
      getCheckpoint: db.prepare(`SELECT position, events FROM ${RM.checkpoints} WHERE projection = ?`),
      putCheckpoint: db.prepare(`INSERT OR REPLACE INTO ${RM.checkpoints} (projection, position, events) VALUES (?, ?, ?)`),
      putBinding: db.prepare(`INSERT OR REPLACE INTO ${RM.binding} (key, value) VALUES (?, ?)`),
      addBinding: db.prepare(`INSERT OR IGNORE INTO ${RM.binding} (key, value) VALUES (?, ?)`),
      anyRow: db
        .prepare(
          `SELECT EXISTS (SELECT 1 FROM ${RM.checkpoints}) OR EXISTS (SELECT 1 FROM ${RM.deals})
             OR EXISTS (SELECT 1 FROM ${RM.tables}) OR EXISTS (SELECT 1 FROM ${RM.tournaments})`,
        )
        .pluck(),
      // This connection's own writes (total_changes) and other connections' commits (data_version):
      // a read model changed behind the runner's back (checkpoint reset, rebuild elsewhere) is re-read.
      readModelVersion: db.prepare("SELECT total_changes() || ':' || data_version FROM pragma_data_version").pluck(),
    };
  }

  /**
   * The store's change token with the read model's, or undefined when the store has none. Equal
   * tokens at two times mean neither the log nor the read model changed in between.
   */
  private changeToken(): string | undefined {
    const store = this.store.changeToken?.();
    return store === undefined ? undefined : `${store}|${this.stmts.readModelVersion.get() as string}`;
  }

  private tokenOrUndefined(): string | undefined {
    try {
      return this.changeToken();
    } catch {
      return undefined;
    }
  }

  checkpoint(): { position: string | undefined; events: number } {
    const row = this.stmts.getCheckpoint.get(RUNNER_NAME) as { position: string | null; events: number } | undefined;
    return { position: row?.position ?? undefined, events: row?.events ?? 0 };
  }

  /** Applies everything after the checkpoint; concurrent calls share one run. Returns the events applied. */
  catchUp(collect = true): Promise<RecordedEvent[]> {
    if (this.running) return this.running.then(() => this.catchUp(collect));
    // Nothing appended and the read model untouched since the last run began: nothing to apply.
    // A token that cannot be read (store closed) falls through to the run, which reports it.
    if (this.caughtUpAt !== undefined && this.caughtUpAt === this.tokenOrUndefined()) {
      this.lastRunEvents = 0;
      return Promise.resolve([]);
    }
    // Empty read models (a new file, a new layout, read models in memory) load like a rebuild.
    const work = !collect && !(this.stmts.anyRow.get() as number) ? this.loadFromZero() : this.run(collect);
    const run = work.finally(() => {
      this.running = null;
    });
    this.running = run;
    return run;
  }

  private async run(collect: boolean): Promise<RecordedEvent[]> {
    for (;;) {
      try {
        return await this.runOnce(collect);
      } catch (error) {
        if (!(error instanceof CheckpointMovedError)) throw error;
        // Rows may exist now, written by the other writer: look them up from here on.
        this.fromZero = false;
      }
    }
  }

  private async runOnce(collect: boolean): Promise<RecordedEvent[]> {
    // Taken before reading: anything appended while the run reads changes the token, so the next
    // call reads again (the run's own writes also change it, costing one empty read afterwards).
    const token = this.changeToken();
    this.caughtUpAt = undefined;
    const applied: RecordedEvent[] = [];
    let total = 0;
    let { position, events: count } = this.checkpoint();
    // Another writer moved the checkpoint (its rows are new to this runner): every version changes.
    if (!this.known || this.known.position !== position || this.known.events !== count) this.bumpEpoch();
    this.known = { position, events: count };
    // Events are folded as they arrive and only the touched rows wait for the batch's write, so a
    // batch holds rows, not thousands of parsed events (which the GC would have to move and mark).
    let batch = emptyBatch();
    const flush = (): void => {
      if (batch.events === 0) return;
      const before = { position, count };
      count += batch.events;
      position = batch.position;
      this.writeBatch(batch, before, position, count);
      this.known = { position, events: count };
      total += batch.events;
      batch = emptyBatch();
    };
    // The folds read metadata of DealStarted only; events handed back to the caller keep it eager.
    for await (const event of this.store.readAll({ after: position, eventTypes: PROJECTED_EVENT_TYPES, lazyMetadata: !collect })) {
      this.fold(batch, event);
      if (collect) applied.push(event);
      if (batch.events >= BATCH) flush();
    }
    flush();
    this.lastRunEvents = total;
    this.caughtUpAt = token;
    return applied;
  }

  /**
   * Applies events a live subscription delivered (in log order, of any type): those the read models
   * read and that lie after the checkpoint are folded, and their rows are written with the
   * checkpoint in one transaction. Synchronous, so nothing else writes in between. Returns false,
   * applying nothing, when a catch-up is running or the checkpoint is not where this runner left
   * it (a rebuild swapped in, another process wrote): the caller then catches up by reading, which
   * also covers these events.
   */
  applyLive(events: readonly RecordedEvent[]): boolean {
    if (this.running) return false;
    const current = this.checkpoint();
    if (!this.known || this.known.position !== current.position || this.known.events !== current.events) return false;
    const batch = emptyBatch();
    for (const event of events) {
      if (!this.projectedTypes.has(event.type)) continue;
      if (current.position !== undefined && this.store.comparePositions(event.position, current.position) <= 0) continue;
      this.fold(batch, event);
    }
    if (batch.events === 0) return true;
    const count = current.events + batch.events;
    try {
      this.writeBatch(batch, { position: current.position, count: current.events }, batch.position, count);
    } catch (error) {
      if (error instanceof CheckpointMovedError) return false;
      throw error;
    }
    this.known = { position: batch.position, events: count };
    this.caughtUpAt = undefined;
    return true;
  }

  /** Folds one event into the batch's rows, loading a row from the read model on first touch. */
  private fold(batch: Batch, event: RecordedEvent): void {
    const s = this.stmts;
    batch.events++;
    batch.position = event.position;
    batch.first ??= event;
    batch.last = event;
    const name = event.streamName;
    if (name.startsWith('deal-')) {
      const id = dealIdOfStream(name) as string;
      const before = this.fromZero && event.revision === 0n && !batch.deals.has(id) ? null : load<DealSummary>(batch.deals, id, s.getDeal, decodeDealSummary);
      const after = foldDealSummary(before, event);
      if (after !== before) batch.deals.set(id, after);
    } else if (name.startsWith('table-')) {
      const id = name.slice('table-'.length);
      const before = load<TableInfo>(batch.tables, id, s.getTable);
      const after = foldTableInfo(before, event);
      if (after !== before) batch.tables.set(id, after);
    } else if (name.startsWith('tournament-')) {
      const id = name.slice('tournament-'.length);
      const before = load<TournamentInfo>(batch.tournaments, id, s.getTournament);
      const after = foldTournamentInfo(before, event);
      if (after !== before) batch.tournaments.set(id, after);
    }
  }

  /**
   * Writes the batch's rows, the checkpoint and the head of the store they reach (binding) in one
   * transaction, provided the checkpoint is still where this run found it.
   */
  private writeBatch(batch: Batch, before: { position: string | undefined; count: number }, position: string, count: number): void {
    const s = this.stmts;
    this.db.transaction(() => {
      const current = s.getCheckpoint.get(RUNNER_NAME) as { position: string | null; events: number } | undefined;
      if ((current?.position ?? undefined) !== before.position || (current?.events ?? 0) !== before.count) throw new CheckpointMovedError();
      if (before.count === 0 && batch.first) s.addBinding.run(BINDING_IDENTITY, JSON.stringify(markOf(batch.first)));
      if (batch.last) s.putBinding.run(BINDING_HEAD, JSON.stringify(markOf(batch.last)));
      for (const d of batch.deals.values()) {
        if (!d) continue;
        s.putDeal.run(
          d.dealId,
          d.tableId,
          d.tournamentId,
          d.dealNumber,
          d.startedAt,
          d.source,
          d.players[0],
          d.players[1],
          d.players[2],
          d.status,
          d.gameType,
          d.won === null ? null : d.won ? 1 : 0,
          encodeDealSummary(d),
        );
      }
      for (const [id, t] of batch.tables) if (t) s.putTable.run(id, t.tournamentId, JSON.stringify(t));
      for (const [id, t] of batch.tournaments) if (t) s.putTournament.run(id, JSON.stringify(t));
      s.putCheckpoint.run(RUNNER_NAME, position, count);
    })();
    for (const d of batch.deals.values()) if (d?.tableId) this.bump(`table\u0000${d.tableId}`);
    for (const id of batch.tables.keys()) this.bump(`table\u0000${id}`);
    for (const id of batch.tournaments.keys()) this.bump(`tournament\u0000${id}`);
  }

  private bump(key: string): void {
    this.versions.set(key, (this.versions.get(key) ?? 0) + 1);
  }

  private bumpEpoch(): void {
    this.epoch++;
    this.versions.clear();
  }

  /** Changes whenever the rows a table's sheet is built from (table: its row and its deals'; tournament: its own row) may have changed. */
  versionOf(kind: 'table' | 'tournament', id: string): string {
    return `${this.epoch}:${this.versions.get(`${kind}\u0000${id}`) ?? 0}`;
  }

  /**
   * Applies the whole log to empty read models: bulk-load settings, no row lookups before a
   * stream's first event, secondary indexes built once at the end. Tables are not dropped here,
   * so another process loading the same file at the same time only writes the same rows again.
   */
  private async loadFromZero(): Promise<RecordedEvent[]> {
    const restoreSettings = useBulkLoadSettings(this.db);
    try {
      this.bumpEpoch();
      dropReadModelIndexes(this.db, this.names);
      this.fromZero = true;
      try {
        return await this.run(false);
      } finally {
        this.fromZero = false;
        createReadModelIndexes(this.db, this.names);
      }
    } finally {
      restoreSettings();
    }
  }

  /**
   * Applies the whole log from the beginning into new tables while readers keep the live ones,
   * then swaps them in with one transaction (readers on any connection see the old read models or
   * the new, never a part). A failure leaves the live read models as they were.
   */
  async rebuild(): Promise<{ events: number; deals: number }> {
    dropReadModels(this.db, REBUILD_TABLES);
    const shadow = new ProjectionRunner(this.db, this.store, REBUILD_TABLES);
    try {
      await shadow.loadFromZero();
    } catch (error) {
      dropReadModels(this.db, REBUILD_TABLES, false);
      throw error;
    }
    // This runner's own catch-up may be between two batches: swap only when it is not.
    while (this.running) await this.running.catch(() => undefined);
    swapInRebuiltReadModels(this.db);
    this.stmts = this.prepare();
    this.caughtUpAt = undefined;
    this.known = undefined;
    this.bumpEpoch();
    const deals = this.db.prepare(`SELECT COUNT(*) FROM ${RM.deals}`).pluck().get() as number;
    return { events: shadow.lastRunEvents, deals };
  }
}
