/**
 * The SQL of an append, run inside the store's write transaction: the stream's head checked
 * against the expectation, the events inserted in order (the hash chain continued from the head)
 * in the compact layout (schema.ts), the head moved; a retried batch reports its original result
 * (idempotence as EventStoreDB gives it).
 */
import { Buffer } from 'node:buffer';
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import { EventIdTakenError, InvalidEventError } from '../errors';
import type { AppendResult } from '../event-store';
import { eventIdFor, streamEventIdFor } from '../event-ids';
import { assertExpectedRevision, expectedRevisionHolds, type ExpectedRevision } from '../expected-revision';
import { GENESIS_HASH, sealMetadata, type PreparedEvent } from '../hash-chain';
import { EventRuns, type EventRun } from './event-runs';
import { EventTypes } from './event-types';
import { RunWriter, type RowToWrite } from './run-writer';
import { streamRead } from './page-query';
import { sealedMetadataParts, type SealedMetadataParts } from './sealed-metadata';
import type { SealedNewStream } from './sealed-new-stream';

/** A batch checked and serialised, ready for the append transaction. */
export interface PreparedBatch {
  readonly streamName: string;
  readonly events: PreparedEvent[];
  readonly expected: ExpectedRevision;
}

interface StreamHead {
  readonly stream_id: number;
  readonly current_revision: number;
  /** 32 bytes; text only in a file migrated from a tampered one. */
  readonly last_hash: Buffer | string;
}

const hashText = (h: Buffer | string): string => (typeof h === 'string' ? h : h.toString('hex'));

/**
 * A row sealed ahead, as the writer takes it: its data JSON is read from the batch's rows only
 * when asked for, which the writer does only when the row has no compact form of it.
 */
class SealedRow implements RowToWrite {
  readonly metadata = null;
  readonly prevHash: string;
  readonly hash: string;
  constructor(
    private readonly rows: SealedNewStream['rows'],
    private readonly at: number,
    readonly type: string,
    readonly eventId: string,
    readonly dataForm: Uint8Array | null | undefined,
    readonly sealed: SealedMetadataParts,
    readonly metadataJson: string,
    readonly idCommand: string | null,
    readonly idK: number | undefined,
  ) {
    this.prevHash = sealed.prevHash;
    this.hash = sealed.hash;
  }

  get dataJson(): string {
    return this.rows.at(this.at + 2) as string;
  }
}

/** Where an event id is recorded. */
interface Found {
  readonly streamName: string;
  readonly revision: number;
  readonly position: number;
}

/** The append statements of one connection; call them only inside a write transaction. */
export class AppendStatements {
  private readonly stmt: {
    explicitId: Statement;
    derivedAt: Statement;
    idsInRange: Statement;
    stream: Statement;
    insertStream: Statement;
    moveHead: Statement;
    undoIds: Statement;
    undoEvents: Statement;
    undoRuns: Statement;
    undoStream: Statement;
  };
  private readonly writer: RunWriter;

  constructor(
    db: SqliteDatabase,
    readonly types: EventTypes,
    readonly runs: EventRuns,
  ) {
    this.stmt = {
      explicitId: db.prepare(
        `SELECT s.stream_name, r.first_revision + (e.position - r.first_position) AS revision, e.position FROM event_ids i
         JOIN events e ON e.position = i.position JOIN event_runs r ON r.run_id = e.run_id JOIN streams s ON s.stream_id = r.stream_id
         WHERE i.event_id = ?`,
      ),
      derivedAt: db.prepare(
        `SELECT s.stream_name, r.first_revision + (e.position - r.first_position) AS revision, e.position FROM events e
         JOIN event_runs r ON r.run_id = e.run_id JOIN streams s ON s.stream_id = r.stream_id
         WHERE e.position = ? AND e.run_id = ? AND e.own IS NULL`,
      ),
      idsInRange: db.prepare(
        streamRead(
          'e.position, r.first_revision + (e.position - r.first_position) AS revision, e.run_id, e.own, (SELECT event_id FROM event_ids i WHERE i.position = e.position) AS event_id',
          true,
        ),
      ),
      stream: db.prepare('SELECT stream_id, current_revision, last_hash FROM streams WHERE stream_name = ?'),
      insertStream: db.prepare('INSERT INTO streams (stream_name, current_revision, last_hash) VALUES (?, -1, ?)'),
      moveHead: db.prepare('UPDATE streams SET current_revision = ?, last_hash = ? WHERE stream_id = ?'),
      undoIds: db.prepare('DELETE FROM event_ids WHERE position >= ?'),
      undoEvents: db.prepare('DELETE FROM events WHERE position >= ?'),
      undoRuns: db.prepare('DELETE FROM event_runs WHERE run_id >= ?'),
      undoStream: db.prepare('DELETE FROM streams WHERE stream_id = ?'),
    };
    this.writer = new RunWriter(db, types, runs, (eventId, commandId, k, streamName) => this.findEvent(eventId, commandId, k, streamName));
  }

