/**
 * Opening a store file: the busy timeout and page cache, the check that the file is a Skat
 * Ledger store, WAL and the schema with its migration (writers only), synchronous=NORMAL.
 */
import type { Database as SqliteDatabase } from 'better-sqlite3';
import { StoreConfigError } from '../errors';
import { hasTextLayout, migrateToCompact } from './compact-migration';
import { SCHEMA_SQL, SCHEMA_VERSION, SKAT_LEDGER_APPLICATION_ID } from './schema';

/** The page cache every store connection gets unless told otherwise (see cacheSizeKiB). */
export const DEFAULT_CACHE_SIZE_KIB = 32 * 1024;
/**
 * The page cache (KiB) between releaseMemory and its restore: an import's read models then read
 * the log once through it, and 32 MiB of pages read once would only add to the import's peak.
 */
export const RELEASED_CACHE_SIZE_KIB = 2 * 1024;

export function prepareDatabase(db: SqliteDatabase, busyTimeoutMs: number, cacheSizeKiB: number): void {
  db.pragma(`busy_timeout = ${busyTimeoutMs}`);
  db.pragma(`cache_size = ${-cacheSizeKiB}`);
  const applicationId = db.pragma('application_id', { simple: true }) as number;
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('events', 'streams')").pluck().all();
  const objects = db.prepare("SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'").pluck().get() as number;
  if (applicationId !== SKAT_LEDGER_APPLICATION_ID && (applicationId !== 0 || objects > 0)) {
    throw new StoreConfigError(`${db.name} is a SQLite file but not a Skat Ledger event store`);
  }
  if (db.readonly) {
    if (tables.length !== 2) throw new StoreConfigError(`${db.name} has no event store schema`);
    if (hasTextLayout(db)) {
      throw new StoreConfigError(
        `${db.name} is in the text layout of an earlier version; open it once for writing to migrate it (skat-ledger migrate-store --store sqlite:${db.name})`,
      );
    }
  } else {
    db.pragma('journal_mode = WAL');
    db.transaction(() => {
      const version = db.pragma('user_version', { simple: true }) as number;
      if (version > SCHEMA_VERSION) {
        throw new StoreConfigError(`${db.name} has event store schema version ${version}; this build reads version ${SCHEMA_VERSION}`);
      }
      // Versions 1 and 2 kept every event as text; the migration rewrites them in this transaction.
      if (tables.length === 2 && hasTextLayout(db)) migrateToCompact(db);
      db.exec(SCHEMA_SQL);
      db.pragma(`application_id = ${SKAT_LEDGER_APPLICATION_ID}`);
      if (version !== SCHEMA_VERSION) db.pragma(`user_version = ${SCHEMA_VERSION}`);
    }).immediate();
  }
  db.pragma('synchronous = NORMAL');
}
