import type { EventStore, RecordedEvent } from '../../event-store/event-store';
import { parseIsoInstant } from '../../format/iso-instant';
import { InvalidQueryError } from '../../kernel/errors';
import { withinCut, sortablePosition, type AsOfCut } from '../../projections/as-of/as-of-cut';
import { AS_OF_INDEX_TABLE, rowAsOf, type AsOfIndexRow } from '../../projections/as-of/as-of-index';
import type { ProjectionDefinition } from '../../projections/projection-definition';
import type { ReadModelDb } from '../../projections/read-model-db';

/** An answer as of a moment: a log position (as the store writes it, e.g. an event's `position`) or an ISO 8601 instant. */
export type AsOf = { readonly position: string } | { readonly time: string };

/** An asOf written as one text (the CLI's --as-of, the export's asOf=): a log position when it is digits (EventStoreDB: `commit/prepare`), else a time. */
export function asOfOfText(text: string): AsOf {
  const t = text.trim();
  return /^\d+(\/\d+)?$/.test(t) ? { position: t } : { time: t };
}

/** How many rows of the index are read with one statement. */
const CHUNK = 500;

/** A keyed read model the cut reads: its projection and the prefix of the streams its rows are folded from. */
export interface AsOfModel<Row> {
  readonly projection: ProjectionDefinition<Row>;
  /** `deal-`, `table-`, `tournament-`: a row's stream is the prefix and the row's key. */
  readonly prefix: string;
}

/** The cut an asOf names; a bad position or time is refused with what was expected. */
export function cutOf(store: EventStore, asOf: AsOf): AsOfCut {
  if ('position' in asOf && asOf.position !== undefined && asOf.position !== null) {
    const position = typeof asOf.position === 'string' ? asOf.position.trim() : '';
    try {
      store.comparePositions(position, position);
      return { kind: 'position', key: sortablePosition(position) };
    } catch {
      throw new InvalidQueryError(`asOf position ${JSON.stringify(position.slice(0, 60))} is no position of this store (an event's position, e.g. 1234)`);
    }
  }
  const time = (asOf as { time?: unknown }).time;
  const instant = parseIsoInstant(time);
  if (instant === undefined)
    throw new InvalidQueryError(`asOf time must be an ISO 8601 date or date-time with offset, got ${JSON.stringify(String(time).slice(0, 60))}`);
  return { kind: 'time', key: instant };
}

/**
 * Read-model rows as they stood at a cut of the log (issue 28 item 2), from the live rows and the
 * as-of index (projections/as-of/as-of-index.ts): a row whose events all lie within the cut is the
 * live one, a row none of whose events do is left out, and the rest (deals in progress then,
 * corrected or confirmed since) are folded again by their projection's own fold from their
 * stream's events within the cut. No snapshot or cache changes an answer: it is the fold of those
 * events, as a store cut there would hold it.
 */
export class AsOfReads {
  /** Rows folded again by this reader (the benches read it). */
  refolds = 0;

  constructor(
    private readonly store: EventStore,
    private readonly db: ReadModelDb,
    readonly cut: AsOfCut,
  ) {}

  /** The index rows of these streams. */
  index(streams: readonly string[]): Map<string, AsOfIndexRow> {
    const out = new Map<string, AsOfIndexRow>();
    for (let i = 0; i < streams.length; i += CHUNK) {
      const chunk = streams.slice(i, i + CHUNK);
      const rows = this.db
        .prepare(
          `SELECT stream, first_position, last_position, first_at, last_at FROM ${AS_OF_INDEX_TABLE} WHERE stream IN (${chunk.map(() => '?').join(',')})`,
        )
        .raw()
        .all(...chunk) as [string, string, string, string, string][];
      for (const [stream, firstPosition, lastPosition, firstAt, lastAt] of rows) out.set(stream, { firstPosition, lastPosition, firstAt, lastAt });
    }
    return out;
  }

  /** Whether the stream had any of its read model's events within the cut. */
  existed(stream: string): boolean {
    return rowAsOf(this.index([stream]).get(stream) ?? null, this.cut) !== 'absent';
  }

  /** The rows as of the cut, in the order of `live` (rows absent then are left out). */
  async rowsAsOf<Row>(model: AsOfModel<Row>, live: readonly Row[], keyOf: (row: Row) => string): Promise<Row[]> {
    const index = this.index(live.map((row) => model.prefix + keyOf(row)));
    const out: Row[] = [];
    for (const row of live) {
      const key = keyOf(row);
      const seen = rowAsOf(index.get(model.prefix + key) ?? null, this.cut);
      if (seen === 'live') out.push(row);
      else if (seen === 'refold') {
        const then = await this.refold(model, key);
        if (then !== null) out.push(then);
      }
    }
    return out;
  }

  /** One row as of the cut (null when it did not exist then). */
  async rowAsOf<Row>(model: AsOfModel<Row>, key: string, live: Row | null): Promise<Row | null> {
    const seen = rowAsOf(this.index([model.prefix + key]).get(model.prefix + key) ?? null, this.cut);
    if (seen === 'absent') return null;
    return seen === 'live' ? live : this.refold(model, key);
  }

  /** The stream's events within the cut (all of them, in stream order). */
  async eventsWithin(stream: string): Promise<RecordedEvent[]> {
    const read = await this.store.readStream(stream);
    return read.events.filter((e) => withinCut(this.cut, e));
  }

  /** The projection's row folded from null over the stream's events of its types within the cut. */
  private async refold<Row>(model: AsOfModel<Row>, key: string): Promise<Row | null> {
    this.refolds++;
    const types = new Set(model.projection.eventTypes);
    let row: Row | null = null;
    for (const event of await this.eventsWithin(model.prefix + key)) {
      if (!types.has(event.type)) continue;
      if (model.projection.keysOf(event).includes(key)) row = model.projection.fold(row, event, key);
    }
    return row;
  }
}
