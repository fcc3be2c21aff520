import Database from 'better-sqlite3';
import { closeLeavingRollbackJournal } from '../event-store/sqlite/journal-at-rest';
import { checkpointVersion, liveTableName, rebuildTableName, tableNames, checkRegistry, type ProjectionDefinition } from './projection-definition';
import type { ReadModelDb } from './read-model-database';
import { REGISTERED_PROJECTIONS } from './registered-projections';

export type { ReadModelDb } from './read-model-database';

/**
 * One checkpoint row per projection: the version its tables were built at, those tables, and the
 * position of the log (and the count of its events) its rows reach. A projection found at another
 * version is dropped and filled again from the start; the others go on from their own rows.
 */
export const CHECKPOINT_TABLE = 'rm_projection_checkpoint';
/** The store the rows were built from: its identity and the head they reach (read-model-binding.ts). */
export const BINDING_TABLE = 'rm_binding_v5';
/** Where a rebuild keeps its checkpoints and binding until the swap. */
export const REBUILD_CHECKPOINT_TABLE = `${CHECKPOINT_TABLE}_rebuild`;
export const REBUILD_BINDING_TABLE = `${BINDING_TABLE}_rebuild`;

/**
 * The one checkpoint of all read models before each projection had its own (`ledger-projections`
 * in rm_checkpoint_v5): adopted by every projection whose v5 tables are there, then dropped.
 */
const SHARED_CHECKPOINT_V5 = 'rm_checkpoint_v5';
const SHARED_CHECKPOINT_ROW = 'ledger-projections';

/** Tables of earlier layouts (one version for all read models): dropped when a read-model database is opened. */
export const LEGACY_READ_MODEL_TABLES: readonly string[] = [
  ...['v1', 'v2', 'v3'].flatMap((v) => [`rm_deal_summary_${v}`, `rm_table_${v}`, `rm_tournament_${v}`, `rm_checkpoint_${v}`]),
  ...['rm_deal_summary_v4', 'rm_table_v4', 'rm_tournament_v4', 'rm_checkpoint_v4', 'rm_binding_v4'],
];

/**
 * Opens the read-model database: `sqlite::memory:`, `sqlite:<file>` or a plain file path, with the
 * tables of the given projections (default: the registered ones). The same file as a SQLite event
 * store is fine (WAL; the store keeps its own tables).
 */
