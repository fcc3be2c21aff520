import type { DealSummary } from '../dealSummary/dealSummary';
import type { TableInfo } from '../tables/tableInfo';
import type { ScoreSheet, ScoreSheetRow, SeegerFabianLine } from './scoreSheet';

/** R35: the bonus each player gets for an opponent's lost game: 40 at a 3-table, 30 at 4 (and 5). */
export const opponentsLostBonus = (tableSize: number): number => (tableSize === 3 ? 40 : 30);
export const WON_LOST_POINTS = 50;

export function gameLabel(d: DealSummary): string {
  if (d.status === 'passedIn') return 'passed in';
  if (d.status === 'notScoreable') return `not scoreable${d.notScoreableReason ? ` (${d.notScoreableReason})` : ''}`;
  if (d.status === 'ramsch') return 'ramsch';
  if (!d.gameType) return d.status;
  const mods = [d.hand && !(d.ouvert && d.gameType !== 'null') ? 'hand' : '', d.schneiderAnnounced && !d.schwarzAnnounced ? 'schneider announced' : '', d.schwarzAnnounced && !d.ouvert ? 'schwarz announced' : '', d.ouvert ? 'ouvert' : ''];
  return [d.gameType, ...mods.filter(Boolean)].join(' ');
}

/** A deal's entry on the list counts for Seeger-Fabian only when a declarer game was scored. */
const counts = (d: DealSummary): boolean => d.status === 'scored' && d.declarerName !== null && d.won !== null;

/**
 * The table's list (R34) and Seeger-Fabian block (R35), a pure function of the table and its
 * finished deals. Passed-in and not-scoreable deals are rows with entry 0; corrections replace
 * the entry and keep the original.
 */
export function buildScoreSheet(table: TableInfo, deals: readonly DealSummary[]): ScoreSheet {
  const finished = deals.filter((d) => d.status !== 'inProgress').slice().sort((a, b) => a.dealNumber - b.dealNumber);
  const totals: Record<string, number> = Object.fromEntries(table.players.map((p) => [p, 0]));
  const line = new Map(table.players.map((p) => [p, { gamePoints: 0, won: 0, lost: 0, opponentsLost: 0 }]));
  const rows: ScoreSheetRow[] = [];
  for (const d of finished) {
    const entry = counts(d) ? (d.score ?? 0) : 0;
    if (counts(d)) {
      const declarer = d.declarerName as string;
      totals[declarer] = (totals[declarer] ?? 0) + entry;
      const mine = line.get(declarer);
      if (mine) {
        mine.gamePoints += entry;
        if (d.won) mine.won++;
        else mine.lost++;
      }
      // R35: every other player at the table (the sitting dealer too) profits from a lost game.
      if (!d.won) for (const [p, l] of line) if (p !== declarer) l.opponentsLost++;
    }
    rows.push({
      dealNumber: d.dealNumber,
      dealId: d.dealId,
      dealer: d.dealer,
      declarer: d.declarerName,
      gameLabel: gameLabel(d),
      passedIn: d.status === 'passedIn',
      notScoreable: d.status === 'notScoreable',
      won: d.won,
      entry,
      corrected: d.corrected,
      originalEntry: d.corrected ? d.originalScore : null,
      correctionReason: d.correctionReason,
      totals: { ...totals },
    });
  }
  const bonus = opponentsLostBonus(table.players.length);
  const seegerFabian: SeegerFabianLine[] = table.players.map((player) => {
    const l = line.get(player) as { gamePoints: number; won: number; lost: number; opponentsLost: number };
    const wonLostPoints = WON_LOST_POINTS * (l.won - l.lost);
    const opponentsLostPoints = bonus * l.opponentsLost;
    return {
      player,
      gamePoints: l.gamePoints,
      won: l.won,
      lost: l.lost,
      wonLostPoints,
      opponentsLost: l.opponentsLost,
      opponentsLostPoints,
      total: l.gamePoints + wonLostPoints + opponentsLostPoints,
      lossFees: l.lost,
      computer: table.computerPlayers.includes(player),
    };
  });
  return {
    tableId: table.tableId,
    tournamentId: table.tournamentId,
    round: table.round,
    players: table.players,
    profileId: table.profileId,
    seriesLength: table.seriesLength,
    dealsPlayed: finished.length,
    complete: finished.length >= table.seriesLength,
    rows,
    seegerFabian,
  };
}
