/**
 * A stored event in the text form it is hashed over, read and written on a bare better-sqlite3
 * handle: for tools that inspect a file and for the specs that alter one behind the store's back
 * (the integrity check must catch what they change). An event written here keeps its data and
 * metadata as text (the store reads both forms), so any byte of either can be changed.
 */
import type { Database as SqliteDatabase } from 'better-sqlite3';
import { EventRuns } from './event-runs';
import { EventTypes } from './event-types';
import { EVENT_COLUMNS, EVENT_TABLES, streamRead } from './page-query';
import { hashAt, RowReader, uuidBytes, type EventRow } from './stored-rows';
import { NO_UPCASTERS } from '../versioning/upcasting';

export interface TextFormEvent {
  readonly position: number;
  readonly streamName: string;
  readonly revision: number;
  readonly eventId: string;
  readonly type: string;
  readonly data: string;
  readonly metadata: string;
}

export type EventAt = { readonly streamName: string; readonly revision: number } | { readonly position: number };

function rowsAt(db: SqliteDatabase, at: EventAt): EventRow[] {
  if ('position' in at) return db.prepare(`SELECT ${EVENT_COLUMNS} FROM ${EVENT_TABLES} WHERE e.position = ?`).raw(true).all(at.position) as EventRow[];
  const streamId = db.prepare('SELECT stream_id FROM streams WHERE stream_name = ?').pluck().get(at.streamName);
  if (streamId === undefined) return [];
  const rows = db.prepare(streamRead(EVENT_COLUMNS, true)).raw(true).all(streamId, at.revision, at.revision, 1) as EventRow[];
  return rows.filter((r) => r[2] === at.revision);
}

/** The event at a place, as the integrity check reads it; undefined when there is none. */
export function readTextForm(db: SqliteDatabase, at: EventAt): TextFormEvent | undefined {
  const rows = rowsAt(db, at);
  if (rows.length === 0) return undefined;
  const reader = new RowReader(new EventTypes(db), new EventRuns(db), hashAt(db));
  const [e] = reader.decode(rows, { raw: true, lazy: false, upcasters: NO_UPCASTERS });
  return {
    position: Number(e.position),
    streamName: e.streamName,
    revision: Number(e.revision),
    eventId: e.eventId,
    type: e.type,
    data: e.storedForm?.data ?? '',
    metadata: e.storedForm?.metadata ?? '',
  };
}

/** Overwrites parts of a stored event; what is not given stays as it was. */
export function writeTextForm(db: SqliteDatabase, position: number, change: Partial<Pick<TextFormEvent, 'type' | 'eventId' | 'data' | 'metadata'>>): void {
  const current = readTextForm(db, { position });
  if (!current) throw new Error(`no event at position ${position}`);
  db.transaction(() => {
    if (change.data !== undefined) db.prepare('UPDATE events SET data = ? WHERE position = ?').run(change.data, position);
    if (change.type !== undefined) db.prepare('UPDATE events SET type_id = ? WHERE position = ?').run(new EventTypes(db).idFor(change.type), position);
    if (change.metadata !== undefined || change.eventId !== undefined) {
      const eventId = change.eventId ?? current.eventId;
      db.prepare('UPDATE events SET own = ? WHERE position = ?').run(change.metadata ?? current.metadata, position);
      db.prepare('INSERT OR REPLACE INTO event_ids (position, event_id) VALUES (?, ?)').run(position, uuidBytes(eventId));
    }
  })();
}

/** Deletes stored events (a whole stream's when no revision is given); their runs stay. */
export function deleteStoredEvents(db: SqliteDatabase, at: EventAt | { readonly streamName: string }): void {
  let positions: number[];
  if ('position' in at) positions = [at.position];
  else if ('revision' in at) positions = rowsAt(db, at).map((r) => r[0]);
  else {
    positions = db
      .prepare(
        `SELECT e.position FROM event_runs r JOIN events e ON e.position >= r.first_position AND e.position < r.first_position + r.count
         WHERE r.stream_id = (SELECT stream_id FROM streams WHERE stream_name = ?)`,
      )
      .pluck()
      .all(at.streamName) as number[];
  }
  db.transaction(() => {
    for (const p of positions) {
      db.prepare('DELETE FROM event_ids WHERE position = ?').run(p);
      db.prepare('DELETE FROM events WHERE position = ?').run(p);
    }
  })();
}
