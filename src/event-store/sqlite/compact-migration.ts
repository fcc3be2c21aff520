/**
 * The migration of a version 1 or 2 store file (every event as text: stream name, type, id, data
 * and metadata JSON) to the compact layout of version 3, run by the first writer that opens it,
 * inside the transaction that prepares the file: a crash or an error anywhere leaves the old file
 * as it was. Every event keeps its position, revision, type, id, data and metadata exactly; what
 * does not fit the compact shape (a broken chain, a non-canonical text: a damaged file) is kept
 * as text, so `verify` reports the same breaks after as before.
 */
import type { Database as SqliteDatabase } from 'better-sqlite3';
import { SCHEMA_SQL } from './schema';
import { EventRuns } from './event-runs';
import { EventTypes } from './event-types';
import { RunWriter, type RowToWrite } from './run-writer';
import { hashAt } from './stored-rows';

/** Old rows read per page: memory stays flat whatever the size of the file. */
const PAGE_ROWS = 5000;

type OldRow = [position: number, streamName: string, revision: number, eventId: string, type: string, data: string, metadata: string];

/** Whether the file holds the text layout (an events table with a stream_name column). */
export function hasTextLayout(db: SqliteDatabase): boolean {
  return (db.prepare("SELECT count(*) FROM pragma_table_info('events') WHERE name = 'stream_name'").pluck().get() as number) > 0;
}

/** Call inside a write transaction. Returns how many events were migrated. */
export function migrateToCompact(db: SqliteDatabase): number {
  const sequence = (name: string) => (db.prepare('SELECT seq FROM sqlite_sequence WHERE name = ?').pluck().get(name) as number | undefined) ?? 0;
  const eventsSeq = sequence('events');
  db.exec(`
    DROP INDEX IF EXISTS events_type_position;
    ALTER TABLE events RENAME TO events_text;
    ALTER TABLE streams RENAME TO streams_text;
  `);
  db.exec(SCHEMA_SQL);
  db.exec(`INSERT INTO streams (stream_id, stream_name, current_revision, last_hash)
    SELECT stream_id, stream_name, current_revision,
      CASE WHEN length(last_hash) = 64 AND last_hash NOT GLOB '*[^0-9a-f]*' THEN unhex(last_hash) ELSE last_hash END
    FROM streams_text ORDER BY stream_id`);
  const streamIds = db.prepare('SELECT stream_id FROM streams WHERE stream_name = ?').pluck();
  const hashOf = hashAt(db);
  const page = db
    .prepare('SELECT position, stream_name, revision, event_id, type, data, metadata FROM events_text WHERE position > ? ORDER BY position LIMIT ?')
    .raw(true);
  const writer = new RunWriter(db, new EventTypes(db), new EventRuns(db), () => undefined);
  let after = 0;
  let migrated = 0;
  for (;;) {
    const rows = page.all(after, PAGE_ROWS) as OldRow[];
    // Consecutive rows of one stream are written together, so they share runs as an append's do.
    for (let from = 0; from < rows.length;) {
      let to = from + 1;
      while (to < rows.length && rows[to][1] === rows[from][1]) to++;
      writeGroup(rows.slice(from, to));
      from = to;
    }
    migrated += rows.length;
    if (rows.length < PAGE_ROWS) break;
    after = rows[rows.length - 1][0];
  }
  db.exec('DROP TABLE events_text; DROP TABLE streams_text;');
  // Positions are never reused, also those of rows that had vanished before the migration.
  db.prepare("UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'events'").run(eventsSeq);
  return migrated;

  function writeGroup(group: OldRow[]): void {
    const [, streamName, firstRevision] = group[0];
    let streamId = streamIds.get(streamName) as number | undefined;
    // An event whose stream record is missing (a damaged file) gets one, recorded as empty.
    streamId ??= Number(db.prepare("INSERT INTO streams (stream_name, current_revision, last_hash) VALUES (?, -1, x'')").run(streamName).lastInsertRowid);
    const before = firstRevision === 0 ? undefined : hashOf(streamId, firstRevision - 1);
    const rows = group.map(toRow);
    writer.write(
      streamId,
      streamName,
      {
        firstRevision,
        chainFrom: firstRevision === 0 ? undefined : before ? before.toString('hex') : '',
        stored: group.map((r) => ({ position: r[0], revision: r[2] })),
      },
      rows,
    );
  }
}

function toRow(row: OldRow): RowToWrite {
  const [, , , eventId, type, dataJson, metadataJson] = row;
  let metadata: Record<string, string> = {};
  let prevHash = '';
  let hash = '';
  try {
    const parsed = JSON.parse(metadataJson) as unknown;
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) && Object.values(parsed).every((v) => typeof v === 'string')) {
      ({ prevHash = '', hash = '', ...metadata } = parsed as Record<string, string>);
    }
  } catch {
    /* kept as text below: the writer sees no chain */
  }
  return { type, eventId, dataJson, metadata, prevHash, hash, metadataJson };
}
