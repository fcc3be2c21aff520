/**
 * Several whole streams read forwards at once (readStreams): their runs in one query, then their
 * events as few rowid ranges, each range's rows folded by SQLite into ONE row: the data blobs and
 * the hashes concatenated, the positions and type ids as one character each. A value better-sqlite3
 * hands over costs about 1.4 µs when it is a Buffer (a deal's 35 events: 50 µs, more than all the
 * rest an export does with them); one blob per range costs a few per deal. Each position says
 * which element is which, so the order in which SQLite concatenates does not matter.
 *
 * The folded form covers what the store writes (compact data, an id derived from its run's
 * command, a 32-byte hash). A stream with any other row (data kept as text, an id or metadata of
 * its own, damaged bytes) is read through readStream's own path, which reads and reports it so.
 */
import { Buffer } from 'node:buffer';
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import { CorruptEventError } from '../errors';
import type { EventMetadata } from '../event-metadata';
import type { RecordedEvent, StreamRead } from '../event-store';
import { GENESIS_HASH } from '../hash-chain';
import { upcastEvent, type UpcasterRegistry } from '../versioning/upcasting';
import { decodeJsonSequence } from './compact-json';
import { derivedEventId, RUN_COLUMNS, type EventRun, type EventRuns } from './event-runs';
import type { EventTypes } from './event-types';
import { hashAt, metadataOfRun, type PreviousHash } from './stored-rows';

/** Positions and type ids travel as characters below the surrogates (U+D800): a range spans fewer positions. */
const MAX_RANGE_SPAN = 0xd000;
const MAX_TYPE_ID = 0xd000;

/** A stream's runs, with the stream (stream_name, stream_id, current_revision first; run columns NULL when it has none). */
const RUNS_SQL = `SELECT s.stream_name, s.stream_id, s.current_revision, ${RUN_COLUMNS.split(', ')
  .map((c) => `r.${c}`)
  .join(', ')}
  FROM json_each(?) j JOIN streams s ON s.stream_name = j.value LEFT JOIN event_runs r ON r.stream_id = s.stream_id`;

/** A row the folded form does not hold: an id or metadata of its own, data kept as text, a hash not of 32 bytes, a type id beyond the characters. */
const UNCOVERED = `e.own IS NOT NULL OR typeof(e.data) <> 'blob' OR length(e.hash) <> 32 OR e.type_id < 0 OR e.type_id >= ${MAX_TYPE_ID}`;

/**
 * The rows of the ranges [start, end) given as JSON pairs, folded: how many, their positions (minus
 * the base, as characters), type ids (plus one, as characters), data and hashes (concatenated), and
 * how many rows the folded form does not cover.
 */
const RANGES_SQL = `SELECT count(*), group_concat(char(e.position - ?), ''), group_concat(char(e.type_id + 1), ''),
  CAST(group_concat(e.data, '') AS BLOB), CAST(group_concat(e.hash, '') AS BLOB),
  sum(${UNCOVERED})
  FROM json_each(?) j JOIN events e ON e.position >= j.value ->> 0 AND e.position < j.value ->> 1`;

/** The positions of the rows in the ranges that the folded form does not hold. */
const UNCOVERED_SQL = `SELECT e.position FROM json_each(?) j JOIN events e ON e.position >= j.value ->> 0 AND e.position < j.value ->> 1 WHERE ${UNCOVERED}`;

type Run = EventRun;

/** Lazy: ids and metadata built on first access (ignored with upcasters, which read the metadata). */
interface BatchMode {
  readonly lazy: boolean;
  readonly upcasters: UpcasterRegistry;
}

interface StreamPart {
  readonly name: string;
  readonly currentRevision: number;
  readonly runs: Run[];
  events: RecordedEvent[];
  /** Read through the per-stream path instead. */
  slow: boolean;
  /** The revision of the stream's event read last, and its index in the hashes of its group's folded row. */
  lastRevision: number;
  lastAt: number;
  lastHashes: Buffer | null;
}

/** What an event needs to build its id and metadata when first asked. */
interface EventSource {
  readonly run: Run;
  readonly hashes: Buffer;
  readonly previous: PreviousHash;
}

/**
 * An event of a batch read with lazy metadata: its id (a sha1 per event) and metadata are built
 * on first access, as getters: a copy by spreading carries neither, so code that copies events
 * names them (see withdrawals.ts).
 */
class LazyBatchEvent implements RecordedEvent {
  private id: string | undefined;
  private meta: EventMetadata | undefined;

  constructor(
    readonly streamName: string,
    readonly type: string,
    readonly data: unknown,
    readonly revision: bigint,
    readonly position: string,
    private readonly source: EventSource,
    /** Index of this event's hash in source.hashes; of its predecessor's: -1 none (revision 0), -2 not in this read. */
    private readonly at: number,
    private readonly prevAt: number,
  ) {}

