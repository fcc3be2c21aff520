/**
 * Writes the events of one append to one stream in the compact layout: consecutive events whose
 * metadata agree but for eventId share one run (event-runs), an id that follows from the run's
 * command id is not stored, the data goes in its compact form. Whatever does not fit that shape
 * (an id of its own, a chain field that is not the chain's, data with no compact form) is kept as
 * it is, so every event reads back exactly as written.
 */
import { Buffer } from 'node:buffer';
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import { eventIdFor, streamEventIdFor } from '../event-ids';
import { canonicalJson } from '../canonical-json';
import { flatStringMapJson, GENESIS_HASH } from '../hash-chain';
import { encodeJson } from './compact-json';
import { derivedEventId, type EventRun, type EventRuns } from './event-runs';
import type { EventTypes } from './event-types';
import { uuidBytes, uuidOf } from './stored-rows';

/** One event to write: its chain fields computed, its metadata without them. */
export interface RowToWrite {
  readonly type: string;
  readonly eventId: string;
  readonly dataJson: string;
  /** The metadata without prevHash and hash (eventId may be in it). */
  readonly metadata: Readonly<Record<string, string>>;
  readonly prevHash: string;
  readonly hash: string;
  /** The stored metadata text, when the caller has it (sealed rows). */
  readonly metadataJson?: string;
}

/** How a write places its rows: an append's after the head, a migration's where they were. */
export interface WritePlace {
  readonly firstRevision: number;
  /** The previous event's hash when known (an append: the head's); undefined: trust the rows. */
  readonly chainFrom?: string;
  /** A migration: each row's position and revision as stored before, its data text kept unless canonical. */
  readonly stored?: readonly { readonly position: number; readonly revision: number }[];
}

interface Found {
  readonly streamName: string;
  readonly revision: number;
  readonly position: number;
}

export interface Written {
  readonly lastPosition: number;
  /** The first run this write added (undo deletes from there). */
  readonly firstRunId: number | undefined;
  /** The first event whose id another event has: nothing after it was written. */
  readonly taken?: { readonly index: number; readonly eventId: string; readonly other: Found };
}

const HEX64 = /^[0-9a-f]{64}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A migrated event's data: compact when its text is the canonical form of a value it holds, else the text. */
function storedData(text: string): Buffer | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  return canonicalJsonOrNull(value) === text ? (encodeJson(value) ?? text) : text;
}

function canonicalJsonOrNull(value: unknown): string | null {
  try {
    return canonicalJson(value);
  } catch {
    return null;
  }
}

/** A migrated run's first event is tried as the k-th event of its command for k up to this. */
const MIGRATION_K_SEARCH = 64;

interface OpenRun {
  readonly run: EventRun;
  readonly sharedText: string;
  /** Runs written earlier that derive ids from the same command (a retry, a copy): checked per id. */
  readonly others: readonly EventRun[];
}

export class RunWriter {
  private readonly insertEvent: Statement;
  private readonly insertAt: Statement;
  private readonly insertId: Statement;
  private readonly anyExplicit: Statement;

