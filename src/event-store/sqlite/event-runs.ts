/**
 * Runs: what consecutive events of one append share (event_runs), so that each event row carries
 * none of it: their stream, where they stand (first revision and position, how many), their
 * metadata without eventId, prevHash and hash, and how their ids are derived: the event at revision r has the id eventIdFor(command, firstK + r -
 * firstRevision) (streamEventIdFor when scoped), which is how the ledger names the events of a
 * command. Runs are read through a small cache; a rolled-back write calls forget().
 */
import { Buffer } from 'node:buffer';
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import { eventIdFor, streamEventIdFor } from '../event-ids';
import { decodeJson, encodeJson } from './compact-json';

export interface EventRun {
  readonly runId: number;
  readonly streamId: number;
  readonly firstRevision: number;
  readonly firstPosition: number;
  readonly count: number;
  readonly idCommand: string | null;
  readonly idScoped: boolean;
  readonly firstK: number;
  /** The shared metadata; null when the stored form is unreadable. */
  readonly shared: Readonly<Record<string, string>> | null;
  /** The keys of an event's metadata in canonical order, eventId, prevHash and hash included. */
  readonly keys: readonly string[];
}

/** The id of the event at `revision` of a run whose ids are derived. */
export function derivedEventId(run: EventRun, streamName: string, revision: number): string {
  const k = run.firstK + revision - run.firstRevision;
  return run.idScoped ? streamEventIdFor(streamName, run.idCommand as string, k) : eventIdFor(run.idCommand as string, k);
}

/** The stored form of shared metadata: compact, or its JSON text when it has no compact form. */
export function storedShared(shared: Readonly<Record<string, string>>): Buffer | string {
  return encodeJson(shared) ?? JSON.stringify(shared);
}

function parseShared(stored: unknown): Record<string, string> | null {
  try {
    const v = typeof stored === 'string' ? JSON.parse(stored) : decodeJson(stored as Buffer);
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return null;
    for (const k in v as object) if (typeof (v as Record<string, unknown>)[k] !== 'string') return null;
    return v as Record<string, string>;
  } catch {
    return null;
  }
}

const CACHED_RUNS = 4096;

export class EventRuns {
  private readonly cache = new Map<number, EventRun>();
  private readonly byId: Statement;
  private readonly byCommand: Statement;
  private readonly insert: Statement;

  constructor(db: SqliteDatabase) {
    this.byId = db.prepare(`SELECT ${RUN_COLUMNS} FROM event_runs WHERE run_id = ?`).raw(true);
    this.byCommand = db.prepare(`SELECT ${RUN_COLUMNS} FROM event_runs WHERE id_command = ? AND id_scoped = ?`).raw(true);
    this.insert = db.prepare(
      'INSERT INTO event_runs (stream_id, first_revision, first_position, count, id_command, id_scoped, first_k, metadata) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
  }

  /** A new run; only inside a write transaction. */
  add(
    place: { readonly streamId: number; readonly firstRevision: number; readonly firstPosition: number; readonly count: number },
    idCommand: string | null,
    idScoped: boolean,
    firstK: number,
    shared: Readonly<Record<string, string>>,
  ): number {
    const { streamId, firstRevision, firstPosition, count } = place;
    return Number(this.insert.run(streamId, firstRevision, firstPosition, count, idCommand, idScoped ? 1 : 0, firstK, storedShared(shared)).lastInsertRowid);
  }

  get(runId: number): EventRun | undefined {
    const run = this.cache.get(runId);
    if (run !== undefined) return run;
    const row = this.byId.get(runId) as unknown[] | undefined;
    return row === undefined ? undefined : this.remember(row);
  }

  /** A run read elsewhere (its RUN_COLUMNS, in order), kept as get() would keep it. */
  fromRow(row: readonly unknown[]): EventRun {
    return this.cache.get(row[0] as number) ?? this.remember(row);
  }

  private remember(row: readonly unknown[]): EventRun {
    const run = toRun(row);
    if (this.cache.size >= CACHED_RUNS) this.cache.clear();
    this.cache.set(run.runId, run);
    return run;
  }

  /** Every run whose ids derive from this command id (a retried command, a copied id). */
  withCommand(idCommand: string, idScoped: boolean): EventRun[] {
    return (this.byCommand.all(idCommand, idScoped ? 1 : 0) as unknown[][]).map(toRun);
  }

  forget(): void {
    this.cache.clear();
  }
}

/** The columns of a run as toRun reads them, in this order. */
export const RUN_COLUMNS = 'run_id, stream_id, first_revision, first_position, count, id_command, id_scoped, first_k, metadata';

function toRun(row: readonly unknown[]): EventRun {
  return new StoredRun(row);
}

/** A run as read: its shared metadata parsed on first use (an export reads the metadata of one event in 35). */
class StoredRun implements EventRun {
  readonly runId: number;
  readonly streamId: number;
  readonly firstRevision: number;
  readonly firstPosition: number;
  readonly count: number;
  readonly idCommand: string | null;
  readonly idScoped: boolean;
  readonly firstK: number;
  private stored: unknown;
  private parsed: { shared: Readonly<Record<string, string>> | null; keys: readonly string[] } | undefined;

  constructor(row: readonly unknown[]) {
    this.runId = row[0] as number;
    this.streamId = row[1] as number;
    this.firstRevision = row[2] as number;
    this.firstPosition = row[3] as number;
    this.count = row[4] as number;
    this.idCommand = row[5] as string | null;
    this.idScoped = row[6] === 1;
    this.firstK = row[7] as number;
    this.stored = row[8];
  }

  get shared(): Readonly<Record<string, string>> | null {
    return this.metadata().shared;
  }

  get keys(): readonly string[] {
    return this.metadata().keys;
  }

  private metadata(): { shared: Readonly<Record<string, string>> | null; keys: readonly string[] } {
    if (this.parsed === undefined) {
      const shared = parseShared(this.stored);
      this.parsed = { shared, keys: [...Object.keys(shared ?? {}), 'eventId', 'prevHash', 'hash'].sort() };
      this.stored = undefined;
    }
    return this.parsed;
  }
}