  get eventId(): string {
    return (this.id ??= eventIdOf(this.source.run, this.streamName, Number(this.revision)));
  }

  get metadata(): EventMetadata {
    return (this.meta ??= metadataOf(this.source, this.streamName, Number(this.revision), this.eventId, this.at, this.prevAt));
  }
}

function eventIdOf(run: Run, streamName: string, revision: number): string {
  if (run.idCommand === null) throw new CorruptEventError(streamName, String(revision), '', `its run ${run.runId} is missing or derives no ids`);
  return derivedEventId(run, streamName, revision);
}

function metadataOf(source: EventSource, streamName: string, revision: number, eventId: string, at: number, prevAt: number): EventMetadata {
  const hexAt = (i: number) => source.hashes.toString('hex', 32 * i, 32 * i + 32);
  const prevHash = prevAt === -1 ? GENESIS_HASH : prevAt >= 0 ? hexAt(prevAt) : (source.previous(source.run.streamId, revision - 1)?.toString('hex') ?? '');
  return metadataOfRun(source.run, source.run.runId, { streamName, revision, eventId, prevHash, hash: hexAt(at) });
}

export class StreamBatchReader {
  private readonly runsStmt: Statement;
  private readonly rangesStmt: Statement;
  private readonly uncoveredStmt: Statement;
  /** SQLite hands blobs over as text unchanged only in a UTF-8 file. */
  private readonly utf8: boolean;

  private readonly previous: PreviousHash;
  private readonly readTransaction: (names: readonly string[], mode: BatchMode) => StreamRead[];

  constructor(
    db: SqliteDatabase,
    private readonly types: EventTypes,
    private readonly runs: EventRuns,
    /** A stream read as readStream reads it, for those the folded form does not hold. */
    private readonly readOne: (name: string, lazy: boolean) => StreamRead,
  ) {
    // One read transaction: the runs and the events are of one moment.
    this.readTransaction = db.transaction((names: readonly string[], mode: BatchMode) => this.readNow(names, mode)) as never;
    this.previous = hashAt(db);
    this.runsStmt = db.prepare(RUNS_SQL).raw(true);
    this.rangesStmt = db.prepare(RANGES_SQL).raw(true);
    this.uncoveredStmt = db.prepare(UNCOVERED_SQL).pluck();
    this.utf8 = String(db.pragma('encoding', { simple: true })).toUpperCase() === 'UTF-8';
  }

  /** The streams' reads in the order of the names. */
  read(names: readonly string[], mode: BatchMode): StreamRead[] {
    return names.length === 0 ? [] : this.readTransaction(names, mode);
  }

  private readNow(names: readonly string[], mode: BatchMode): StreamRead[] {
    const parts = new Map<string, StreamPart>();
    for (const row of this.runsStmt.all(JSON.stringify([...new Set(names)])) as unknown[][]) {
      const name = row[0] as string;
      let part = parts.get(name);
      if (!part) {
        part = { name, currentRevision: row[2] as number, runs: [], events: [], slow: !this.utf8, lastRevision: -1, lastAt: -1, lastHashes: null };
        parts.set(name, part);
      }
      if (row[3] !== null) part.runs.push(this.runs.fromRow(row.slice(3)));
    }
    const runs = [...parts.values()].flatMap((p) => p.runs).sort((a, b) => a.firstPosition - b.firstPosition);
    const partOf = new Map<number, StreamPart>();
    for (const part of parts.values()) {
      part.runs.sort((a, b) => a.firstRevision - b.firstRevision);
      for (const run of part.runs) partOf.set(run.runId, part);
    }
    for (const group of rangeGroups(runs)) this.readGroup(group, partOf, mode);
    const reads = new Map<string, StreamRead>();
    for (const part of parts.values()) {
      if (part.slow) reads.set(part.name, this.readOne(part.name, mode.lazy));
      else reads.set(part.name, { exists: true, currentRevision: BigInt(part.currentRevision), events: part.events });
    }
    return names.map((name) => reads.get(name) ?? { exists: false, currentRevision: -1n, events: [] });
  }