  /**
   * The common path costs one stream lookup: a retried batch shows up either as an expectation
   * that no longer holds or as its first event id already taken, and only then is it looked up.
   */
  append(streamName: string, events: PreparedEvent[], expected: ExpectedRevision): AppendResult {
    const head = this.stmt.stream.get(streamName) as StreamHead | undefined;
    const current = head ? BigInt(head.current_revision) : -1n;
    if (!expectedRevisionHolds(expected, current)) {
      const replay = this.alreadyAppended(streamName, events, expected);
      if (replay) return replay;
      assertExpectedRevision(streamName, expected, current);
    }
    let prevHash = head ? hashText(head.last_hash) : GENESIS_HASH;
    const rows: RowToWrite[] = new Array(events.length);
    for (let i = 0; i < events.length; i++) {
      const event = events[i];
      const { hash } = sealMetadata(prevHash, event);
      rows[i] = { type: event.type, eventId: event.eventId, dataJson: event.dataJson, metadata: event.metadata, prevHash, hash };
      prevHash = hash;
    }
    return this.write(streamName, head, rows, () => this.alreadyAppended(streamName, events, expected));
  }

  /** A batch sealed ahead (prepareNewStream): the stream must not exist; its rows go in as they are. */
  appendSealed(batch: SealedNewStream): AppendResult {
    const { streamName, rows } = batch;
    const head = this.stmt.stream.get(streamName) as StreamHead | undefined;
    const toWrite: RowToWrite[] = [];
    for (let i = 0; i < rows.length; i += 4) {
      const metadataJson = rows.at(i + 3) as string;
      const type = rows.at(i) as string;
      const eventId = rows.at(i + 1) as string;
      const parts = sealedMetadataParts(metadataJson);
      const idK = batch.idCommand === null ? undefined : i / 4;
      const dataForm = batch.dataForms === null ? undefined : (batch.dataForms.at(i / 4) ?? null);
      if (parts) toWrite.push(new SealedRow(rows, i, type, eventId, dataForm, parts, metadataJson, batch.idCommand, idK));
      else {
        const dataJson = rows.at(i + 2) as string;
        const { hash, prevHash, ...metadata } = JSON.parse(metadataJson) as Record<string, string>;
        toWrite.push({ type, eventId, dataJson, dataForm, metadata, prevHash, hash, metadataJson });
      }
    }
    const replay = () =>
      this.alreadyAppended(
        streamName,
        toWrite.map((r) => ({ eventId: r.eventId, metadata: r.metadata ?? (JSON.parse(r.metadataJson as string) as Record<string, string>) })),
        'noStream',
      );
    if (head) {
      const again = replay();
      if (again) return again;
      assertExpectedRevision(streamName, 'noStream', BigInt(head.current_revision));
    }
    return this.write(streamName, head, toWrite, replay);
  }

