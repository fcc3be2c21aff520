/**
 * The SQLite event store schema. `position` is the global log: an AUTOINCREMENT rowid, so a
 * position is never reused even after rows vanish, and since writers are serialised (BEGIN
 * IMMEDIATE) positions become visible in commit order and never reorder.
 */

/** PRAGMA application_id of a Skat Ledger event store file ("SKLG"). */
export const SKAT_LEDGER_APPLICATION_ID = 0x534b4c47;

/** PRAGMA user_version: bump with a migration when the schema changes. */
export const SCHEMA_VERSION = 2;

export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS streams (
  stream_id        INTEGER PRIMARY KEY AUTOINCREMENT,
  stream_name      TEXT    NOT NULL UNIQUE,
  current_revision INTEGER NOT NULL,
  last_hash        TEXT    NOT NULL
);
CREATE TABLE IF NOT EXISTS events (
  position  INTEGER PRIMARY KEY AUTOINCREMENT,
  stream_name TEXT    NOT NULL,
  revision    INTEGER NOT NULL,
  event_id    TEXT    NOT NULL,
  type        TEXT    NOT NULL,
  data        TEXT    NOT NULL,
  metadata    TEXT    NOT NULL,
  CONSTRAINT events_stream_revision UNIQUE (stream_name, revision),
  CONSTRAINT events_event_id UNIQUE (event_id)
);
`;

/**
 * Steps from one schema version to the next, applied in order when a file of an older version is
 * opened for writing (and to a new file after SCHEMA_SQL, which is the version 1 schema).
 */
export const MIGRATIONS: readonly { readonly toVersion: number; readonly why: string; readonly sql: string }[] = [
  {
    toVersion: 2,
    why: 'type-filtered log reads (projections, subscriptions) seek the matching rows instead of scanning every event',
    sql: 'CREATE INDEX IF NOT EXISTS events_type_position ON events(type, position);',
  },
];
