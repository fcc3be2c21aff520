import Database from 'better-sqlite3';

export type ReadModelDb = Database.Database;

/** Read models are versioned by table name, so a changed projection rebuilds into fresh tables. */
export const RM = {
  deals: 'rm_deal_summary_v1',
  tables: 'rm_table_v1',
  tournaments: 'rm_tournament_v1',
  checkpoints: 'rm_checkpoint_v1',
} as const;

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

export function createReadModelSchema(db: ReadModelDb): void {
  createReadModelTables(db);
  createReadModelIndexes(db);
}

export function createReadModelTables(db: ReadModelDb): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS ${RM.deals} (
      deal_id TEXT PRIMARY KEY,
      table_id TEXT, tournament_id TEXT, deal_number INTEGER NOT NULL,
      started_at TEXT NOT NULL, source TEXT NOT NULL,
      p0 TEXT NOT NULL, p1 TEXT NOT NULL, p2 TEXT NOT NULL,
      status TEXT NOT NULL, game_type TEXT, won INTEGER,
      json TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS ${RM.tables} (
      table_id TEXT PRIMARY KEY, tournament_id TEXT, json TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS ${RM.tournaments} (
      tournament_id TEXT PRIMARY KEY, json TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS ${RM.checkpoints} (
      projection TEXT PRIMARY KEY, position TEXT, events INTEGER NOT NULL
    );
  `);
}

/** Secondary indexes for the queries; a rebuild creates them after the bulk load (faster). */
export function createReadModelIndexes(db: ReadModelDb): void {
  db.exec(`
    CREATE INDEX IF NOT EXISTS ${RM.deals}_table ON ${RM.deals}(table_id, deal_number);
    CREATE INDEX IF NOT EXISTS ${RM.deals}_tournament ON ${RM.deals}(tournament_id);
    CREATE INDEX IF NOT EXISTS ${RM.deals}_order ON ${RM.deals}(started_at, deal_id);
    CREATE INDEX IF NOT EXISTS ${RM.deals}_p0 ON ${RM.deals}(p0);
    CREATE INDEX IF NOT EXISTS ${RM.deals}_p1 ON ${RM.deals}(p1);
    CREATE INDEX IF NOT EXISTS ${RM.deals}_p2 ON ${RM.deals}(p2);
  `);
}

/** Drops every read model and checkpoint (rebuild from zero); the tables come back without secondary indexes. */
export function dropReadModels(db: ReadModelDb): void {
  db.exec(`DROP TABLE IF EXISTS ${RM.deals}; DROP TABLE IF EXISTS ${RM.tables}; DROP TABLE IF EXISTS ${RM.tournaments}; DROP TABLE IF EXISTS ${RM.checkpoints};`);
  createReadModelTables(db);
}
