import { DEAL_SUMMARY_TABLE } from '../../projections/deal-summary/deal-summary-projection';
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
  const playerDeals = (player: string) =>
    count(
      `SELECT (SELECT count(*) FROM ${DEAL_SUMMARY_TABLE} WHERE p0 = ?) + (SELECT count(*) FROM ${DEAL_SUMMARY_TABLE} WHERE p1 = ?) + (SELECT count(*) FROM ${DEAL_SUMMARY_TABLE} WHERE p2 = ?)`,
      player,
      player,
      player,
    );
  switch (kind) {
    case 'dealList': {
      // A filtered list counts the rows its filter matches: those of the narrowest indexed part (player, table, tournament), else every deal.
      const f = JSON.parse(id) as { player?: string; tableId?: string; tournamentId?: string };
      const narrowed: number[] = [];
      if (f.player) narrowed.push(playerDeals(f.player));
      if (f.tableId) narrowed.push(count(`SELECT count(*) FROM ${DEAL_SUMMARY_TABLE} WHERE table_id = ?`, f.tableId));
      if (f.tournamentId) narrowed.push(count(`SELECT count(*) FROM ${DEAL_SUMMARY_TABLE} WHERE tournament_id = ?`, f.tournamentId));
      return { known: false, rows: narrowed.length ? Math.min(...narrowed) : count(`SELECT count(*) FROM ${DEAL_SUMMARY_TABLE}`) };
    }
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
      `SELECT g.table_id, (SELECT count(*) FROM ${DEAL_SUMMARY_TABLE} d WHERE d.table_id = g.table_id) FROM (SELECT DISTINCT table_id FROM ${DEAL_SUMMARY_TABLE} WHERE (p0 = ? OR p1 = ? OR p2 = ?) AND table_id IS NOT NULL) g`,
    )
    .raw()
    .all(player, player, player) as Array<[string, number]>;
  let rows = 0;
  for (const [tableId, deals] of tables) if (!isSheetKept(tableId)) rows += deals;
  return rows;
}
