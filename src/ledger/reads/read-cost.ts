import { countDealsWork } from '../../projections/deal-summary/deal-count-query';
import { DEAL_COUNT_TABLE, DEAL_PLAYER_TABLE, DEAL_SUMMARY_TABLE } from '../../projections/deal-summary/deal-summary-projection';
import type { DealFilter } from '../../projections/deal-summary/deal-summary';
import { listIndexOf, listPrefixOf } from '../../projections/deal-summary/deal-summary-queries';
import type { ReadModelDb } from '../../projections/read-model-db';
import { TABLE_INFO_TABLE } from '../../projections/tables/table-projection';
import { TOURNAMENT_INFO_TABLE } from '../../projections/tables/tournament-projection';

/** Players of more deals than this get no per-table lookup in the cost estimate (see sheetBuildRows). */
const PLAYER_SHEETS_DETAIL = 5_000;

/** The heavy reads the API's cost model asks about. */
export type ReadKind = 'playerStats' | 'scoreSheet' | 'standings' | 'audit' | 'dealList' | 'tables' | 'tournaments';

export interface ReadCost {
  readonly rows: number;
  readonly known: boolean;
  /** For a list of tables: the deals of the listed tables whose sheet is kept (cheaper than `rows`). */
  readonly cachedRows?: number;
  /** For player statistics: the deals of the sheets they would build (his tables whose sheet is not kept). */
  readonly buildRows?: number;
  /** For a deal list: what its count reads (counters summed, deal rows counted through an index). */
  readonly counters?: number;
  readonly countRows?: number;
  /** For an as-of read: the rows folded again from their stream (their events straddle the cut). */
  readonly refolds?: number;
  /** For as-of standings: the tables whose standings part is kept as of the cut (no sheet built). */
  readonly snapshots?: number;
}

/**
 * What a heavy read would cost, for the API's cost model: the rows it reads, counted in SQL
 * (indexes only), and whether its result is already computed at the current log position.
 * Synchronous and without catching up: an estimate, a few events old at worst.
 */
export function readCost(
  db: ReadModelDb,
  isKnown: (memoKey: string) => boolean,
  isSheetKept: (tableId: string) => boolean,
  kind: ReadKind,
  id: string,
): ReadCost {
  if (kind === 'tables' || kind === 'tournaments')
    return tableListCost(db, isSheetKept, kind, JSON.parse(id) as { tournamentId?: string | null; limit: number });
  const memoKey = kind === 'playerStats' ? `playerStats\u0000${id}\u0000` : `${kind}\u0000${id}`;
  const known = kind !== 'dealList' && isKnown(memoKey);
  const count = (sql: string, ...args: string[]) =>
    db
      .prepare(sql)
      .pluck()
      .get(...args) as number;
  // A player's deals: his all-time counters, a handful of rows.
  const playerDeals = (player: string) => count(`SELECT coalesce(sum(n), 0) FROM ${DEAL_COUNT_TABLE} WHERE player = ? AND period = ''`, player);
  switch (kind) {
    case 'dealList':
      return dealListCost(db, JSON.parse(id) as { filter: DealFilter; first: number });
    case 'playerStats': {
      const rows = playerDeals(id);
      return { known, rows, buildRows: known ? 0 : sheetBuildRows(db, isSheetKept, id, rows) };
    }
    case 'scoreSheet':
      return { known, rows: count(`SELECT count(*) FROM ${DEAL_SUMMARY_TABLE} WHERE table_id = ?`, id) };
    case 'standings':
      return { known, rows: count(`SELECT count(*) FROM ${DEAL_SUMMARY_TABLE} WHERE tournament_id = ?`, id) };
    case 'audit':
      return { known, rows: 1 };
  }
}

/**
 * A list of tables' status reads each listed table's deals and builds its sheet unless that is
 * kept (ScoreSheets.keptSheet): `rows` are the deals of tables whose sheet would be built,
 * `cachedRows` those of tables whose sheet is kept and current.
 */
function tableListCost(
  db: ReadModelDb,
  isSheetKept: (tableId: string) => boolean,
  kind: 'tables' | 'tournaments',
  f: { tournamentId?: string | null; limit: number },
): { rows: number; known: false; cachedRows: number } {
  const listed =
    kind === 'tournaments'
      ? `SELECT table_id FROM ${TABLE_INFO_TABLE} WHERE tournament_id IN (SELECT tournament_id FROM ${TOURNAMENT_INFO_TABLE} ORDER BY tournament_id LIMIT ?)`
      : typeof f.tournamentId === 'string'
        ? `SELECT table_id FROM ${TABLE_INFO_TABLE} WHERE tournament_id = ? ORDER BY table_id LIMIT ?`
        : `SELECT table_id FROM ${TABLE_INFO_TABLE} ORDER BY table_id LIMIT ?`;
  const args = kind === 'tables' && typeof f.tournamentId === 'string' ? [f.tournamentId, f.limit] : [f.limit];
  const tables = db
    .prepare(`SELECT l.table_id, (SELECT count(*) FROM ${DEAL_SUMMARY_TABLE} d WHERE d.table_id = l.table_id) FROM (${listed}) l`)
    .raw()
    .all(...args) as Array<[string, number]>;
  let rows = 0;
  let cachedRows = 0;
  for (const [tableId, deals] of tables) {
    if (isSheetKept(tableId)) cachedRows += deals;
    else rows += deals;
  }
  return { rows, known: false, cachedRows };
}

/**
 * The deals of the sheets a player's statistics would build: those of his tables whose sheet is
 * not kept. Above PLAYER_SHEETS_DETAIL deals (whose statistics are over the limit anyway) the
 * lookup itself would cost milliseconds: every deal of the player is taken as built then.
 */
function sheetBuildRows(db: ReadModelDb, isSheetKept: (tableId: string) => boolean, player: string, playerDeals: number): number {
  if (playerDeals > PLAYER_SHEETS_DETAIL) return playerDeals;
  const tables = db
    .prepare(
      `SELECT g.table_id, (SELECT count(*) FROM ${DEAL_SUMMARY_TABLE} d WHERE d.table_id = g.table_id) FROM (SELECT DISTINCT s.table_id FROM ${DEAL_PLAYER_TABLE} dp CROSS JOIN ${DEAL_SUMMARY_TABLE} s ON s.deal_id = dp.deal_id WHERE dp.player = ? AND s.table_id IS NOT NULL) g`,
    )
    .raw()
    .all(player) as Array<[string, number]>;
  let rows = 0;
  for (const [tableId, deals] of tables) if (!isSheetKept(tableId)) rows += deals;
  return rows;
}

/**
 * A page of a filtered list walks its index (listPlan) from the cursor and reads rows until the
 * page is full: about `first` rows where the index serves the whole filter, else the page divided
 * by the share of the index's rows that match (both counted from the counters). Its count reads
 * what countDealsWork says.
 */
function dealListCost(db: ReadModelDb, q: { filter: DealFilter; first: number }): ReadCost {
  const filter = q.filter;
  const work = countDealsWork(db, filter);
  const index = listIndexOf(filter);
  const prefix = countDealsWork(db, listPrefixOf(filter)).count;
  // A table's or tournament's rows are all read and sorted; a walk stops after its page (none at all when nothing matches).
  const page = Math.max(1, q.first) + 1;
  const rows =
    index === 'table' || index === 'tournament' ? prefix : work.count === 0 ? 0 : Math.min(prefix, Math.ceil((page * prefix) / Math.max(1, work.count)));
  return { rows, known: false, counters: work.counters, countRows: work.rows };
}
