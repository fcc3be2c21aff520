import Database from 'better-sqlite3';
import { closeLeavingRollbackJournal } from '../eventStore/sqlite/journalAtRest';

export type ReadModelDb = Database.Database;

/**
 * Read models are versioned by table name, so a changed projection rebuilds into fresh tables.
 * All of them move to a new version together, the checkpoint included: a file of an older layout
 * then has no checkpoint row in the current tables and catches up from the start of the log,
 * never showing new, empty tables with an old checkpoint at the end.
 * v3: a deal summary is stored as a JSON array of values with the derivation as a flat list
 * (dealSummaryRow.ts), not as an object (v1). v2 held the array with derivation objects and
 * lived for a few commits only. v5: a deal summary holds the archive record's own result check
 * (`archive`), folded from IssRecordImported.
 */
export const RM = {
  deals: 'rm_deal_summary_v5',
  tables: 'rm_table_v5',
  tournaments: 'rm_tournament_v5',
  checkpoints: 'rm_checkpoint_v5',
  /** The store the rows were built from: its identity and the head they reach (readModelBinding.ts). */
  binding: 'rm_binding_v5',
} as const;

/** The names of one set of read-model tables: the live ones (RM) or those a rebuild fills before the swap. */
export interface ReadModelTables {
  readonly deals: string;
  readonly tables: string;
  readonly tournaments: string;
  readonly checkpoints: string;
  readonly binding: string;
}

/** Where `rebuild` builds while readers keep using the live tables; swapped in by swapInRebuiltReadModels. */
export const REBUILD_TABLES: ReadModelTables = {
  deals: `${RM.deals}_rebuild`,
  tables: `${RM.tables}_rebuild`,
  tournaments: `${RM.tournaments}_rebuild`,
  checkpoints: `${RM.checkpoints}_rebuild`,
  binding: `${RM.binding}_rebuild`,
};

const TABLE_KEYS = ['deals', 'tables', 'tournaments', 'checkpoints', 'binding'] as const;

/** Tables of earlier layouts: dropped when a read-model database is opened, so their pages are reused. */
export const LEGACY_READ_MODEL_TABLES: readonly string[] = [
  ...['v1', 'v2', 'v3'].flatMap((v) => [`rm_deal_summary_${v}`, `rm_table_${v}`, `rm_tournament_${v}`, `rm_checkpoint_${v}`]),
  ...['rm_deal_summary_v4', 'rm_table_v4', 'rm_tournament_v4', 'rm_checkpoint_v4', 'rm_binding_v4'],
];

/**
 * Opens the read-model database: `sqlite::memory:`, `sqlite:<file>` or a plain file path.
 * The same file as a SQLite event store is fine (WAL; the store keeps its own tables).
 */
export function openReadModelDb(url: string): ReadModelDb {
  const file = url === 'sqlite::memory:' || url === ':memory:' ? ':memory:' : url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : url;
  const db = new Database(file);
  if (file !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  createReadModelSchema(db);
  return db;
}

/** Closes it; the last connection to a file leaves it in rollback-journal mode (readable from a read-only folder). */
export function closeReadModelDb(db: ReadModelDb): void {
  closeLeavingRollbackJournal(db);
}

export function createReadModelSchema(db: ReadModelDb): void {
  dropLegacyReadModels(db);
  createReadModelTables(db);
  createReadModelIndexes(db);
}

/** Drops the tables of earlier read-model layouts (their indexes go with them); nothing reads them any more. */
export function dropLegacyReadModels(db: ReadModelDb): void {
  const present = db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name IN (${LEGACY_READ_MODEL_TABLES.map(() => '?').join(', ')})`)
    .pluck()
    .all(...LEGACY_READ_MODEL_TABLES) as string[];
  if (present.length === 0) return;
  db.transaction(() => {
    for (const name of present) db.exec(`DROP TABLE IF EXISTS ${name}`);
  }).immediate();
}

export function createReadModelTables(db: ReadModelDb, names: ReadModelTables = RM): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS ${names.deals} (
      deal_id TEXT PRIMARY KEY,
      table_id TEXT, tournament_id TEXT, deal_number INTEGER NOT NULL,
      started_at TEXT NOT NULL, source TEXT NOT NULL,
      p0 TEXT NOT NULL, p1 TEXT NOT NULL, p2 TEXT NOT NULL,
      status TEXT NOT NULL, game_type TEXT, won INTEGER,
      json TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS ${names.tables} (
      table_id TEXT PRIMARY KEY, tournament_id TEXT, json TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS ${names.tournaments} (
      tournament_id TEXT PRIMARY KEY, json TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS ${names.checkpoints} (
      projection TEXT PRIMARY KEY, position TEXT, events INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS ${names.binding} (
      key TEXT PRIMARY KEY, value TEXT NOT NULL
    );
  `);
}

