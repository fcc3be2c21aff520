import { liveTableName, type ProjectionDefinition } from '../projection-definition';
import { DEAL_SUMMARY_EVENT_TYPES } from '../deal-summary/deal-summary-fold';
import { TABLE_EVENT_TYPES_READ, TOURNAMENT_EVENT_TYPES_READ } from '../tables/table-info';
import { recordedAtOf, sortablePosition, type AsOfCut } from './as-of-cut';

/**
 * Where each row of the keyed read models (deal summaries, tables, tournaments) changed: the first
 * and the last event its fold read, by position and by recorded time. An as-of answer takes a live
 * row as it is when its last event lies within the cut, leaves it out when its first does not, and
 * folds it again from its stream's events within the cut otherwise (ledger/reads/as-of-reads.ts):
 * exactly the row a store holding only those events would have, without reading the rest of the log.
 */
export interface AsOfIndexRow {
  readonly firstPosition: string;
  readonly lastPosition: string;
  /** The earliest and the latest recorded time of those events (a clock may step back). */
  readonly firstAt: string;
  readonly lastAt: string;
}

/** Each indexed stream kind: its prefix and the event types its read model folds. */
export const AS_OF_STREAMS: ReadonlyArray<{ readonly prefix: string; readonly types: ReadonlySet<string> }> = [
  { prefix: 'deal-', types: new Set<string>(DEAL_SUMMARY_EVENT_TYPES) },
  { prefix: 'table-', types: new Set<string>(TABLE_EVENT_TYPES_READ) },
  { prefix: 'tournament-', types: new Set<string>(TOURNAMENT_EVENT_TYPES_READ) },
];

export const asOfIndexProjection: ProjectionDefinition<AsOfIndexRow> = {
  name: 'as-of-index',
  version: 1,
  tables: [
    {
      name: 'as_of_index',
      columns: 'stream TEXT PRIMARY KEY, first_position TEXT NOT NULL, last_position TEXT NOT NULL, first_at TEXT NOT NULL, last_at TEXT NOT NULL',
      withoutRowid: true,
    },
  ],
  eventTypes: [...new Set(AS_OF_STREAMS.flatMap((s) => [...s.types]))],
  keysOf: (event) => (AS_OF_STREAMS.some((s) => event.streamName.startsWith(s.prefix) && s.types.has(event.type)) ? [event.streamName] : []),
  fold(row, event) {
    const position = sortablePosition(event.position);
    // Delivered again (at least once): nothing new.
    if (row && position <= row.lastPosition) return row;
    const at = recordedAtOf(event);
    const firstAt = row && row.firstAt < at ? row.firstAt : at;
    const lastAt = row && row.lastAt > at ? row.lastAt : at;
    return { firstPosition: row?.firstPosition ?? position, lastPosition: position, firstAt, lastAt };
  },
  startsRow: (event) => event.revision === 0n,
  rows(db, tables) {
    const get = db.prepare(`SELECT first_position, last_position, first_at, last_at FROM ${tables.as_of_index} WHERE stream = ?`).raw();
    const put = db.prepare(`INSERT OR REPLACE INTO ${tables.as_of_index} (stream, first_position, last_position, first_at, last_at) VALUES (?, ?, ?, ?, ?)`);
    const remove = db.prepare(`DELETE FROM ${tables.as_of_index} WHERE stream = ?`);
    return {
      get: (key) => {
        const r = get.get(key) as [string, string, string, string] | undefined;
        return r ? { firstPosition: r[0], lastPosition: r[1], firstAt: r[2], lastAt: r[3] } : null;
      },
      put: (key, r) => void put.run(key, r.firstPosition, r.lastPosition, r.firstAt, r.lastAt),
      delete: (key) => void remove.run(key),
    };
  },
};

export const AS_OF_INDEX_TABLE = liveTableName(asOfIndexProjection, 'as_of_index');

/** What the cut makes of a row: absent then, the live row, or one to fold again from its stream. */
export function rowAsOf(index: AsOfIndexRow | null, cut: AsOfCut): 'absent' | 'live' | 'refold' {
  if (!index) return 'absent';
  const [first, last] = cut.kind === 'position' ? [index.firstPosition, index.lastPosition] : [index.firstAt, index.lastAt];
  if (first > cut.key) return 'absent';
  return last <= cut.key ? 'live' : 'refold';
}