export function openReadModelDb(url: string, projections: readonly ProjectionDefinition[] = REGISTERED_PROJECTIONS): ReadModelDb {
  checkRegistry(projections);
  const file = url === 'sqlite::memory:' || url === ':memory:' ? ':memory:' : url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : url;
  const db = new Database(file);
  try {
    if (file !== ':memory:') db.pragma('journal_mode = WAL');
    db.pragma('busy_timeout = 5000');
    db.pragma('synchronous = NORMAL');
    createReadModelSchema(db, projections);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/** Closes it; the last connection to a file leaves it in rollback-journal mode (readable from a read-only folder). */
export function closeReadModelDb(db: ReadModelDb): void {
  closeLeavingRollbackJournal(db);
}

const tableExists = (db: ReadModelDb, name: string): boolean =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").pluck().get(name) !== undefined;

/** Drops what earlier layouts and versions left, then creates what is missing, in one transaction. */
export function createReadModelSchema(db: ReadModelDb, projections: readonly ProjectionDefinition[] = REGISTERED_PROJECTIONS): void {
  db.transaction(() => {
    dropLegacyReadModels(db);
    createBookkeeping(db, CHECKPOINT_TABLE, BINDING_TABLE);
    adoptSharedCheckpoint(db, projections);
    dropStaleProjections(db, projections);
    for (const p of projections) createProjectionTables(db, p, false);
  }).immediate();
  for (const p of projections) createProjectionIndexes(db, p, false);
}

function createBookkeeping(db: ReadModelDb, checkpoints: string, binding: string): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS ${checkpoints} (
      projection TEXT PRIMARY KEY, version INTEGER NOT NULL, tables TEXT NOT NULL, position TEXT, events INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS ${binding} (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  `);
}

/** Drops the tables of earlier read-model layouts (their indexes go with them); nothing reads them any more. */
export function dropLegacyReadModels(db: ReadModelDb): void {
  const present = db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name IN (${LEGACY_READ_MODEL_TABLES.map(() => '?').join(', ')})`)
    .pluck()
    .all(...LEGACY_READ_MODEL_TABLES) as string[];
  for (const name of present) db.exec(`DROP TABLE IF EXISTS ${name}`);
}

/** A file of the build before per-projection versions: its one checkpoint becomes each v5 projection's own. */
function adoptSharedCheckpoint(db: ReadModelDb, projections: readonly ProjectionDefinition[]): void {
  if (!tableExists(db, SHARED_CHECKPOINT_V5)) return;
  const row = db.prepare(`SELECT position, events FROM ${SHARED_CHECKPOINT_V5} WHERE projection = ?`).get(SHARED_CHECKPOINT_ROW) as
    { position: string | null; events: number } | undefined;
  if (row) {
    const adopt = db.prepare(`INSERT OR IGNORE INTO ${CHECKPOINT_TABLE} (projection, version, tables, position, events) VALUES (?, ?, ?, ?, ?)`);
    for (const p of projections) {
      const tables = Object.values(tableNames(p));
      if (tables.every((t) => tableExists(db, t))) adopt.run(p.name, checkpointVersion(p), JSON.stringify(tables), row.position, row.events);
    }
  }
  db.exec(`DROP TABLE ${SHARED_CHECKPOINT_V5}`);
}

/**
 * A projection whose checkpoint records another version (or that is no longer registered) loses
 * its tables and its checkpoint, so it is filled again from the start of the log. So does one whose
 * checkpoint survived its tables (never new, empty tables with an old checkpoint). Tables of older
 * versions of a registered projection's tables go too.
 */
function dropStaleProjections(db: ReadModelDb, projections: readonly ProjectionDefinition[]): void {
  const byName = new Map(projections.map((p) => [p.name, p]));
  const rows = db.prepare(`SELECT projection, version, tables FROM ${CHECKPOINT_TABLE}`).all() as { projection: string; version: number; tables: string }[];
  for (const row of rows) {
    const p = byName.get(row.projection);
    const current = p !== undefined && checkpointVersion(p) === row.version && Object.values(tableNames(p)).every((t) => tableExists(db, t));
    if (current) continue;
    if (p === undefined || checkpointVersion(p) !== row.version) for (const t of parseTables(row.tables)) dropTable(db, t);
    db.prepare(`DELETE FROM ${CHECKPOINT_TABLE} WHERE projection = ?`).run(row.projection);
  }
  for (const p of projections) {
    for (const t of p.tables) {
      const older = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name GLOB ?").pluck().all(`rm_${t.name}_v[0-9]*`) as string[];
      for (const name of older) {
        const version = /^rm_.+_v(\d+)(_rebuild)?$/.exec(name);
        if (version && Number(version[1]) < p.version && !LEGACY_READ_MODEL_TABLES.includes(name)) dropTable(db, name);
      }
    }
  }
}

function parseTables(json: string): string[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string' && /^rm_[a-z0-9_]+$/.test(t)) : [];
  } catch {
    return [];
  }
}

function dropTable(db: ReadModelDb, name: string): void {
  db.exec(`DROP TABLE IF EXISTS ${name}; DROP TABLE IF EXISTS ${name}_rebuild;`);
}

function createProjectionTables(db: ReadModelDb, projection: ProjectionDefinition, rebuild: boolean): void {
  for (const t of projection.tables) {
    const name = rebuild ? rebuildTableName(projection, t.name) : liveTableName(projection, t.name);
    db.exec(`CREATE TABLE IF NOT EXISTS ${name} (${t.columns})${t.withoutRowid ? ' WITHOUT ROWID' : ''}`);
  }
}

function indexExists(db: ReadModelDb, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?").pluck().get(name) !== undefined;
}

/**
 * Index names follow the live table and come in two sets ('' and '_b'): a rebuild indexes its new
 * table under the set the live table does not use, so the swap is renames only, no index build.
 */
function indexSuffix(db: ReadModelDb, live: string, firstRole: string, rebuild: boolean): '' | '_b' {
  const liveSuffix = indexExists(db, `${live}_${firstRole}_b`) ? '_b' : '';
  if (!rebuild) return liveSuffix;
  return liveSuffix === '' && indexExists(db, `${live}_${firstRole}`) ? '_b' : '';
}

/** Secondary indexes of a projection's tables; a load from zero creates them after its rows (faster). */
export function createProjectionIndexes(db: ReadModelDb, projection: ProjectionDefinition, rebuild: boolean): void {
  for (const t of projection.tables) {
    const roles = Object.entries(t.indexes ?? {});
    if (roles.length === 0) continue;
    const live = liveTableName(projection, t.name);
    const table = rebuild ? rebuildTableName(projection, t.name) : live;
    const suffix = indexSuffix(db, live, roles[0][0], rebuild);
    db.exec(roles.map(([role, columns]) => `CREATE INDEX IF NOT EXISTS ${live}_${role}${suffix} ON ${table}(${columns});`).join('\n'));
  }
}

/** Drops a projection's secondary indexes (a load into empty tables builds them afterwards, which is faster). */
export function dropProjectionIndexes(db: ReadModelDb, projection: ProjectionDefinition, rebuild: boolean): void {
  for (const t of projection.tables) {
    const live = liveTableName(projection, t.name);
    const table = rebuild ? rebuildTableName(projection, t.name) : live;
    const ours = new Set(Object.keys(t.indexes ?? {}).flatMap((role) => [`${live}_${role}`, `${live}_${role}_b`]));
    const onTable = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND name NOT LIKE 'sqlite_autoindex%'")
      .pluck()
      .all(table) as string[];
    db.exec(
      onTable
        .filter((name) => ours.has(name))
        .map((name) => `DROP INDEX IF EXISTS ${name};`)
        .join(' '),
    );
  }
}

/** Fresh, empty tables for a rebuild of these projections (with their own checkpoints and binding), without secondary indexes. */
export function createRebuildTables(db: ReadModelDb, projections: readonly ProjectionDefinition[]): void {
  dropRebuildTables(db, projections);
  createBookkeeping(db, REBUILD_CHECKPOINT_TABLE, REBUILD_BINDING_TABLE);
  for (const p of projections) createProjectionTables(db, p, true);
}

/** Drops what a rebuild filled (after a failure, or before the next one). */
export function dropRebuildTables(db: ReadModelDb, projections: readonly ProjectionDefinition[]): void {
  const names = [REBUILD_CHECKPOINT_TABLE, REBUILD_BINDING_TABLE, ...projections.flatMap((p) => Object.values(tableNames(p, true)))];
  db.exec(names.map((n) => `DROP TABLE IF EXISTS ${n};`).join(' '));
}

/**
 * Replaces the live read models by the rebuilt ones in one transaction: readers on any connection
 * see either the old tables or the new ones, complete with checkpoints and binding, never a mix.
 */
export function swapInRebuiltReadModels(db: ReadModelDb, projections: readonly ProjectionDefinition[]): void {
  const pairs: [string, string][] = [
    [CHECKPOINT_TABLE, REBUILD_CHECKPOINT_TABLE],
    [BINDING_TABLE, REBUILD_BINDING_TABLE],
    ...projections.flatMap((p) => p.tables.map((t): [string, string] => [liveTableName(p, t.name), rebuildTableName(p, t.name)])),
  ];
  db.transaction(() => {
    for (const [live, rebuilt] of pairs) {
      db.exec(`DROP TABLE IF EXISTS ${live}`);
      db.exec(`ALTER TABLE ${rebuilt} RENAME TO ${live}`);
    }
  }).immediate();
}

/**
 * Pages kept in memory during a rebuild (KiB): the freshly written rows stay cached for the index
 * builds. SQLite's sorter for each index build may hold as much again, so this also bounds what a
 * load from zero adds to a process (an import's catch-up must stay under 300 MB in all): a
 * 300,000-record import peaked at 419 MB with 128 MiB here, at 267 MB with 32 MiB, and its read
 * models loaded in the same 15 s.
 */
const BULK_LOAD_CACHE_KIB = 32 * 1024;
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

/** Whether any of the projections' tables holds a row, or any checkpoint exists: empty read models cannot be wrong. */
export function readModelsHoldAnything(db: ReadModelDb, projections: readonly ProjectionDefinition[] = REGISTERED_PROJECTIONS): boolean {
  const tables = [CHECKPOINT_TABLE, ...projections.flatMap((p) => Object.values(tableNames(p)))];
  return (
    (db
      .prepare(`SELECT ${tables.map((t) => `EXISTS (SELECT 1 FROM ${t})`).join(' OR ')}`)
      .pluck()
      .get() as number) === 1
  );
}
