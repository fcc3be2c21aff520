import type { DealSummary } from '../deal-summary/deal-summary';
import type { PlayerStats } from './player-stats';

const rate = (n: number, d: number): number => (d === 0 ? 0 : n / d);

/**
 * Statistics of one player over his finished deals. Seats marked as computer seats are left
 * out (D5 duel rule), so a computer player has no statistics. `seegerFabian` gives the player's
 * Seeger-Fabian total per table.
 */
export function buildPlayerStats(
  player: string,
  deals: readonly DealSummary[],
  seegerFabian: readonly { tableId: string; total: number }[],
): PlayerStats | null {
  const mine = deals.filter((d) => {
    const seat = d.players.indexOf(player);
    return seat >= 0 && d.status !== 'inProgress' && !d.computerSeats.includes(seat as 0 | 1 | 2);
  });
  if (mine.length === 0) return null;
  const declared = mine.filter((d) => d.status === 'scored' && d.declarerName === player);
  const defended = mine.filter((d) => d.status === 'scored' && d.declarerName !== null && d.declarerName !== player && d.won !== null);
  const won = declared.filter((d) => d.won).length;
  const mix: Record<string, number> = {};
  for (const d of declared) if (d.gameType) mix[d.gameType] = (mix[d.gameType] ?? 0) + 1;
  const values = declared.map((d) => d.gameValue ?? 0);
  const defenceWon = defended.filter((d) => d.won === false).length;
  return {
    player,
    dealsPlayed: mine.length,
    resultOnlyDeals: mine.filter((d) => d.provenance === 'resultOnly').length,
    declarerGames: declared.length,
    declarerShare: rate(declared.length, mine.length),
    wonAsDeclarer: won,
    lostAsDeclarer: declared.length - won,
    averageGameValue: rate(
      values.reduce((a, b) => a + b, 0),
      values.length,
    ),
    gameTypeMix: mix,
    handRate: rate(declared.filter((d) => d.hand).length, declared.length),
    ouvertRate: rate(declared.filter((d) => d.ouvert).length, declared.length),
    nullRate: rate(declared.filter((d) => d.gameType === 'null').length, declared.length),
    overbidRate: rate(declared.filter((d) => d.overbid).length, declared.length),
    defenceGames: defended.length,
    defenceWon,
    defenceSuccess: rate(defenceWon, defended.length),
    uses: 'engine',
    archiveRecordsCompared: mine.filter((d) => d.archive != null && d.archive.agrees !== null).length,
    archiveRecordsDisagreeing: mine.filter((d) => d.archive?.agrees === false).length,
    seegerFabianPerSeries: seegerFabian.slice(),
  };
}
