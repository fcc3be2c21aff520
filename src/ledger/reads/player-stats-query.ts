import { statPart } from '../../projections/deal-summary/deal-summary-derived';
import { DEAL_PLAYER_TABLE, DEAL_SUMMARY_TABLE, PLAYER_STAT_TABLE } from '../../projections/deal-summary/deal-summary-projection';
import { decodeDealSummary } from '../../projections/deal-summary/deal-summary-row';
import { playerStatsFromCounters } from '../../projections/player-stats/player-stats-counters';
import type { PlayerStats } from '../../projections/player-stats/player-stats';
import type { ReadModelDb } from '../../projections/read-model-db';
import type { ScoreSheet } from '../../projections/score-sheet/score-sheet';
import { EventLoopTurn } from '../event-loop-turn';
import type { ScoreSheets } from './score-sheets';

/**
 * A player's statistics from his counters (kept by the deal-summary projection, so a player of
 * 36,000 deals reads a few rows), less the part of his deals in hidden tournaments (read through
 * the tournament index), and, when asked (`series`), his Seeger-Fabian total per series from the
 * sheets of his tables.
 */
export async function playerStatsOf(
  db: ReadModelDb,
  sheets: ScoreSheets,
  player: string,
  options: { hiddenTournaments?: readonly string[]; series?: boolean },
): Promise<PlayerStats | null> {
  const counters = new Map<string, number>();
  for (const { stat, n } of db.prepare(`SELECT stat, n FROM ${PLAYER_STAT_TABLE} WHERE player = ?`).all(player) as { stat: string; n: number }[]) {
    counters.set(stat, n);
  }
  const hidden = options.hiddenTournaments ?? [];
  if (hidden.length > 0) {
    for (const json of hiddenDealsOf(db, player, hidden))
      statPart(decodeDealSummary(json), player, (key, n) => counters.set(key, (counters.get(key) ?? 0) - n));
  }
  if ((counters.get('deals') ?? 0) <= 0) return null;
  const perSeries = options.series === false ? [] : await seegerFabianPerSeries(db, sheets, player, hidden);
  return playerStatsFromCounters(player, counters, perSeries);
}

/** The player's deals in these tournaments (the tournament index, then his seats). */
function hiddenDealsOf(db: ReadModelDb, player: string, tournaments: readonly string[]): string[] {
  return db
    .prepare(`SELECT json FROM ${DEAL_SUMMARY_TABLE} WHERE tournament_id IN (${tournaments.map(() => '?').join(', ')}) AND (+p0 = ? OR +p1 = ? OR +p2 = ?)`)
    .pluck()
    .all(...tournaments, player, player, player) as string[];
}

/** His tables (outside hidden tournaments), each table's sheet, his Seeger-Fabian line of it unless he sat as a computer. */
async function seegerFabianPerSeries(
  db: ReadModelDb,
  sheets: ScoreSheets,
  player: string,
  hidden: readonly string[],
): Promise<{ tableId: string; total: number }[]> {
  const hide = new Set(hidden);
  const rows = db
    .prepare(
      `SELECT s.table_id, s.tournament_id FROM ${DEAL_PLAYER_TABLE} dp CROSS JOIN ${DEAL_SUMMARY_TABLE} s ON s.deal_id = dp.deal_id
       WHERE dp.player = ? AND s.table_id IS NOT NULL ORDER BY dp.started_at, dp.deal_id`,
    )
    .raw()
    .all(player) as [string, string | null][];
  const tableIds = [...new Set(rows.filter(([, t]) => t === null || !hide.has(t)).map(([id]) => id))];
  // One sheet per series the player sat at: a player of thousands of deals reads hundreds, so the event loop gets a turn between them.
  const turn = new EventLoopTurn();
  const perTable: (ScoreSheet | null)[] = [];
  for (const id of tableIds) {
    await turn.maybeYield();
    perTable.push(sheets.sheetOf(id));
  }
  return perTable
    .filter((s): s is ScoreSheet => s !== null)
    .map((s) => ({ tableId: s.tableId, line: s.seegerFabian.find((l) => l.player === player) }))
    .filter((x) => x.line && !x.line.computer)
    .map((x) => ({ tableId: x.tableId, total: x.line!.total }));
}
