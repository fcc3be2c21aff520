/**
 * A persisted projection, declared once: its name, its own version, its read-model tables, the
 * event types it reads and its pure fold. The runner (runner.ts) runs whatever the registry
 * (registered-projections.ts) lists; it owns batching, checkpoints, the binding to the store and
 * the rebuild, so a projection holds no I/O beyond reading and writing its own rows.
 *
 * Versions: a projection's tables are named `rm_<table>_v<version>` and its checkpoint row records
 * the version it was built at. When a start finds the row at another version, that projection's old
 * tables are dropped and it alone is filled again from the start of the log (reading only its own
 * event types); every other projection keeps its rows and its checkpoint. Bump the version whenever
 * the fold or the row layout changes what the rows hold.
 */
import type { RecordedEvent } from '../event-store/event-store';
import type { ReadModelDb } from './read-model-database';

/** One table of a projection. */
export interface ProjectionTable {
  /** The logical name; the table is `rm_<name>_v<version>` (`_rebuild` appended while a rebuild fills it). */
  readonly name: string;
  /** What goes between the parentheses of CREATE TABLE (columns and constraints). */
  readonly columns: string;
  /** Secondary indexes by role (`role` → column list); a load from zero builds them after its rows. */
  readonly indexes?: Readonly<Record<string, string>>;
  /** A table of its primary key only (SQLite's WITHOUT ROWID): index rows and counters, stored once, in key order. */
  readonly withoutRowid?: boolean;
}

/** Reads, writes and deletes a projection's rows, by key, in the tables it was given. */
export interface ProjectionRows<Row> {
  get(key: string): Row | null;
  /**
   * Writes the row; `stored` is the row as the tables held it before this batch (null: none), so
   * a projection that keeps rows derived from it (counters, index rows: several keys per event)
   * can take the old row's part out and put the new one's in.
   */
  put(key: string, row: Row, stored: Row | null): void;
  /** Removes the row (a fold that answers null for a row that exists); a key without a row is no error. `stored` as for put. */
  delete(key: string, stored: Row | null): void;
  /** After a batch's puts and deletes, in the same transaction: writes what they gathered (summed counters). */
  endBatch?(): void;
}

export interface ProjectionDefinition<Row = unknown> {
  /** Unique among the registered projections; names its checkpoint row. */
  readonly name: string;
  /** A whole number from 1; a change rebuilds this projection's tables (only them) at the next start. */
  readonly version: number;
  /**
   * Optional: the configuration the fold depends on, as text (the ratings: the tournaments they
   * leave out). Its checkpoint records it with the version (checkpointVersion), so a start with
   * another one rebuilds this projection as a version change does; its tables keep their names.
   */
  readonly variant?: string;
  readonly tables: readonly ProjectionTable[];
  /** The event types the fold reads: the store filters by them, so everything else is never read. */
  readonly eventTypes: readonly string[];
  /**
   * The keys of the rows an event of these types belongs to: none, one (a deal's summary) or many
   * (a row per player of the deal, as Emmett's getDocumentIds). Each is folded on its own, unless
   * the projection folds them together (foldKeys). `rowOf` reads one of the projection's own rows
   * as it stands before the event (a deal's row naming the players whose rows a result changes).
   */
  keysOf(event: RecordedEvent, rowOf?: (key: string) => Row | null): readonly string[];
  /**
   * The pure fold of one row: the row after the event (null: none, so a row that was there is
   * deleted). Returns the same object when the event changes nothing, so nothing is written for it.
   * `key` is the row's key, one of keysOf(event) (a per-player row learns whose it is).
   */
  fold(row: Row | null, event: RecordedEvent, key: string): Row | null;
  /**
   * Optional: the pure fold of all the event's rows at once, for rows that depend on each other (a
   * rating: the declarer's and both defenders' move together). `rows[i]` is the row of `keys[i]`
   * before the event (null: none); returns each row after it (null: deleted; the same object:
   * unchanged). When present, `fold` is not called.
   */
  foldKeys?(rows: readonly (Row | null)[], event: RecordedEvent, keys: readonly string[]): readonly (Row | null)[];
  /**
   * Optional: events per transaction while this projection loads from zero (the runner's BATCH
   * otherwise). Rows that the events touch again and again (a player's rating) are read and
   * written once per batch, so larger batches read and write fewer of them.
   */
  readonly batchFromZero?: number;
  /**
   * Optional: a projection whose rows follow from another's (`source`, reading the same event
   * types) loads from zero from the source's rows instead of the log, when the source loads with
   * it (the runner loads the source first, then calls `load`, then gives it the source's
   * checkpoint). Its live fold stays the fold of events: `load` reads the source's tables and
   * answers what writes the rows that fold would (run in one transaction with the checkpoint).
   */
  readonly derivedFrom?: {
    readonly source: string;
    /**
     * `target` names its own tables (of the rebuild, when one runs): a load may fill a table whose
     * rows are written once and never looked up (a history) as it reads, in transactions of its own,
     * after clearing it, so that a load cut short and run again leaves no row twice.
     */
    load(
      db: ReadModelDb,
      source: Readonly<Record<string, string>>,
      target: Readonly<Record<string, string>>,
    ): Promise<{ write(rows: ProjectionRows<Row>): void }>;
  };
  /** True when no row can exist before this event (its stream's first): a load from zero then looks nothing up. */
  startsRow?(event: RecordedEvent): boolean;
  /** Statements over the tables; `tables` maps each logical name to the table to use. */
  rows(db: ReadModelDb, tables: Readonly<Record<string, string>>): ProjectionRows<Row>;
  /**
   * The views a written row may change (e.g. `table\u0000<id>`: that table's score sheet), so the
   * ledger may cache them until then (ProjectionRunner.versionOf). For a deleted row, `row` is the
   * row as it last stood (the one it was folded from).
   */
  changes?(key: string, row: Row): readonly string[];
}

