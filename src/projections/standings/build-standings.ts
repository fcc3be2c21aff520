import type { ScoreSheet } from '../score-sheet/score-sheet';
import type { TournamentInfo } from '../tables/table-info';
import type { Standings, StandingsLine } from './standings';

/** What the standings read of a table's sheet (kept alone for answers as of a moment: ledger/reads/sheet-snapshots.ts). */
export type StandingsPart = Pick<ScoreSheet, 'seegerFabian' | 'openDisputes'>;

/**
 * R35 standings: each player's Seeger-Fabian totals summed over every series he played in the
 * tournament; ranked by total, then more won games, then fewer lost games (the lot decides
 * the rest, so equal players share a rank). Computer players are left out (D5 duel rule).
 */
export function buildStandings(tournament: TournamentInfo, sheets: readonly StandingsPart[]): Standings {
  const acc = new Map<string, Omit<StandingsLine, 'rank' | 'tieBreak'>>();
  for (const sheet of sheets) {
    for (const l of sheet.seegerFabian) {
      if (l.computer) continue;
      const a = acc.get(l.player) ?? {
        player: l.player,
        total: 0,
        gamePoints: 0,
        won: 0,
        lost: 0,
        opponentsLost: 0,
        series: 0,
        lossFees: 0,
        lossFeeCents: 0,
        openDisputes: 0,
      };
      acc.set(l.player, {
        player: l.player,
        total: a.total + l.total,
        gamePoints: a.gamePoints + l.gamePoints,
        won: a.won + l.won,
        lost: a.lost + l.lost,
        opponentsLost: a.opponentsLost + l.opponentsLost,
        series: a.series + 1,
        lossFees: a.lossFees + l.lossFees,
        lossFeeCents: a.lossFeeCents + l.lossFeeCents,
        // A disputed deal at his table may change his total (his own score, or +30/+40 for a lost game of another, R35).
        openDisputes: a.openDisputes + sheet.openDisputes,
      });
    }
  }
  const sorted = [...acc.values()].sort((a, b) => b.total - a.total || b.won - a.won || a.lost - b.lost || a.player.localeCompare(b.player));
  const lines: StandingsLine[] = [];
  sorted.forEach((l, i) => {
    const prev = lines[i - 1];
    const tied = prev && prev.total === l.total && prev.won === l.won && prev.lost === l.lost;
    const tieBreak =
      !prev || prev.total !== l.total
        ? null
        : tied
          ? `tied with ${prev.player} on ${l.total}, ${l.won} won, ${l.lost} lost: the lot decides (R35)`
          : prev.won !== l.won
            ? `behind ${prev.player} on ${l.total}: fewer won games (${l.won} < ${prev.won}, R35)`
            : `behind ${prev.player} on ${l.total}: more lost games (${l.lost} > ${prev.lost}, R35)`;
    lines.push({ rank: tied ? prev.rank : i + 1, ...l, tieBreak });
  });
  return {
    tournamentId: tournament.tournamentId,
    name: tournament.name,
    tables: tournament.tables.map((t) => ({ tableId: t.tableId, round: t.round })),
    lines,
  };
}