  constructor(
    db: SqliteDatabase,
    private readonly types: EventTypes,
    private readonly runs: EventRuns,
    private readonly findEvent: (eventId: string, commandId: string | undefined, k: number, streamName: string) => Found | undefined,
  ) {
    this.insertEvent = db.prepare('INSERT INTO events (stream_id, revision, type_id, run_id, hash, data, own) VALUES (?, ?, ?, ?, ?, ?, ?)');
    this.insertAt = db.prepare('INSERT INTO events (position, stream_id, revision, type_id, run_id, hash, data, own) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    this.insertId = db.prepare('INSERT INTO event_ids (position, event_id) VALUES (?, ?)');
    this.anyExplicit = db.prepare('SELECT EXISTS (SELECT 1 FROM event_ids)').pluck();
  }

  write(streamId: number, streamName: string, place: WritePlace, rows: readonly RowToWrite[]): Written {
    let open: OpenRun | undefined;
    let firstRunId: number | undefined;
    let lastPosition = 0;
    const stored = place.stored;
    let chain = place.firstRevision === 0 ? GENESIS_HASH : place.chainFrom;
    const explicitIds = stored === undefined && this.anyExplicit.get() === 1;
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i];
      const revision = stored ? stored[i].revision : place.firstRevision + i;
      if (stored && i > 0 && revision !== stored[i - 1].revision + 1) chain = '';
      const { eventId: _id, ...shared } = row.metadata;
      const sharedText = flatStringMapJson(shared);
      // The chain is the store's own unless a sealed row says otherwise: then it is kept as text.
      const full = row.metadataJson ?? flatStringMapJson({ ...row.metadata, prevHash: row.prevHash, hash: row.hash });
      const chained =
        (chain === undefined || row.prevHash === chain) &&
        HEX64.test(row.hash) &&
        row.metadata.eventId === row.eventId &&
        (stored === undefined || flatStringMapJson({ ...row.metadata, prevHash: row.prevHash, hash: row.hash }) === full);
      if (open === undefined || open.sharedText !== sharedText) {
        open = this.openRun(streamId, streamName, revision, stored ? -1 : i, shared, sharedText, row.eventId);
        firstRunId ??= open.run.runId;
      }
      const derived = chained && open.run.idCommand !== null && derivedEventId(open.run, streamName, revision) === row.eventId;
      if (derived && stored === undefined) {
        const other = this.derivedTaken(open, row.eventId, i, streamName, explicitIds);
        if (other) return { lastPosition, firstRunId, taken: { index: i, eventId: row.eventId, other } };
      }
      const data = stored ? storedData(row.dataJson) : (encodeJson(JSON.parse(row.dataJson)) ?? row.dataJson);
      const own = derived ? null : chained ? 1 : full;
      const hash = HEX64.test(row.hash) ? Buffer.from(row.hash, 'hex') : Buffer.alloc(32);
      const typeId = this.types.idFor(row.type);
      lastPosition = Number(
        (stored ? this.insertAt.run(stored[i].position, streamId, revision, typeId, open.run.runId, hash, data, own) : this.insertEvent.run(streamId, revision, typeId, open.run.runId, hash, data, own))
          .lastInsertRowid,
      );
      if (!derived) {
        try {
          this.insertId.run(lastPosition, UUID.test(row.eventId) ? uuidBytes(row.eventId) : row.eventId);
        } catch (err) {
          if ((err as { code?: string }).code !== 'SQLITE_CONSTRAINT_UNIQUE') throw err;
          const other = this.findEvent(row.eventId, undefined, 0, streamName) as Found;
          return { lastPosition, firstRunId, taken: { index: i, eventId: row.eventId, other } };
        }
      }
      chain = row.hash;
    }
    return { lastPosition, firstRunId };
  }

  /** The ids recorded at the rows given ([position, revision, run_id, own, event_id]), for a retry's check. */
  recordedIds(rows: readonly { position: number; revision: number; run_id: number; own: unknown; event_id: Buffer | string | null }[], streamName: string) {
    return rows.map((r) => {
      const run = r.own === null ? this.runs.get(r.run_id) : undefined;
      const eventId = run && run.idCommand !== null ? derivedEventId(run, streamName, r.revision) : uuidOf(r.event_id);
      return { eventId, position: r.position };
    });
  }

  private openRun(streamId: number, streamName: string, revision: number, k: number, shared: Record<string, string>, sharedText: string, eventId: string): OpenRun {
    // How the ledger names a command's events: its k-th event, scoped to the stream for live commands.
    const command = shared.commandId;
    let idCommand: string | null = null;
    let idScoped = false;
    // k < 0: not known (a migration): the first MIGRATION_K_SEARCH indexes are tried.
    for (let j = k < 0 ? 0 : k; command !== undefined && command.length > 0 && j <= (k < 0 ? MIGRATION_K_SEARCH : k) && idCommand === null; j++) {
      if (eventIdFor(command, j) === eventId) idCommand = command;
      else if (streamEventIdFor(streamName, command, j) === eventId) (idCommand = command), (idScoped = true);
      if (idCommand !== null) k = j;
    }
    if (idCommand === null) k = 0;
    const others = idCommand === null ? [] : this.runs.withCommand(idCommand, idScoped);
    const runId = this.runs.add(streamId, revision, idCommand, idScoped, k, shared);
    return { run: this.runs.get(runId) as EventRun, sharedText, others };
  }

  private derivedTaken(open: OpenRun, eventId: string, k: number, streamName: string, explicitIds: boolean): Found | undefined {
    if (explicitIds) {
      const found = this.findEvent(eventId, undefined, k, streamName);
      if (found) return found;
    }
    if (open.others.length === 0) return undefined;
    return this.findEvent(eventId, open.run.idCommand as string, k, streamName);
  }
}

