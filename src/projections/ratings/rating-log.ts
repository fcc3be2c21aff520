import type { DealScoredData, DealStartedData, MoveWithdrawnData } from '../../deal/events';
import type { RecordedEvent } from '../../event-store/event-store';
import { recordedAtOf, sortablePosition } from '../as-of/as-of-cut';
import { liveTableName, type ProjectionDefinition, type ProjectionRows } from '../projection-definition';
import { dealKey, ratedGameOf, startKeys, startRows, startsNoRow, type RatingDeal, type RatingTable } from './ratings-fold';
import type { RatedGame } from './rating-step';

/**
 * What every model's rating moved on, in log order (issue 28 item 3 asOf): one entry per rated
 * game as scored (its compact result) and one per withdrawal of a rated game's end (L24). The
 * ratings as of a moment are the fold of the entries up to it (rating-book.ts), the rows the
 * models' projections hold then; no model's rows keep their past.
 */
export type RatingLogEntry =
  | { readonly kind: 'game'; readonly n: number; readonly dealId: string; readonly table: boolean; readonly game: RatedGame }
  | { readonly kind: 'withdrawn'; readonly n: number; readonly dealId: string; readonly players: readonly string[] };

/**
 * Where an entry stands in time: its event's position and recorded time, the latest time of it and
 * every entry before (`atMax`), and whether its own time lies before that (`back`: the clock
 * stepped back). The entries recorded at or before a time are the first ones up to the last whose
 * `atMax` is within it, unless an entry after those stepped back into it (ratings-as-of.ts).
 */
interface EntryStamp {
  readonly position: string;
  readonly at: string;
  readonly atMax: string;
  readonly back: boolean;
}

/** A deal between its start and its score (a table deal's after it too, `rated`: its score is an entry), a table, the count of entries. */
type LogRow =
  | (RatingDeal & { readonly rated?: boolean })
  | RatingTable
  | { readonly kind: 'count'; readonly n: number; readonly atMax?: string }
  | (RatingLogEntry & EntryStamp);

const COUNT_KEY = 'count';
/** An entry's key: its event's position, sortable, so the keys are in log order. */
export const entryKey = (position: string): string => `g\u0000${sortablePosition(position)}`;

const reopens = (event: RecordedEvent): boolean => event.type === 'MoveWithdrawn' && (event.data as MoveWithdrawnData).reopens === true;

/** The rating log as a registered projection; `unratedTournaments` as for the models (the private ones, rated by none). */
export function ratingLogProjection(unratedTournaments: readonly string[] = []): ProjectionDefinition<LogRow> {
  const unrated = new Set(unratedTournaments);
  return {
    name: 'rating-log',
    // 2: a table's row, its deal before dropped once the next starts; 3: each entry's latest time so far (atMax, back).
    version: 3,
    ...(unrated.size > 0 ? { variant: `unrated:${JSON.stringify([...unrated].sort())}` } : {}),
    tables: [
      {
        name: 'rating_log',
        // An entry's columns: its number, the game's (or withdrawal's) time, the latest time so far, whether the clock
        // stepped back (1, else null) and the entry itself, compact.
        columns: 'key TEXT PRIMARY KEY, n INTEGER, at TEXT, at_max TEXT, back INTEGER, entry TEXT, json TEXT',
        withoutRowid: true,
        indexes: { at: 'at, n', at_max: 'at_max, n', back: 'back, n' },
      },
      {
        // Who sat where in each entry: a player's latest entry at or before a position, for every model's steps (rating-steps.ts).
        name: 'rating_seats',
        columns: 'player TEXT NOT NULL, position TEXT NOT NULL, seat INTEGER NOT NULL',
        indexes: { player: 'player, position' },
      },
    ],
    eventTypes: ['DealStarted', 'DealScored', 'MoveWithdrawn'],
    keysOf(event, rowOf) {
      if (!event.streamName.startsWith('deal-')) return [];
      const key = dealKey(event.streamName.slice(5));
      if (event.type === 'DealStarted') return startKeys(event.streamName.slice(5), event.data as DealStartedData, rowOf, unrated);
      if (event.type !== 'DealScored' && !reopens(event)) return [];
      const deal = rowOf?.(key);
      if (!deal || deal.kind !== 'deal') return [];
      if (event.type === 'DealScored') {
        if (deal.scored) return [];
        return ratedGameOf(deal, event.data as DealScoredData) ? [key, COUNT_KEY, entryKey(event.position)] : [key];
      }
      if (!deal.scored) return [];
      return deal.rated ? [key, COUNT_KEY, entryKey(event.position)] : [key];
    },
    fold: () => {
      throw new Error('the rating log folds its rows together (foldKeys)');
    },
    foldKeys(rows, event, keys) {
      if (event.type === 'DealStarted') return startRows(event, keys);
      const deal = rows[0] as RatingDeal & { rated?: boolean };
      const dealId = event.streamName.slice(5);
      const count = rows[1]?.kind === 'count' ? rows[1] : null;
      const n = (count?.n ?? 0) + 1;
      const at = recordedAtOf(event);
      const before = count?.atMax ?? '';
      const atMax = at > before ? at : before;
      const stamp: EntryStamp = { position: sortablePosition(event.position), at, atMax, back: at < before };
      if (event.type === 'DealScored') {
        const game = keys.length > 1 ? ratedGameOf(deal, event.data as DealScoredData) : null;
        const after = deal.tableId ? { ...deal, scored: true, rated: game !== null } : null;
        if (!game) return [after];
        return [after, { kind: 'count', n, atMax }, { kind: 'game', n, dealId, table: Boolean(deal.tableId), game, ...stamp }];
      }
      const open = { ...deal, scored: false, rated: false };
      return keys.length > 1 ? [open, { kind: 'count', n, atMax }, { kind: 'withdrawn', n, dealId, players: deal.players, ...stamp }] : [open];
    },
    startsRow: startsNoRow,
    // Every projection loading with it takes this batch, and what a batch touches outlives the
    // young generation: 20,000 took an import's heap from about 30 MB to 100-120 MB at its end
    // (peak RSS 255-298 MB at 20,000 records), 5,000 keeps it near 80 MB (241-246 MB).
    batchFromZero: 5_000,
    rows: (db, tables) => logRows(db, tables.rating_log, tables.rating_seats),
  };
}

