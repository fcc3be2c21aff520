import type { EventStore, RecordedEvent } from '../event-store/event-store';
import { checkpointVersion, tableNames, type ProjectionDefinition } from './projection-definition';
import {
  BINDING_TABLE,
  CHECKPOINT_TABLE,
  createProjectionIndexes,
  createRebuildTables,
  dropProjectionIndexes,
  dropRebuildTables,
  REBUILD_BINDING_TABLE,
  REBUILD_CHECKPOINT_TABLE,
  swapInRebuiltReadModels,
  useBulkLoadSettings,
  type ReadModelDb,
} from './read-model-db';
import { BINDING_HEAD, BINDING_IDENTITY, markOf } from './read-model-binding';
import { REGISTERED_PROJECTIONS } from './registered-projections';
import { derivedOf, loadDerived, othersOf, rowCountsOf } from './runner-derived';
import { batchLimit, CheckpointMovedError, eventTypesOf, Deleted, emptyBatch, type Batch, type Checkpoint, type Slot } from './runner-batch';

export type { Checkpoint } from './runner-batch';

/** Event types the registered projections read; everything else is skipped by the store. */
export const PROJECTED_EVENT_TYPES: readonly string[] = eventTypesOf(REGISTERED_PROJECTIONS);

/**
 * Applies events to the registered projections' read models. Each projection has its own
 * checkpoint; those at the same position read the log together (only their event types), and one
 * behind (new, or rebuilt after its version changed) first reads alone up to the others. Each batch
 * is one SQLite transaction that writes the touched rows with the checkpoints, so a crash never
 * leaves rows ahead of or behind their checkpoint. Replay frames and audits are pure folds computed
 * per request from the deal's stream, so they need no rows.
 */
export class ProjectionRunner {
  private stmts;
  private slots: Slot[];
  private running: Promise<RecordedEvent[]> | null = null;
  /** Events read by the last run (also when not collected). */
  lastRunEvents = 0;
  /**
   * The change token taken at the start of the last completed run (undefined: none, or the store
   * has no token). While the token is the same nothing was appended since, so catchUp skips reading.
   */
  private caughtUpAt: string | undefined;
  /**
   * The checkpoints as this runner last wrote or read them. A live apply goes on from there only if
   * nobody else moved them meanwhile (a rebuild swapped in, another process caught up on the file).
   */
  private known: readonly Checkpoint[] | undefined;
  private readonly projectedTypes: ReadonlySet<string>;
  /**
   * How often this runner rewrote rows behind each view (a table's sheet: its deals' summaries and
   * its own row; a tournament: its own row), and an epoch bumped whenever rows may have changed
   * without it (a rebuild, a load from zero, another writer moving a checkpoint): versionOf()
   * changes exactly when a view built from those rows may differ, so callers may cache by it.
   */
  private readonly versions = new Map<string, number>();
  private epoch = 0;
  /**
   * Told, after each batch this runner wrote to the live tables, which views (versionOf's keys:
   * `table\u0000<id>`, `tournament\u0000<id>`) its rows changed. It runs before anything else
   * reads or writes (synchronously); what it throws is dropped: it may only keep what can be
   * built again (the ledger's sheet snapshots).
   */
  afterBatch: ((views: ReadonlySet<string>) => void) | undefined;

  constructor(
    private readonly db: ReadModelDb,
    private readonly store: EventStore,
    private readonly projections: readonly ProjectionDefinition[] = REGISTERED_PROJECTIONS,
    /** The tables written: the live ones, or those a rebuild fills before swapping them in. */
    private readonly target: 'live' | 'rebuild' = 'live',
  ) {
    this.projectedTypes = new Set(eventTypesOf(projections));
    this.slots = this.prepareSlots();
    this.stmts = this.prepare();
  }

  /** The event types this runner's projections read. */
  get eventTypes(): readonly string[] {
    return [...this.projectedTypes];
  }

  private prepareSlots(): Slot[] {
    const rebuild = this.target === 'rebuild';
    return this.projections.map((definition) => ({
      definition,
      rows: definition.rows(this.db, tableNames(definition, rebuild)),
      tables: JSON.stringify(Object.values(tableNames(definition))),
      fromZero: false,
    }));
  }

