import { AS_OF_INDEX_TABLE } from '../../projections/as-of/as-of-index';
import type { AsOfCut } from '../../projections/as-of/as-of-cut';
import { DEAL_PLAYER_TABLE, DEAL_SUMMARY_TABLE } from '../../projections/deal-summary/deal-summary-projection';
import type { ReadModelDb } from '../../projections/read-model-db';
import { TABLE_INFO_TABLE } from '../../projections/tables/table-projection';
import { TOURNAMENT_INFO_TABLE } from '../../projections/tables/tournament-projection';
import type { ReadCost, ReadKind } from './read-cost';
import type { SheetSnapshots } from './sheet-snapshots';

/**
 * What an as-of read would cost, for the API's cost model: the deal rows it reads (each looked up
 * in the as-of index, every sheet built anew: as-of sheets are never kept) and how many of them
 * it folds again from their stream (`refolds`: rows whose events straddle the cut). Counted in SQL
 * through indexes only, without reading a stream.
 */
export function asOfReadCost(db: ReadModelDb, snapshots: SheetSnapshots, kind: ReadKind, id: string, cut: AsOfCut): ReadCost {
  const [first, last] = cut.kind === 'position' ? ['first_position', 'last_position'] : ['first_at', 'last_at'];
  // Rows of the deals `where` selects (alias d), and how many of them straddle the cut.
  const deals = (from: string, where: string, ...args: unknown[]): ReadCost => {
    const [rows, refolds] = db
      .prepare(
        `SELECT count(*), coalesce(sum(i.${first} <= ? AND i.${last} > ?), 0) FROM ${from}
         LEFT JOIN ${AS_OF_INDEX_TABLE} i ON i.stream = 'deal-' || d.deal_id WHERE ${where}`,
      )
      .raw()
      .get(cut.key, cut.key, ...args) as [number, number];
    return { rows, known: false, refolds };
  };
  // Of the tables `where` selects (alias d over their deals): the deals of tables with a deal not wholly within the cut
  // (their sheet is built anew), the deals of the others (their live sheet is taken, kept), and the rows folded again.
  const sheets = (where: string, ...args: unknown[]): ReadCost => {
    const [rows, cachedRows, refolds] = db
      .prepare(
        `SELECT coalesce(sum(CASE WHEN after > 0 THEN n END), 0), coalesce(sum(CASE WHEN after = 0 THEN n END), 0), coalesce(sum(straddle), 0) FROM (
           SELECT count(*) n, sum(i.${last} IS NULL OR i.${last} > ?) after, sum(i.${first} <= ? AND i.${last} > ?) straddle
           FROM ${DEAL_SUMMARY_TABLE} d LEFT JOIN ${AS_OF_INDEX_TABLE} i ON i.stream = 'deal-' || d.deal_id WHERE ${where} GROUP BY d.table_id)`,
      )
      .raw()
      .get(cut.key, cut.key, cut.key, ...args) as [number, number, number];
    return { rows, cachedRows, known: false, refolds };
  };
  switch (kind) {
    case 'scoreSheet':
      return sheets('d.table_id = ?', id);
    case 'standings': {
      // Tables whose part is kept as of a position (SheetSnapshots) cost a part each; the others' sheets are built.
      const kept = cut.kind === 'position' ? snapshots.tablesAsOf(id, cut.key) : [];
      return { ...sheets('d.tournament_id = ? AND d.table_id NOT IN (SELECT value FROM json_each(?))', id, JSON.stringify(kept)), snapshots: kept.length };
    }
    case 'playerStats': {
      // His series' sheets are built anew as of the cut: every deal of his tables.
      const buildRows = db
        .prepare(
          `SELECT count(*) FROM ${DEAL_SUMMARY_TABLE} t WHERE t.table_id IN (SELECT s.table_id FROM ${DEAL_PLAYER_TABLE} dp CROSS JOIN ${DEAL_SUMMARY_TABLE} s ON s.deal_id = dp.deal_id WHERE dp.player = ? AND s.table_id IS NOT NULL)`,
        )
        .pluck()
        .get(id) as number;
      return { ...deals(`${DEAL_PLAYER_TABLE} d`, 'd.player = ?', id), buildRows };
    }
    case 'tables':
    case 'tournaments': {
      const f = JSON.parse(id) as { tournamentId?: string | null; limit: number };
      const listed =
        kind === 'tournaments'
          ? `SELECT table_id FROM ${TABLE_INFO_TABLE} WHERE tournament_id IN (SELECT tournament_id FROM ${TOURNAMENT_INFO_TABLE} ORDER BY tournament_id LIMIT ?)`
          : typeof f.tournamentId === 'string'
            ? `SELECT table_id FROM ${TABLE_INFO_TABLE} WHERE tournament_id = ? ORDER BY table_id LIMIT ?`
            : `SELECT table_id FROM ${TABLE_INFO_TABLE} ORDER BY table_id LIMIT ?`;
      const args = kind === 'tables' && typeof f.tournamentId === 'string' ? [f.tournamentId, f.limit] : [f.limit];
      return sheets(`d.table_id IN (${listed})`, ...args);
    }
    case 'audit':
    case 'dealList':
      return { rows: 1, known: false, refolds: 1 };
  }
}