/** An entry's text without its stamp (its own columns): what a fold parses, once per model, a million times in an archive's rebuild. */
function entryText(row: RatingLogEntry & EntryStamp): string {
  return row.kind === 'game'
    ? JSON.stringify({ kind: row.kind, n: row.n, dealId: row.dealId, table: row.table, game: row.game })
    : JSON.stringify({ kind: row.kind, n: row.n, dealId: row.dealId, players: row.players });
}

/** Entries as their compact text in `entry` (read by the as-of fold without the rest); other rows as JSON. */
function logRows(db: Parameters<ProjectionDefinition['rows']>[0], table: string, seats: string): ProjectionRows<LogRow> {
  const get = db.prepare(`SELECT json, entry, at, at_max, back FROM ${table} WHERE key = ?`).raw();
  const put = db.prepare(`INSERT OR REPLACE INTO ${table} (key, n, at, at_max, back, entry, json) VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const remove = db.prepare(`DELETE FROM ${table} WHERE key = ?`);
  // An entry is written once (its key is its event's position), its three seats with it.
  const seat = db.prepare(`INSERT INTO ${seats} (player, position, seat) VALUES (?, ?, 0), (?, ?, 1), (?, ?, 2)`);
  return {
    get(key) {
      const r = get.get(key) as [string | null, string | null, string, string, number | null] | undefined;
      if (!r) return null;
      if (r[0] !== null) return JSON.parse(r[0]) as LogRow;
      const stamp: EntryStamp = { position: key.slice(RATING_ENTRY_FIRST.length), at: r[2], atMax: r[3], back: r[4] === 1 };
      return { ...(JSON.parse(r[1]!) as RatingLogEntry), ...stamp };
    },
    put(key, row) {
      if (row.kind === 'game' || row.kind === 'withdrawn') {
        put.run(key, row.n, row.at, row.atMax, row.back ? 1 : null, entryText(row), null);
        const p = row.kind === 'game' ? row.game.players : row.players;
        seat.run(p[0], row.position, p[1], row.position, p[2], row.position);
      } else put.run(key, null, null, null, null, null, JSON.stringify(row));
    },
    delete: (key) => void remove.run(key),
  };
}

export const RATING_LOG_TABLE = liveTableName(ratingLogProjection(), 'rating_log');
export const RATING_SEATS_TABLE = liveTableName(ratingLogProjection(), 'rating_seats');
export const RATING_ENTRY_FIRST = 'g\u0000';
