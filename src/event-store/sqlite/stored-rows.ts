/**
 * Stored rows of the events table turned into the port's recorded events: the type from its id,
 * the data from its compact form (or text), the metadata rebuilt from the event's run, its id,
 * the previous event's hash and its own (see schema.ts). Raw reads also give the canonical text
 * of both, as the integrity check needs it.
 */
import { Buffer } from 'node:buffer';
import type { Database as SqliteDatabase } from 'better-sqlite3';
import { canonicalJson } from '../canonical-json';
import { CorruptEventError } from '../errors';
import type { EventMetadata } from '../event-metadata';
import type { RecordedEvent } from '../event-store';
import { flatStringMapJson, GENESIS_HASH } from '../hash-chain';
import { upcastEvent, type UpcasterRegistry } from '../versioning/upcasting';
import { decodeJson } from './compact-json';
import { derivedEventId, type EventRun, type EventRuns } from './event-runs';
import type { EventTypes } from './event-types';
import { LazyMetadataEvent, parseStoredMetadata } from './lazy-metadata-event';

/** The columns of a row as read, in this order (see EVENT_COLUMNS). */
export type EventRow = [
  position: number,
  streamName: string,
  revision: number,
  typeId: number,
  runId: number,
  /** Lowercase hex (lower(hex(hash)) in SQL: a string costs less to hand over than a Buffer). */
  hash: string,
  data: Buffer | string,
  own: null | number | string,
  explicitId: Buffer | string | null,
  streamId: number,
];

/** The hash of a stream's event at a revision, undefined when there is none. */
export type PreviousHash = (streamId: number, revision: number) => Buffer | undefined;

const hex = (b: unknown): string => (Buffer.isBuffer(b) ? b.toString('hex') : typeof b === 'string' ? b : '');