  /** One folded query for runs whose positions lie within MAX_RANGE_SPAN of each other. */
  private readGroup(group: readonly Run[], partOf: ReadonlyMap<number, StreamPart>, mode: BatchMode): void {
    const base = group[0].firstPosition - 1;
    const ranges: [number, number][] = [];
    for (const run of group) {
      const end = run.firstPosition + run.count;
      const last = ranges[ranges.length - 1];
      if (last && run.firstPosition <= last[1]) last[1] = Math.max(last[1], end);
      else ranges.push([run.firstPosition, end]);
    }
    const markSlow = () => {
      for (const run of group) (partOf.get(run.runId) as StreamPart).slow = true;
    };
    // A run longer than the span alone: its positions do not fit the characters.
    if (ranges[ranges.length - 1][1] - group[0].firstPosition >= MAX_RANGE_SPAN) return markSlow();
    const [count, positionChars, typeChars, data, hashes, uncovered] = this.rangesStmt.get(base, JSON.stringify(ranges)) as [
      number,
      string | null,
      string | null,
      Buffer | null,
      Buffer | null,
      number | null,
    ];
    if (count === 0) return;
    if (uncovered !== null && uncovered > 0) return this.withoutUncovered(group, ranges, partOf, mode);
    if (positionChars?.length !== count || typeChars?.length !== count || data === null || hashes?.length !== 32 * count) return markSlow();
    let values: unknown[];
    try {
      values = decodeJsonSequence(data, count);
    } catch {
      // Damaged bytes: the per-stream read reports them, event by event.
      return markSlow();
    }
    // The elements in position order (SQLite's order is its own): mostly it is that order already.
    let order: number[] | null = null;
    for (let i = 1; i < count && order === null; i++) {
      if (positionChars.charCodeAt(i) > positionChars.charCodeAt(i - 1)) continue;
      order = Array.from({ length: count }, (_, k) => k).sort((a, b) => positionChars.charCodeAt(a) - positionChars.charCodeAt(b));
    }
    const lazy = mode.lazy && mode.upcasters.steps.size === 0;
    const typeNames: string[] = [];
    let r = 0;
    let run: Run | undefined;
    let part: StreamPart | undefined;
    let source: EventSource | undefined;
    for (let k = 0; k < count; k++) {
      const i = order === null ? k : order[k];
      const position = base + positionChars.charCodeAt(i);
      if (run === undefined || position >= run.firstPosition + run.count) {
        while (r < group.length && group[r].firstPosition + group[r].count <= position) r++;
        run = group[r];
        // Ranges hold the runs' rows only; one outside them would be a row of another run.
        if (run === undefined || position < run.firstPosition) continue;
        part = partOf.get(run.runId) as StreamPart;
        source = { run, hashes, previous: this.previous };
      }
      if (position < run.firstPosition || (part as StreamPart).slow) continue;
      const p = part as StreamPart;
      const revision = run.firstRevision + (position - run.firstPosition);
      const typeId = typeChars.charCodeAt(i) - 1;
      const type = (typeNames[typeId] ??= this.types.nameOf(typeId, () => [p.name, String(revision), '']));
      const prevAt = revision === 0 ? -1 : p.lastRevision === revision - 1 && p.lastHashes === hashes ? p.lastAt : -2;
      p.lastRevision = revision;
      p.lastAt = i;
      p.lastHashes = hashes;
      if (lazy) {
        p.events.push(new LazyBatchEvent(p.name, type, values[i], BigInt(revision), String(position), source as EventSource, i, prevAt));
        continue;
      }
      const eventId = eventIdOf(run, p.name, revision);
      const metadata = metadataOf(source as EventSource, p.name, revision, eventId, i, prevAt);
      const current = upcastEvent(mode.upcasters, { type, data: values[i], metadata });
      p.events.push({
        streamName: p.name,
        type: current.type,
        data: current.data,
        metadata: current.metadata,
        eventId,
        revision: BigInt(revision),
        position: String(position),
      });
    }
  }

  /** The streams with rows the folded form does not hold go the per-stream way; the others are read folded without them. */
  private withoutUncovered(group: readonly Run[], ranges: readonly [number, number][], partOf: ReadonlyMap<number, StreamPart>, mode: BatchMode): void {
    const positions = (this.uncoveredStmt.all(JSON.stringify(ranges)) as number[]).sort((a, b) => a - b);
    let p = 0;
    for (const run of [...group].sort((a, b) => a.firstPosition - b.firstPosition)) {
      while (p < positions.length && positions[p] < run.firstPosition) p++;
      if (p < positions.length && positions[p] < run.firstPosition + run.count) (partOf.get(run.runId) as StreamPart).slow = true;
    }
    const rest = group.filter((run) => !(partOf.get(run.runId) as StreamPart).slow);
    // Each pass sets aside at least one stream, so this ends.
    if (rest.length > 0 && rest.length < group.length) this.readGroup(rest, partOf, mode);
    else for (const run of group) (partOf.get(run.runId) as StreamPart).slow = true;
  }
}

/** The runs (in position order) in groups whose positions span less than MAX_RANGE_SPAN; a longer run is a group of its own. */
function rangeGroups(runs: readonly Run[]): Run[][] {
  const groups: Run[][] = [];
  let group: Run[] = [];
  for (const run of runs) {
    if (group.length > 0 && run.firstPosition + run.count - group[0].firstPosition >= MAX_RANGE_SPAN) {
      groups.push(group);
      group = [];
    }
    group.push(run);
  }
  if (group.length > 0) groups.push(group);
  return groups;
}
