/**
 * The SQL of an append, run inside the store's write transaction: the stream's head checked
 * against the expectation, the events inserted in order (the hash chain continued from the head),
 * the head moved; a retried batch reports its original result (idempotence as EventStoreDB gives it).
 */
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import { EventIdTakenError, InvalidEventError } from '../errors';
import type { AppendResult } from '../event-store';
import { assertExpectedRevision, expectedRevisionHolds, type ExpectedRevision } from '../expected-revision';
import { GENESIS_HASH, sealMetadata, type PreparedEvent } from '../hash-chain';
import type { SealedNewStream } from './sealed-new-stream';

/** A batch checked and serialised, ready for the append transaction. */
export interface PreparedBatch {
  readonly streamName: string;
  readonly events: PreparedEvent[];
  readonly expected: ExpectedRevision;
}

/** The append statements of one connection; call them only inside a write transaction. */
export class AppendStatements {
  private readonly stmt: {
    eventById: Statement;
    eventIdsInRange: Statement;
    undoRows: Statement;
    stream: Statement;
    insertEvent: Statement;
    upsertStream: Statement;
  };

  constructor(db: SqliteDatabase) {
    this.stmt = {
      eventById: db.prepare('SELECT stream_name, revision, position FROM events WHERE event_id = ?'),
      eventIdsInRange: db.prepare('SELECT event_id, position FROM events WHERE stream_name = ? AND revision >= ? ORDER BY revision LIMIT ?'),
      undoRows: db.prepare('DELETE FROM events WHERE stream_name = ? AND revision >= ?'),
      stream: db.prepare('SELECT current_revision, last_hash FROM streams WHERE stream_name = ?'),
      insertEvent: db.prepare('INSERT INTO events (stream_name, revision, event_id, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)'),
      upsertStream: db.prepare(
        `INSERT INTO streams (stream_name, current_revision, last_hash) VALUES (?, ?, ?)
         ON CONFLICT (stream_name) DO UPDATE SET current_revision = excluded.current_revision, last_hash = excluded.last_hash`,
      ),
    };
  }

  /**
   * The common path costs one stream lookup: a retried batch shows up either as an expectation
   * that no longer holds or as its first event id already taken, and only then is it looked up.
   */
  append(streamName: string, events: PreparedEvent[], expected: ExpectedRevision): AppendResult {
    const stream = this.stmt.stream.get(streamName) as { current_revision: number; last_hash: string } | undefined;
    const current = stream ? BigInt(stream.current_revision) : -1n;
    if (!expectedRevisionHolds(expected, current)) {
      const replay = this.alreadyAppended(
        streamName,
        events.map((e) => e.eventId),
        expected,
      );
      if (replay) return replay;
      assertExpectedRevision(streamName, expected, current);
    }
    let prevHash = stream ? stream.last_hash : GENESIS_HASH;
    let revision = Number(current);
    let position = 0;
    for (let i = 0; i < events.length; i++) {
      const event = events[i];
      revision++;
      const { metadataJson, hash } = sealMetadata(prevHash, event);
      prevHash = hash;
      try {
        position = Number(this.stmt.insertEvent.run(streamName, revision, event.eventId, event.type, event.dataJson, metadataJson).lastInsertRowid);
      } catch (err) {
        if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE' && /event_id/.test((err as Error).message)) {
          // Nothing is written yet when the first id is taken, so a retry can report the original.
          const replay =
            i === 0
              ? this.alreadyAppended(
                  streamName,
                  events.map((e) => e.eventId),
                  expected,
                )
              : undefined;
          if (replay) return replay;
          const other = this.stmt.eventById.get(event.eventId) as { stream_name: string; revision: number };
          this.undo(streamName, Number(current) + 1, i);
          throw new EventIdTakenError(streamName, event.eventId, other.stream_name, String(other.revision));
        }
        throw err;
      }
    }
    this.stmt.upsertStream.run(streamName, revision, prevHash);
    return { nextExpectedRevision: BigInt(revision), position: String(position) };
  }

  /** A batch sealed ahead (prepareNewStream): the stream must not exist; its rows go in as they are. */
  appendSealed(batch: SealedNewStream): AppendResult {
    const { streamName, rows } = batch;
    const stream = this.stmt.stream.get(streamName) as { current_revision: number } | undefined;
    if (stream) {
      const ids: string[] = [];
      for (let i = 1; i < rows.length; i += 4) ids.push(rows.at(i) as string);
      const replay = this.alreadyAppended(streamName, ids, 'noStream');
      if (replay) return replay;
      assertExpectedRevision(streamName, 'noStream', BigInt(stream.current_revision));
    }
    let position = 0;
    let revision = -1;
    for (let i = 0; i < rows.length; i += 4) {
      revision++;
      const eventId = rows.at(i + 1) as string;
      try {
        position = Number(this.stmt.insertEvent.run(streamName, revision, eventId, rows.at(i), rows.at(i + 2), rows.at(i + 3)).lastInsertRowid);
      } catch (err) {
        if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE' && /event_id/.test((err as Error).message)) {
          const other = this.stmt.eventById.get(eventId) as { stream_name: string; revision: number };
          this.undo(streamName, 0, i / 4);
          throw new EventIdTakenError(streamName, eventId, other.stream_name, String(other.revision));
        }
        throw err;
      }
    }
    this.stmt.upsertStream.run(streamName, revision, batch.lastHash);
    return { nextExpectedRevision: BigInt(revision), position: String(position) };
  }

  /**
   * The rows this append inserted before it failed, deleted: a batch is whole or absent even when
   * no savepoint encloses it (an append joining an open group of appends).
   */
  private undo(streamName: string, fromRevision: number, inserted: number): void {
    if (inserted > 0) this.stmt.undoRows.run(streamName, fromRevision);
  }

  /**
   * Idempotence as EventStoreDB gives it: the same event ids appended again with the same
   * expectation report the original result and write nothing.
   */
  private alreadyAppended(streamName: string, eventIds: readonly string[], expected: ExpectedRevision): AppendResult | undefined {
    const first = this.stmt.eventById.get(eventIds[0]) as { stream_name: string; revision: number; position: number } | undefined;
    if (!first || first.stream_name !== streamName) return undefined;
    const firstRevision = BigInt(first.revision);
    const sameExpectation =
      expected === 'any' || expected === 'streamExists' || (expected === 'noStream' ? firstRevision === 0n : firstRevision === expected + 1n);
    if (!sameExpectation) return undefined;
    const recorded = this.stmt.eventIdsInRange.all(streamName, first.revision, eventIds.length) as {
      event_id: string;
      position: number;
    }[];
    const same = recorded.length === eventIds.length && recorded.every((r, i) => r.event_id === eventIds[i]);
    if (!same) {
      throw new InvalidEventError(`append to ${streamName}: eventId ${eventIds[0]} was already appended at revision ${first.revision} in a different batch`);
    }
    return {
      nextExpectedRevision: firstRevision + BigInt(eventIds.length - 1),
      position: String(recorded[recorded.length - 1].position),
    };
  }
}