/** The version a projection's checkpoint records: its version, and when it has a variant a number from the variant's text too. */
export function checkpointVersion(projection: Pick<ProjectionDefinition, 'version' | 'variant'>): number {
  if (projection.variant === undefined) return projection.version;
  let hash = 0x811c9dc5;
  for (const ch of projection.variant) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return projection.version + 1000 * (1 + (hash % 1_000_000));
}

/** The live table of a projection's logical table. */
export function liveTableName(projection: Pick<ProjectionDefinition, 'version'>, table: string): string {
  return `rm_${table}_v${projection.version}`;
}

/** The table a rebuild fills before it swaps it in. */
export function rebuildTableName(projection: Pick<ProjectionDefinition, 'version'>, table: string): string {
  return `${liveTableName(projection, table)}_rebuild`;
}

/** Logical name → table, live or of a rebuild. */
export function tableNames(projection: ProjectionDefinition, rebuild = false): Record<string, string> {
  return Object.fromEntries(projection.tables.map((t) => [t.name, rebuild ? rebuildTableName(projection, t.name) : liveTableName(projection, t.name)]));
}

/** Refuses a registry that could not work: a name twice, a bad version, a table name twice. */
export function checkRegistry(projections: readonly ProjectionDefinition[]): void {
  const names = new Set<string>();
  const tables = new Set<string>();
  for (const p of projections) {
    if (!/^[a-z][a-z0-9-]*$/.test(p.name)) throw new Error(`projection name ${JSON.stringify(p.name)}: lower-case letters, digits and dashes`);
    if (names.has(p.name)) throw new Error(`projection ${p.name} is registered twice`);
    names.add(p.name);
    if (!Number.isInteger(p.version) || p.version < 1) throw new Error(`projection ${p.name}: its version is a whole number from 1, not ${p.version}`);
    if (p.tables.length === 0) throw new Error(`projection ${p.name} declares no table`);
    for (const t of p.tables) {
      if (!/^[a-z][a-z0-9_]*$/.test(t.name)) throw new Error(`projection ${p.name}: table name ${JSON.stringify(t.name)} (lower-case letters, digits, _)`);
      const live = liveTableName(p, t.name);
      if (tables.has(live)) throw new Error(`projection ${p.name}: table ${live} belongs to another projection too`);
      tables.add(live);
    }
  }
}
