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
  /** The data's compact form as the sealer computed it (null: it has none, the text is kept); undefined: not given. */
  readonly dataForm?: Uint8Array | null;
  /** The metadata without prevHash and hash (eventId may be in it); null: see `sealed`. */
  readonly metadata: Readonly<Record<string, string>> | null;
  /** A sealed row's metadata as cut from its canonical text (sealed-metadata), instead of `metadata`. */
  readonly sealed?: { readonly eventId: string; readonly sharedText: string };
  readonly prevHash: string;
  readonly hash: string;
  /** The stored metadata text, when the caller has it (sealed rows). */
  readonly metadataJson?: string;
  /** Known by its sealer: eventId is eventIdFor(idCommand, idK), so it need not be derived again to be compared. */
  readonly idCommand?: string | null;
  readonly idK?: number;
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

/** The shared metadata of a planned row (parsed once per run for a sealed row). */
function sharedOf(p: Planned): Record<string, string> {
  if (p.row.metadata === null) return JSON.parse(p.sharedText) as Record<string, string>;
  const { eventId: _id, ...shared } = p.row.metadata;
  return shared;
}

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

/** A row with its place and what the writer worked out about it. */
interface Planned {
  readonly row: RowToWrite;
  readonly revision: number;
  readonly position: number;
  readonly sharedText: string;
  /** Its metadata as the text the hash covers. */
  readonly full: string;
  /** Its chain fields are the chain's and its metadata canonical: nothing of it needs keeping as text. */
  readonly chained: boolean;
  /** Its hash is 64 lowercase hex digits (stored as its 32 bytes). */
  readonly hashValid: boolean;
}

interface OpenRun {
  readonly run: EventRun;
  /** Runs written earlier that derive ids from the same command (a retry, a copy): checked per id. */
  readonly others: readonly EventRun[];
}

export class RunWriter {
  private readonly insertEvent: Statement;
  private readonly insertId: Statement;
  private readonly anyExplicit: Statement;
  private readonly nextPosition: Statement;

  constructor(
    db: SqliteDatabase,
    private readonly types: EventTypes,
    private readonly runs: EventRuns,
    private readonly findEvent: (eventId: string, commandId: string | undefined, k: number, streamName: string) => Found | undefined,
  ) {
    this.insertEvent = db.prepare('INSERT INTO events (position, run_id, type_id, hash, data, own) VALUES (?, ?, ?, ?, ?, ?)');
    this.insertId = db.prepare('INSERT INTO event_ids (position, event_id) VALUES (?, ?)');
    this.anyExplicit = db.prepare('SELECT EXISTS (SELECT 1 FROM event_ids)').pluck();
    // AUTOINCREMENT's next rowid: positions are given explicitly so a run knows its first one.
    this.nextPosition = db
      .prepare("SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'events'), 0), coalesce((SELECT max(position) FROM events), 0)) + 1")
      .pluck();
  }

  write(streamId: number, streamName: string, place: WritePlace, rows: readonly RowToWrite[]): Written {
    const planned = this.plan(place, rows);
    const explicitIds = place.stored === undefined && this.anyExplicit.get() === 1;
    let firstRunId: number | undefined;
    let lastPosition = 0;
    for (let i = 0; i < planned.length;) {
      // A run: consecutive rows with the same shared metadata, positions and revisions.
      let j = i + 1;
      while (
        j < planned.length &&
        planned[j].sharedText === planned[i].sharedText &&
        planned[j].position === planned[j - 1].position + 1 &&
        planned[j].revision === planned[j - 1].revision + 1
      )
        j++;
      const first = planned[i];
      const open = this.openRun(
        { streamId, firstRevision: first.revision, firstPosition: first.position, count: j - i },
        streamName,
        place.stored ? -1 : i,
        sharedOf(first),
        first.row.eventId,
        place.stored === undefined && first.chained && first.row.idK === i ? first.row.idCommand : undefined,
      );
      firstRunId ??= open.run.runId;
      for (let k = i; k < j; k++) {
        const { row, revision, position, chained, full } = planned[k];
        const derived = chained && open.run.idCommand !== null && this.derives(open.run, streamName, revision, row);
        if (derived && place.stored === undefined) {
          const other = this.derivedTaken(open, row.eventId, k, streamName, explicitIds);
          if (other) return { lastPosition, firstRunId, taken: { index: k, eventId: row.eventId, other } };
        }
        const data = place.stored
          ? storedData(row.dataJson)
          : row.dataForm !== undefined
            ? (row.dataForm ?? row.dataJson)
            : (encodeJson(JSON.parse(row.dataJson)) ?? row.dataJson);
        const hash = planned[k].hashValid ? Buffer.from(row.hash, 'hex') : Buffer.alloc(32);
        this.insertEvent.run(position, open.run.runId, this.types.idFor(row.type), hash, data, derived ? null : chained ? 1 : full);
        lastPosition = position;
        if (!derived) {
          try {
            this.insertId.run(position, UUID.test(row.eventId) ? uuidBytes(row.eventId) : row.eventId);
          } catch (err) {
            if ((err as { code?: string }).code !== 'SQLITE_CONSTRAINT_UNIQUE') throw err;
            const other = this.findEvent(row.eventId, undefined, 0, streamName) as Found;
            return { lastPosition, firstRunId, taken: { index: k, eventId: row.eventId, other } };
          }
        }
      }
      i = j;
    }
    return { lastPosition, firstRunId };
  }

