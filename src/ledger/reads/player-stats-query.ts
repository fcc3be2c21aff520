import { listPlayerDeals } from '../../projections/deal-summary/deal-summary-queries';
import { buildPlayerStats } from '../../projections/player-stats/build-player-stats';
import type { PlayerStats } from '../../projections/player-stats/player-stats';
import type { ReadModelDb } from '../../projections/read-model-db';
import type { ScoreSheet } from '../../projections/score-sheet/score-sheet';
import { EventLoopTurn } from '../event-loop-turn';
import type { ScoreSheets } from './score-sheets';

/** A player's statistics over his deals (those of hidden tournaments left out) and his series' sheets. */
export async function playerStatsOf(
  db: ReadModelDb,
  sheets: ScoreSheets,
  player: string,
  options: { hiddenTournaments?: readonly string[] },
): Promise<PlayerStats | null> {
  const hidden = new Set(options.hiddenTournaments ?? []);
  const deals = listPlayerDeals(db, player).filter((d) => d.tournamentId === null || !hidden.has(d.tournamentId));
  const tableIds = [...new Set(deals.map((d) => d.tableId).filter((t): t is string => t !== null))];
  // One sheet per series the player sat at: a player of thousands of deals reads hundreds, so the event loop gets a turn between them.
  const turn = new EventLoopTurn();
  const perTable: (ScoreSheet | null)[] = [];
  for (const id of tableIds) {
    await turn.maybeYield();
    perTable.push(sheets.sheetOf(id));
  }
  const perSeries = perTable
    .filter((s): s is ScoreSheet => s !== null)
    .map((s) => ({ tableId: s.tableId, line: s.seegerFabian.find((l) => l.player === player) }))
    .filter((x) => x.line && !x.line.computer)
    .map((x) => ({ tableId: x.tableId, total: x.line!.total }));
  return buildPlayerStats(player, deals, perSeries);
}