/** A 16-byte id in the UUID spelling (a text id, written by a tool, is taken as it is). */
export function uuidOf(id: Buffer | string | null): string {
  if (typeof id === 'string') return id;
  if (id === null || id.length !== 16) return '';
  const h = id.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function uuidBytes(id: string): Buffer {
  return Buffer.from(id.replace(/-/g, ''), 'hex');
}

export function decodeData(stored: Buffer | string): unknown {
  return typeof stored === 'string' ? JSON.parse(stored) : decodeJson(stored);
}

/** The hash of a stream's event at a revision, through the run that holds it. */
export function hashAt(db: SqliteDatabase): PreviousHash {
  const stmt = db
    .prepare(
      `SELECT e.hash FROM event_runs r JOIN events e ON e.position = r.first_position + (? - r.first_revision)
       WHERE r.stream_id = ? AND r.first_revision <= ? AND r.first_revision + r.count > ? ORDER BY r.first_revision DESC LIMIT 1`,
    )
    .pluck();
  return (streamId, revision) => stmt.get(revision, streamId, revision, revision) as Buffer | undefined;
}

/**
 * An event's metadata rebuilt from its run: the shared part, its id and the two hashes in the
 * run's key order (canonical). A missing run is a CorruptEventError naming the event.
 */
export function metadataOfRun(
  run: EventRun | undefined,
  runId: number,
  event: { readonly streamName: string; readonly revision: number; readonly eventId: string; readonly prevHash: string; readonly hash: string },
): EventMetadata {
  if (!run || run.shared === null)
    throw new CorruptEventError(event.streamName, String(event.revision), event.eventId, `stored JSON is unreadable: its run ${runId} is missing`);
  const m: Record<string, string> = {};
  for (const k of run.keys) m[k] = k === 'eventId' ? event.eventId : k === 'prevHash' ? event.prevHash : k === 'hash' ? event.hash : run.shared[k];
  return m as EventMetadata;
}

/** How a page is read: raw (stored forms), lazy metadata, the upcasters, one stream backwards. */
export interface ReadMode {
  readonly raw: boolean;
  readonly lazy: boolean;
  readonly upcasters: UpcasterRegistry;
  readonly backwards?: boolean;
}

/** Turns pages of rows into events; one per store connection. */
export class RowReader {
  constructor(
    private readonly types: EventTypes,
    private readonly runs: EventRuns,
    private readonly hashAt: PreviousHash,
  ) {}

  /**
   * The events of a page, in the page's order. `lazy`: metadata parsed on first access.
   * The previous event's hash comes from the page itself when it is there, else one lookup.
   */
  decode(rows: readonly EventRow[], mode: ReadMode): RecordedEvent[] {
    const last = new Map<number, { revision: number; hash: string }>();
    // A backwards read of one stream: each event's predecessor is later on the page.
    const byRevision = mode.backwards ? new Map(rows.map((r) => [r[2], r[5]])) : undefined;
    const previous = (streamId: number, revision: number): string | undefined => {
      if (revision === 0) return undefined;
      if (byRevision) {
        const h = byRevision.get(revision - 1);
        if (h) return h;
      } else {
        const seen = last.get(streamId);
        if (seen && seen.revision === revision - 1) return seen.hash;
      }
      return this.hashAt(streamId, revision - 1)?.toString('hex');
    };
    const out = new Array<RecordedEvent>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i];
      const prev = previous(row[9], row[2]);
      out[i] = this.toEvent(row, row[2] === 0 ? GENESIS_HASH : (prev ?? ''), mode);
      if (!byRevision) last.set(row[9], { revision: row[2], hash: row[5] });
    }
    return out;
  }

  private toEvent(row: EventRow, prevHash: string, mode: ReadMode): RecordedEvent {
    const [position, streamName, revision, typeId, runId, hash, storedData, own, explicitId] = row;
    const where = (): [string, string, string] => [streamName, String(revision), uuidOf(explicitId)];
    const type = this.types.nameOf(typeId, where);
    const run = typeof own === 'string' ? undefined : this.runs.get(runId);
    let eventId: string;
    if (own === null) {
      if (!run || run.idCommand === null) throw new CorruptEventError(...where(), `its run ${runId} is missing or derives no ids`);
      eventId = derivedEventId(run, streamName, revision);
    } else eventId = uuidOf(explicitId);
    let data: unknown;
    try {
      data = decodeData(storedData);
    } catch (err) {
      if (!mode.raw) throw new CorruptEventError(streamName, String(revision), eventId, `stored data is unreadable: ${(err as Error).message}`);
      return this.damaged(row, type, eventId, typeof storedData === 'string' ? storedData : '', prevHash);
    }
    const metadataText = (): string => {
      if (typeof own === 'string') return own;
      if (!run || run.shared === null) return '';
      const m: Record<string, string> = { ...run.shared, eventId, prevHash, hash: hex(hash) };
      return flatStringMapJson(m, run.keys);
    };
    const metadataObject = (): EventMetadata =>
      typeof own === 'string'
        ? parseStoredMetadata(own, streamName, String(revision), eventId)
        : metadataOfRun(run, runId, { streamName, revision, eventId, prevHash, hash: hex(hash) });
    const base = { streamName, eventId, revision: BigInt(revision), position: String(position) };
    if (mode.raw) {
      const text = metadataText();
      let metadata: EventMetadata;
      try {
        metadata = parseStoredMetadata(text, streamName, String(revision), eventId);
      } catch {
        return this.damaged(row, type, eventId, typeof storedData === 'string' ? storedData : canonicalJson(data), prevHash, text);
      }
      const dataText = typeof storedData === 'string' ? storedData : canonicalJson(data);
      return { ...base, type, data, metadata, storedForm: { data: dataText, metadata: text } };
    }
    if (mode.lazy && mode.upcasters.steps.size === 0)
      return new LazyMetadataEvent(streamName, type, data, eventId, BigInt(revision), String(position), metadataObject);
    const current = upcastEvent(mode.upcasters, { type, data, metadata: metadataObject() });
    return { ...base, type: current.type, data: current.data, metadata: current.metadata };
  }

  /** A raw read of damaged bytes: what can be told, for the integrity check to report. */
  private damaged(row: EventRow, type: string, eventId: string, dataText: string, _prevHash: string, metadataText = ''): RecordedEvent {
    return {
      streamName: row[1],
      type,
      data: null,
      metadata: { eventId },
      eventId,
      revision: BigInt(row[2]),
      position: String(row[0]),
      storedForm: { data: dataText, metadata: metadataText },
    };
  }
}
