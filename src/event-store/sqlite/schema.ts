/**
 * The SQLite event store schema (version 3, compact). `position` is the global log: an
 * AUTOINCREMENT rowid, so a position is never reused even after rows vanish, and since writers are
 * serialised (BEGIN IMMEDIATE) positions become visible in commit order and never reorder.
 *
 * An event row holds only what its stream, its type and the hash chain do not imply: its run and
 * its type as small integers, its hash as 32 bytes, its data in the compact form (compact-json;
 * TEXT: the canonical JSON itself). A run (event_runs) is consecutive events of one append: one
 * stream, consecutive positions and revisions (an event's revision is the run's first revision
 * plus its distance from the run's first position), the metadata they share (all but eventId,
 * prevHash and hash). prevHash is the previous event's hash; the event id is derived from the
 * run's command id (event-ids: the k-th event of a command), else kept in event_ids. `own` is NULL (id derived), 1 (id in event_ids) or the
 * metadata's JSON text (then nothing of it is derived; the id is in event_ids).
 */

/** PRAGMA application_id of a Skat Ledger event store file ("SKLG"). */
export const SKAT_LEDGER_APPLICATION_ID = 0x534b4c47;

/** PRAGMA user_version: bump with a migration when the schema changes. */
export const SCHEMA_VERSION = 3;

export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS streams (
  stream_id        INTEGER PRIMARY KEY AUTOINCREMENT,
  stream_name      TEXT    NOT NULL UNIQUE,
  current_revision INTEGER NOT NULL,
  last_hash        BLOB    NOT NULL
);
CREATE TABLE IF NOT EXISTS event_types (
  type_id INTEGER PRIMARY KEY,
  name    TEXT NOT NULL UNIQUE
);
CREATE TABLE IF NOT EXISTS event_runs (
  run_id         INTEGER PRIMARY KEY,
  stream_id      INTEGER NOT NULL,
  first_revision INTEGER NOT NULL,
  first_position INTEGER NOT NULL,
  count          INTEGER NOT NULL,
  id_command     TEXT,
  id_scoped      INTEGER NOT NULL,
  first_k        INTEGER NOT NULL,
  metadata       BLOB NOT NULL
);
CREATE INDEX IF NOT EXISTS event_runs_stream ON event_runs(stream_id, first_revision);
CREATE INDEX IF NOT EXISTS event_runs_command ON event_runs(id_command) WHERE id_command IS NOT NULL;
CREATE TABLE IF NOT EXISTS events (
  position  INTEGER PRIMARY KEY AUTOINCREMENT,
  run_id    INTEGER NOT NULL,
  type_id   INTEGER NOT NULL,
  hash      BLOB    NOT NULL,
  data      BLOB    NOT NULL,
  own       ANY
);
CREATE INDEX IF NOT EXISTS events_type_position ON events(type_id, position);
CREATE TABLE IF NOT EXISTS event_ids (
  position INTEGER PRIMARY KEY,
  event_id BLOB NOT NULL UNIQUE
);
`;

/** The version 2 layout (text columns, stream names and types on every row), for the migration. */
export const SCHEMA_V2_SQL = `
CREATE TABLE streams (
  stream_id        INTEGER PRIMARY KEY AUTOINCREMENT,
  stream_name      TEXT    NOT NULL UNIQUE,
  current_revision INTEGER NOT NULL,
  last_hash        TEXT    NOT NULL
);
CREATE TABLE events (
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
CREATE INDEX events_type_position ON events(type, position);
`;