  private write(streamName: string, head: StreamHead | undefined, rows: RowToWrite[], replay: () => AppendResult | undefined): AppendResult {
    const firstRevision = head ? head.current_revision + 1 : 0;
    const streamId = head ? head.stream_id : Number(this.stmt.insertStream.run(streamName, Buffer.from(GENESIS_HASH, 'hex')).lastInsertRowid);
    const written = this.writer.write(streamId, streamName, { firstRevision, chainFrom: head ? hashText(head.last_hash) : undefined }, rows);
    if (written.taken) {
      const { index, eventId, other } = written.taken;
      // Nothing is written yet when the first id is taken, so a retry can report the original.
      const again = index === 0 ? (this.undo(streamId, written.firstRunId, !head), replay()) : undefined;
      if (again) return again;
      if (index !== 0) this.undo(streamId, written.firstRunId, !head);
      throw new EventIdTakenError(streamName, eventId, other.streamName, String(other.revision));
    }
    const lastRevision = firstRevision + rows.length - 1;
    this.stmt.moveHead.run(lastRevision, Buffer.from(rows[rows.length - 1].hash, 'hex'), streamId);
    return { nextExpectedRevision: BigInt(lastRevision), position: String(written.lastPosition) };
  }

  /**
   * The rows this append inserted before it failed, deleted: a batch is whole or absent even when
   * no savepoint encloses it (an append joining an open group of appends).
   */
  private undo(streamId: number, firstRunId: number | undefined, createdStream: boolean): void {
    // This append's rows are the newest of the file: its runs' ids and positions are the highest.
    const firstRun = firstRunId === undefined ? undefined : this.runs.get(firstRunId);
    if (firstRun) {
      this.stmt.undoIds.run(firstRun.firstPosition);
      this.stmt.undoEvents.run(firstRun.firstPosition);
      this.stmt.undoRuns.run(firstRunId);
    }
    if (createdStream) this.stmt.undoStream.run(streamId);
    this.runs.forget();
  }

  /** Where an event id is recorded: kept as it is, or derived from the command id (k-th event). */
  findEvent(eventId: string, commandId: string | undefined, k: number, streamName: string): Found | undefined {
    const explicit = this.stmt.explicitId.get(Buffer.from(eventId.replace(/-/g, ''), 'hex')) as
      { stream_name: string; revision: number; position: number } | undefined;
    if (explicit) return { streamName: explicit.stream_name, revision: explicit.revision, position: explicit.position };
    if (commandId === undefined) return undefined;
    const scoped = eventIdFor(commandId, k) === eventId ? false : streamEventIdFor(streamName, commandId, k) === eventId ? true : undefined;
    if (scoped === undefined) return undefined;
    for (const run of this.runs.withCommand(commandId, scoped)) {
      const found = this.derivedAt(run, k);
      if (found && (!scoped || found.streamName === streamName)) return found;
    }
    return undefined;
  }

  private derivedAt(run: EventRun, k: number): Found | undefined {
    if (k < run.firstK) return undefined;
    if (k - run.firstK >= run.count) return undefined;
    const row = this.stmt.derivedAt.get(run.firstPosition + k - run.firstK, run.runId) as
      { stream_name: string; revision: number; position: number } | undefined;
    return row && { streamName: row.stream_name, revision: row.revision, position: row.position };
  }

  /**
   * Idempotence as EventStoreDB gives it: the same event ids appended again with the same
   * expectation report the original result and write nothing.
   */
  private alreadyAppended(
    streamName: string,
    events: readonly { eventId: string; metadata: Readonly<Record<string, string>> }[],
    expected: ExpectedRevision,
  ): AppendResult | undefined {
    const first = this.findEvent(events[0].eventId, events[0].metadata.commandId, 0, streamName);
    if (!first || first.streamName !== streamName) return undefined;
    const firstRevision = BigInt(first.revision);
    const sameExpectation =
      expected === 'any' || expected === 'streamExists' || (expected === 'noStream' ? firstRevision === 0n : firstRevision === expected + 1n);
    if (!sameExpectation) return undefined;
    const head = this.stmt.stream.get(streamName) as StreamHead;
    const recorded = this.writer.recordedIds(this.stmt.idsInRange.all(head.stream_id, first.revision, first.revision, events.length) as never, streamName);
    const same = recorded.length === events.length && recorded.every((r, i) => r.eventId === events[i].eventId);
    if (!same) {
      throw new InvalidEventError(
        `append to ${streamName}: eventId ${events[0].eventId} was already appended at revision ${first.revision} in a different batch`,
      );
    }
    return {
      nextExpectedRevision: firstRevision + BigInt(events.length - 1),
      position: String(recorded[recorded.length - 1].position),
    };
  }
}