  private prepare() {
    const db = this.db;
    const checkpoints = this.target === 'rebuild' ? REBUILD_CHECKPOINT_TABLE : CHECKPOINT_TABLE;
    const binding = this.target === 'rebuild' ? REBUILD_BINDING_TABLE : BINDING_TABLE;
    const rebuild = this.target === 'rebuild';
    const anyRow = (p: ProjectionDefinition) =>
      db
        .prepare(
          `SELECT ${Object.values(tableNames(p, rebuild))
            .map((t) => `EXISTS (SELECT 1 FROM ${t})`)
            .join(' OR ')}`,
        )
        .pluck();
    return {
      checkpoints: db.prepare(`SELECT projection, version, position, events FROM ${checkpoints}`),
      putCheckpoint: db.prepare(`INSERT OR REPLACE INTO ${checkpoints} (projection, version, tables, position, events) VALUES (?, ?, ?, ?, ?)`),
      getHead: db.prepare(`SELECT 1 FROM ${binding} WHERE key = ?`).pluck(),
      putBinding: db.prepare(`INSERT OR REPLACE INTO ${binding} (key, value) VALUES (?, ?)`),
      addBinding: db.prepare(`INSERT OR IGNORE INTO ${binding} (key, value) VALUES (?, ?)`),
      anyRow: this.projections.map(anyRow),
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

  /** Each projection's checkpoint, in registry order (none yet: no position, 0 events). */
  checkpoints(): Checkpoint[] {
    const rows = this.stmts.checkpoints.all() as { projection: string; version: number; position: string | null; events: number }[];
    const byName = new Map(rows.map((r) => [r.projection, r]));
    return this.slots.map(({ definition }) => {
      const row = byName.get(definition.name);
      return row && row.version === checkpointVersion(definition)
        ? { position: row.position ?? undefined, events: row.events }
        : { position: undefined, events: 0 };
    });
  }

  /**
   * Where all read models reach: the position every projection has passed (the earliest of their
   * checkpoints) and the events they hold together. It changes whenever any of them moves.
   */
  checkpoint(): Checkpoint {
    const all = this.checkpoints();
    let position: string | undefined;
    for (const [i, c] of all.entries()) {
      if (c.position === undefined) {
        position = undefined;
        break;
      }
      if (i === 0 || this.store.comparePositions(c.position, position as string) < 0) position = c.position;
    }
    return { position, events: all.reduce((n, c) => n + c.events, 0) };
  }

  /** Applies everything after the checkpoints; concurrent calls share one run. Returns the events applied to every projection. */
  catchUp(collect = true): Promise<RecordedEvent[]> {
    if (this.running) return this.running.then(() => this.catchUp(collect));
    // Nothing appended and the read model untouched since the last run began: nothing to apply.
    // A token that cannot be read (store closed) falls through to the run, which reports it.
    if (this.caughtUpAt !== undefined && this.caughtUpAt === this.tokenOrUndefined()) {
      this.lastRunEvents = 0;
      return Promise.resolve([]);
    }
    // Empty projections (a new file, a new version, read models in memory) load like a rebuild.
    const empty = collect ? [] : this.emptySlots();
    const work = empty.length > 0 ? this.loadFromZero(empty) : this.run(collect);
    const run = work.finally(() => {
      this.running = null;
    });
    this.running = run;
    return run;
  }

  /** Projections without checkpoint and without rows. */
  private emptySlots(): number[] {
    const checkpoints = this.checkpoints();
    return this.slots
      .map((_, i) => i)
      .filter((i) => checkpoints[i].position === undefined && checkpoints[i].events === 0 && !(this.stmts.anyRow[i].get() as number));
  }

  private async run(collect: boolean): Promise<RecordedEvent[]> {
    for (;;) {
      try {
        return await this.runOnce(collect);
      } catch (error) {
        if (!(error instanceof CheckpointMovedError)) throw error;
        // Rows may exist now, written by the other writer: look them up from here on.
        for (const slot of this.slots) slot.fromZero = false;
      }
    }
  }

  private same(a: string | undefined, b: string | undefined): boolean {
    return a === b || (a !== undefined && b !== undefined && this.store.comparePositions(a, b) === 0);
  }

  private sameCheckpoints(a: readonly Checkpoint[] | undefined, b: readonly Checkpoint[]): boolean {
    return a !== undefined && a.length === b.length && a.every((c, i) => c.events === b[i].events && this.same(c.position, b[i].position));
  }

  private async runOnce(collect: boolean): Promise<RecordedEvent[]> {
    // Taken before reading: anything appended while the run reads changes the token, so the next
    // call reads again (the run's own writes also change it, costing one empty read afterwards).
    const token = this.changeToken();
    this.caughtUpAt = undefined;
    const checkpoints = this.checkpoints();
    // Another writer moved a checkpoint (its rows are new to this runner): every version changes.
    if (!this.sameCheckpoints(this.known, checkpoints)) this.bumpEpoch();
    this.known = checkpoints;
    const applied: RecordedEvent[] = [];
    let total = 0;
    for (;;) {
      const cps = this.known;
      // The projections furthest behind read alone, up to the next checkpoint; then they go on together with those there.
      const earliest = this.earliest(cps.map((c) => c.position));
      const group = cps.flatMap((c, i) => (this.same(c.position, earliest) ? [i] : []));
      const later = cps.filter((_, i) => !group.includes(i)).map((c) => c.position as string);
      const until = later.length > 0 ? this.earliest(later) : undefined;
      total += await this.readInto(group, until, collect && until === undefined ? applied : undefined);
      if (until === undefined) break;
    }
    this.lastRunEvents = total;
    this.caughtUpAt = token;
    return applied;
  }

  /** The earliest of these positions (undefined, the start of the log, is the earliest of all). */
  private earliest(positions: readonly (string | undefined)[]): string | undefined {
    let min: string | undefined = positions[0];
    for (const p of positions) {
      if (p === undefined) return undefined;
      if (min !== undefined && this.store.comparePositions(p, min) < 0) min = p;
    }
    return min;
  }

  /**
   * Reads the log after the group's checkpoint (all at one position) with the group's event types
   * and folds each event into the group's rows; with `until`, stops there and leaves the group's
   * checkpoints at it. Returns the events read.
   */
  private async readInto(group: readonly number[], until: string | undefined, collect: RecordedEvent[] | undefined): Promise<number> {
    let known = this.known as readonly Checkpoint[];
    const after = known[group[0]].position;
    const targets = this.targetsOf(group);
    const types = [...targets.keys()];
    const whole = group.length === this.slots.length;
    const limit = batchLimit(group.map((i) => this.slots[i]));
    let total = 0;
    // Events are folded as they arrive and only the touched rows wait for the batch's write, so a
    // batch holds rows, not thousands of parsed events (which the GC would have to move and mark).
    let batch = emptyBatch();
    const flush = (position: string): void => {
      const next = this.writeBatch(group, batch, known, position, whole);
      known = next;
      this.known = next;
      total += batch.events;
      batch = emptyBatch();
    };
    // The folds read metadata of DealStarted only; events handed back to the caller keep it eager.
    for await (const event of this.store.readAll({ after, eventTypes: types, lazyMetadata: collect === undefined })) {
      if (until !== undefined && this.store.comparePositions(event.position, until) > 0) break;
      this.fold(batch, targets, event);
      if (collect) collect.push(event);
      if (batch.events >= limit) flush(batch.position);
    }
    if (until !== undefined) flush(until);
    else if (batch.events > 0) flush(batch.position);
    return total;
  }

  /** Event type → the projections of the group that read it. */
  private targetsOf(group: readonly number[]): Map<string, number[]> {
    const targets = new Map<string, number[]>();
    for (const i of group) {
      for (const type of this.slots[i].definition.eventTypes) {
        const list = targets.get(type);
        if (list) list.push(i);
        else targets.set(type, [i]);
      }
    }
    return targets;
  }

  /**
   * Applies events a live subscription delivered (in log order, of any type): those the read models
   * read and that lie after the checkpoints are folded, and their rows are written with the
   * checkpoints in one transaction. Synchronous, so nothing else writes in between. Returns false,
   * applying nothing, when a catch-up is running, the projections are not all at one position, or
   * a checkpoint is not where this runner left it (a rebuild swapped in, another process wrote):
   * the caller then catches up by reading, which also covers these events.
   */
  applyLive(events: readonly RecordedEvent[]): boolean {
    if (this.running) return false;
    const current = this.checkpoints();
    if (!this.sameCheckpoints(this.known, current)) return false;
    const position = current[0]?.position;
    if (!current.every((c) => this.same(c.position, position))) return false;
    const group = this.slots.map((_, i) => i);
    const targets = this.targetsOf(group);
    const batch = emptyBatch();
    for (const event of events) {
      if (!this.projectedTypes.has(event.type)) continue;
      if (position !== undefined && this.store.comparePositions(event.position, position) <= 0) continue;
      this.fold(batch, targets, event);
    }
    if (batch.events === 0) return true;
    try {
      this.known = this.writeBatch(group, batch, current, batch.position, true);
    } catch (error) {
      if (error instanceof CheckpointMovedError) return false;
      throw error;
    }
    this.caughtUpAt = undefined;
    return true;
  }

  /** Folds one event into the batch's rows (each key keysOf names), loading a row from the read model on first touch. */
  private fold(batch: Batch, targets: ReadonlyMap<string, readonly number[]>, event: RecordedEvent): void {
    batch.events++;
    batch.position = event.position;
    batch.first ??= event;
    batch.last = event;
    for (const i of targets.get(event.type) ?? []) {
      const slot = this.slots[i];
      batch.counts.set(i, (batch.counts.get(i) ?? 0) + 1);
      let rows = batch.rows.get(i);
      let stored = batch.stored.get(i);
      if (!rows || !stored) {
        batch.rows.set(i, (rows = new Map()));
        batch.stored.set(i, (stored = new Map()));
      }
      const [held, kept] = [rows, stored];
      // A row as the batch holds it, else as the tables do (remembered as stored: a put takes its derived rows' part out).
      const rowOf = (key: string): unknown => {
        const row = held.get(key);
        if (row instanceof Deleted) return null;
        if (held.has(key)) return row;
        const before = slot.fromZero && slot.definition.startsRow?.(event) === true ? null : slot.rows.get(key);
        if (!kept.has(key)) kept.set(key, before);
        return before;
      };
      const keys = slot.definition.keysOf(event, rowOf);
      if (keys.length === 0) continue;
      const befores = keys.map(rowOf);
      const afters = slot.definition.foldKeys
        ? slot.definition.foldKeys(befores, event, keys)
        : keys.map((key, k) => slot.definition.fold(befores[k], event, key));
      for (const [k, key] of keys.entries()) {
        if (afters[k] === befores[k]) continue;
        // A row the tables did not hold before the batch, gone again within it: nothing to write, no view changed.
        if (afters[k] === null && kept.get(key) === null && !slot.definition.changes) held.delete(key);
        else held.set(key, afters[k] === null ? new Deleted(befores[k]) : afters[k]);
      }
    }
  }

  /**
   * Writes the batch's rows, the group's checkpoints (at `position`) and the head of the store they
   * reach (binding) in one transaction, provided the checkpoints are still where this run found
   * them. Returns the checkpoints as written.
   */
  private writeBatch(group: readonly number[], batch: Batch, before: readonly Checkpoint[], position: string, whole: boolean): Checkpoint[] {
    const s = this.stmts;
    const after = before.slice();
    for (const i of group) after[i] = { position, events: before[i].events + (batch.counts.get(i) ?? 0) };
    this.db.transaction(() => {
      const current = this.checkpoints();
      if (group.some((i) => !this.same(current[i].position, before[i].position) || current[i].events !== before[i].events)) throw new CheckpointMovedError();
      // The store's identity: the first event read into empty read models; the head: the last one read by all of them.
      if (batch.first && group.some((i) => before[i].position === undefined)) s.addBinding.run(BINDING_IDENTITY, JSON.stringify(markOf(batch.first)));
      if (batch.last && (whole || s.getHead.get(BINDING_HEAD) === undefined)) s.putBinding.run(BINDING_HEAD, JSON.stringify(markOf(batch.last)));
      for (const [i, rows] of batch.rows) {
        const stored = batch.stored.get(i);
        const target = this.slots[i].rows;
        for (const [key, row] of rows) {
          if (row instanceof Deleted) target.delete(key, stored?.get(key) ?? null);
          else target.put(key, row, stored?.get(key) ?? null);
        }
        target.endBatch?.();
      }
      for (const i of group) {
        const { definition, tables } = this.slots[i];
        s.putCheckpoint.run(definition.name, checkpointVersion(definition), tables, position, after[i].events);
      }
    })();
    const views = new Set<string>();
    for (const [i, rows] of batch.rows) {
      const changes = this.slots[i].definition.changes;
      if (!changes) continue;
      for (const [key, row] of rows) for (const view of changes(key, row instanceof Deleted ? row.was : row)) views.add(view);
    }
    for (const view of views) this.bump(view);
    if (this.afterBatch && views.size > 0 && this.target === 'live') {
      try {
        this.afterBatch(views);
      } catch {
        // A snapshot not kept costs a sheet built anew when it is asked for, nothing more.
      }
    }
    return after;
  }

  private bump(key: string): void {
    this.versions.set(key, (this.versions.get(key) ?? 0) + 1);
  }

  private bumpEpoch(): void {
    this.epoch++;
    this.versions.clear();
  }

  /** Changes whenever the rows a view is built from (table: its row and its deals'; tournament: its own row) may have changed. */
  versionOf(kind: 'table' | 'tournament', id: string): string {
    return `${this.epoch}:${this.versions.get(`${kind}\u0000${id}`) ?? 0}`;
  }

  /**
   * Applies the log to empty projections: bulk-load settings, no row lookups before a stream's
   * first event, their secondary indexes built once at the end. Tables are not dropped here, so
   * another process loading the same file at the same time only writes the same rows again.
   */
  private async loadFromZero(empty: readonly number[]): Promise<RecordedEvent[]> {
    // Projections derived from another loading with them are filled from its rows once it is loaded (runner-derived.ts).
    const derived = derivedOf(this.projections, empty);
    if (derived.size > 0) {
      const others = othersOf(this.projections, derived, empty);
      const first = new ProjectionRunner(this.db, this.store, others.projections, this.target);
      await first.loadFromZero(others.empty);
      await loadDerived(this.db, this.projections, derived, this.target === 'rebuild');
      this.bumpEpoch();
      const applied = await this.run(false);
      this.lastRunEvents += first.lastRunEvents;
      return applied;
    }
    const restoreSettings = useBulkLoadSettings(this.db);
    const rebuild = this.target === 'rebuild';
    try {
      this.bumpEpoch();
      for (const i of empty) {
        dropProjectionIndexes(this.db, this.slots[i].definition, rebuild);
        this.slots[i].fromZero = true;
      }
      try {
        return await this.run(false);
      } finally {
        for (const i of empty) {
          this.slots[i].fromZero = false;
          createProjectionIndexes(this.db, this.slots[i].definition, rebuild);
        }
      }
    } finally {
      restoreSettings();
    }
  }

  /**
   * Applies the whole log from the beginning into new tables while readers keep the live ones,
   * then swaps them in with one transaction (readers on any connection see the old read models or
   * the new, never a part). A failure leaves the live read models as they were. Returns the events
   * read and the rows of each projection.
   */
  async rebuild(): Promise<{ events: number; rows: Record<string, number> }> {
    createRebuildTables(this.db, this.projections);
    const shadow = new ProjectionRunner(this.db, this.store, this.projections, 'rebuild');
    try {
      await shadow.loadFromZero(this.slots.map((_, i) => i));
    } catch (error) {
      dropRebuildTables(this.db, this.projections);
      throw error;
    }
    // This runner's own catch-up may be between two batches: swap only when it is not.
    while (this.running) await this.running.catch(() => undefined);
    swapInRebuiltReadModels(this.db, this.projections);
    this.slots = this.prepareSlots();
    this.stmts = this.prepare();
    this.caughtUpAt = undefined;
    this.known = undefined;
    this.bumpEpoch();
    return { events: shadow.lastRunEvents, rows: this.rowCounts() };
  }

  /** Rows of each projection: of its first table, the one with a row per key (the others hold what is derived from those rows). */
  rowCounts(): Record<string, number> {
    return rowCountsOf(this.db, this.projections);
  }
}