  /** Whether the run derives the row's id (from what its sealer knows of it when it can). */
  private derives(run: EventRun, streamName: string, revision: number, row: RowToWrite): boolean {
    if (row.idCommand != null && row.idK !== undefined && !run.idScoped && run.idCommand === row.idCommand) {
      return run.firstK + revision - run.firstRevision === row.idK;
    }
    return derivedEventId(run, streamName, revision) === row.eventId;
  }

  /** Each row's place, shared metadata and whether its chain fields are the chain's. */
  private plan(place: WritePlace, rows: readonly RowToWrite[]): Planned[] {
    const stored = place.stored;
    const firstPosition = stored ? 0 : (this.nextPosition.get() as number);
    let chain = place.firstRevision === 0 ? GENESIS_HASH : place.chainFrom;
    const planned = new Array<Planned>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i];
      const revision = stored ? stored[i].revision : place.firstRevision + i;
      if (stored && i > 0 && revision !== stored[i - 1].revision + 1) chain = '';
      let sharedText: string;
      let full: string;
      let metadataId: string | undefined;
      let canonical = true;
      if (row.metadata === null) {
        // Sealed by this store: its text is canonical and the rest of it is the shared metadata.
        ({ sharedText, eventId: metadataId } = row.sealed as { eventId: string; sharedText: string });
        full = row.metadataJson as string;
      } else {
        const { eventId: _id, ...shared } = row.metadata;
        sharedText = flatStringMapJson(shared);
        metadataId = row.metadata.eventId;
        const text = flatStringMapJson({ ...row.metadata, prevHash: row.prevHash, hash: row.hash });
        full = row.metadataJson ?? text;
        canonical = text === full;
      }
      // The chain is the store's own unless a sealed or migrated row says otherwise: then it is kept as text.
      const hashValid = HEX64.test(row.hash);
      const chained = (chain === undefined || row.prevHash === chain) && hashValid && metadataId === row.eventId && canonical;
      planned[i] = { row, revision, position: stored ? stored[i].position : firstPosition + i, sharedText, full, chained, hashValid };
      chain = row.hash;
    }
    return planned;
  }

  /** The ids recorded at the rows given, for a retry's check. */
  recordedIds(rows: readonly { position: number; revision: number; run_id: number; own: unknown; event_id: Buffer | string | null }[], streamName: string) {
    return rows.map((r) => {
      const run = r.own === null ? this.runs.get(r.run_id) : undefined;
      const eventId = run && run.idCommand !== null ? derivedEventId(run, streamName, r.revision) : uuidOf(r.event_id);
      return { eventId, position: r.position };
    });
  }

  private openRun(
    place: { readonly streamId: number; readonly firstRevision: number; readonly firstPosition: number; readonly count: number },
    streamName: string,
    k: number,
    shared: Record<string, string>,
    eventId: string,
    /** The command its sealer derived eventId from as its k-th event, when it says so. */
    sealedFrom?: string | null,
  ): OpenRun {
    // How the ledger names a command's events: its k-th event, scoped to the stream for live commands.
    const command = shared.commandId;
    let idCommand: string | null = null;
    let idScoped = false;
    // The sealer derived it so already (eventIdFor(command, k) is eventId): no sha1 again.
    if (sealedFrom != null && sealedFrom === command) idCommand = command;
    // k < 0: not known (a migration): the first MIGRATION_K_SEARCH indexes are tried.
    for (let j = k < 0 ? 0 : k; command !== undefined && command.length > 0 && j <= (k < 0 ? MIGRATION_K_SEARCH : k) && idCommand === null; j++) {
      idScoped = eventIdFor(command, j) !== eventId;
      if (!idScoped || streamEventIdFor(streamName, command, j) === eventId) {
        idCommand = command;
        k = j;
      }
    }
    if (idCommand === null) {
      k = 0;
      idScoped = false;
    }
    const others = idCommand === null ? [] : this.runs.withCommand(idCommand, idScoped);
    const runId = this.runs.add(place, idCommand, idScoped, k, shared);
    return { run: this.runs.get(runId) as EventRun, others };
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