const INDEX_ROLES = ['table', 'tournament', 'order', 'p0', 'p1', 'p2'] as const;

function indexExists(db: ReadModelDb, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?").pluck().get(name) !== undefined;
}

/**
 * Index names follow the live table and come in two sets ('' and '_b'): a rebuild indexes its new
 * table under the set the live table does not use, so the swap is renames only, no index build.
 */
function liveIndexSuffix(db: ReadModelDb): '' | '_b' {
  return indexExists(db, `${RM.deals}_order_b`) ? '_b' : '';
}

/** Secondary indexes for the queries; a rebuild creates them after the bulk load (faster). */
export function createReadModelIndexes(db: ReadModelDb, names: ReadModelTables = RM): void {
  const live = names.deals === RM.deals;
  const suffix = live ? liveIndexSuffix(db) : liveIndexSuffix(db) === '' && indexExists(db, `${RM.deals}_order`) ? '_b' : '';
  const n = (role: string) => `${RM.deals}_${role}${suffix}`;
  db.exec(`
    CREATE INDEX IF NOT EXISTS ${n('table')} ON ${names.deals}(table_id, deal_number);
    CREATE INDEX IF NOT EXISTS ${n('tournament')} ON ${names.deals}(tournament_id);
    CREATE INDEX IF NOT EXISTS ${n('order')} ON ${names.deals}(started_at, deal_id);
    CREATE INDEX IF NOT EXISTS ${n('p0')} ON ${names.deals}(p0);
    CREATE INDEX IF NOT EXISTS ${n('p1')} ON ${names.deals}(p1);
    CREATE INDEX IF NOT EXISTS ${n('p2')} ON ${names.deals}(p2);
  `);
}

/** Drops the secondary indexes of the deal table only (a load into empty tables builds them afterwards, which is faster). */
export function dropReadModelIndexes(db: ReadModelDb, names: ReadModelTables = RM): void {
  const onTable = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND name NOT LIKE 'sqlite_autoindex%'")
    .pluck()
    .all(names.deals) as string[];
  const ours = new Set(INDEX_ROLES.flatMap((role) => [`${RM.deals}_${role}`, `${RM.deals}_${role}_b`]));
  db.exec(
    onTable
      .filter((name) => ours.has(name))
      .map((name) => `DROP INDEX IF EXISTS ${name};`)
      .join(' '),
  );
}

/**
 * Replaces the live read models by the rebuilt ones in one transaction: readers on any connection
 * see either the old tables or the new ones, complete with checkpoint and binding, never a mix.
 */
export function swapInRebuiltReadModels(db: ReadModelDb): void {
  db.transaction(() => {
    for (const key of TABLE_KEYS) {
      db.exec(`DROP TABLE IF EXISTS ${RM[key]}`);
      db.exec(`ALTER TABLE ${REBUILD_TABLES[key]} RENAME TO ${RM[key]}`);
    }
  }).immediate();
}

/** Pages kept in memory during a rebuild (KiB): the freshly written rows stay cached for the index builds. */
const BULK_LOAD_CACHE_KIB = 128 * 1024;
/** WAL pages between checkpoints during a rebuild (~64 MiB): a few fsyncs instead of one every 4 MiB. */
const BULK_LOAD_AUTOCHECKPOINT_PAGES = 16_384;

/**
 * Settings for a rebuild, which writes every read-model row in a burst: a page cache large enough
 * that the secondary index builds read the rows just written from memory rather than from the WAL,
 * and rarer WAL checkpoints (each one fsyncs). Durability is unchanged: synchronous stays as it
 * is (the event store shares the file). Returns the function that restores the settings and
 * checkpoints once, so the next writer does not pay for the rebuild's WAL.
 */
export function useBulkLoadSettings(db: ReadModelDb): () => void {
  const cacheSize = db.pragma('cache_size', { simple: true }) as number;
  const autocheckpoint = db.pragma('wal_autocheckpoint', { simple: true }) as number;
  db.pragma(`cache_size = ${-BULK_LOAD_CACHE_KIB}`);
  db.pragma(`wal_autocheckpoint = ${BULK_LOAD_AUTOCHECKPOINT_PAGES}`);
  return () => {
    db.pragma(`cache_size = ${cacheSize}`);
    db.pragma(`wal_autocheckpoint = ${autocheckpoint}`);
    // PASSIVE never waits for readers; what it cannot copy now the next autocheckpoint copies.
    if (!db.memory) db.pragma('wal_checkpoint(PASSIVE)');
  };
}

/** Drops every read model, checkpoint and binding (from zero); by default the tables come back, without secondary indexes. */
export function dropReadModels(db: ReadModelDb, names: ReadModelTables = RM, recreate = true): void {
  db.exec(TABLE_KEYS.map((key) => `DROP TABLE IF EXISTS ${names[key]};`).join(' '));
  if (recreate) createReadModelTables(db, names);
}
