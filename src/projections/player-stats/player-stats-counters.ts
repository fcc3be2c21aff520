import { GAME_TYPES } from '../../rules/declaration';
import { STAT } from '../deal-summary/deal-summary-derived';
import type { PlayerStats } from './player-stats';

const rate = (n: number, d: number): number => (d === 0 ? 0 : n / d);

/**
 * A player's statistics from his counters (the sums statPart keeps per player in player_stat),
 * the same figures buildPlayerStats computes from his deals; null when he finished none.
 * `gameTypeMix` lists the game types in the rules' order.
 */
export function playerStatsFromCounters(
  player: string,
  n: ReadonlyMap<string, number>,
  seegerFabian: readonly { tableId: string; total: number }[],
): PlayerStats | null {
  const get = (key: string) => n.get(key) ?? 0;
  const deals = get(STAT.deals);
  if (deals <= 0) return null;
  const declared = get(STAT.declared);
  const won = get(STAT.declaredWon);
  const defended = get(STAT.defended);
  const defenceWon = get(STAT.defenceWon);
  const mix: Record<string, number> = {};
  for (const game of GAME_TYPES) if (get(`${STAT.mix}${game}`) > 0) mix[game] = get(`${STAT.mix}${game}`);
  return {
    player,
    dealsPlayed: deals,
    resultOnlyDeals: get(STAT.resultOnly),
    declarerGames: declared,
    declarerShare: rate(declared, deals),
    wonAsDeclarer: won,
    lostAsDeclarer: declared - won,
    averageGameValue: rate(get(STAT.valueSum), declared),
    gameTypeMix: mix,
    handRate: rate(get(STAT.hand), declared),
    ouvertRate: rate(get(STAT.ouvert), declared),
    nullRate: rate(get(STAT.null), declared),
    overbidRate: rate(get(STAT.overbid), declared),
    defenceGames: defended,
    defenceWon,
    defenceSuccess: rate(defenceWon, defended),
    uses: 'engine',
    archiveRecordsCompared: get(STAT.archiveCompared),
    archiveRecordsDisagreeing: get(STAT.archiveDisagreeing),
    seegerFabianPerSeries: seegerFabian.slice(),
  };
}
