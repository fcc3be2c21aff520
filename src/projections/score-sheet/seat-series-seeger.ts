import type { DerivationLine } from '../../rules/game-result';
import {
  lossFeesUnchecked,
  rankByR35,
  seegerFabianUnchecked,
  tableProblems,
  type LossFeeLine,
  type LossFeeSettings,
  type SeegerLine,
  type SheetDeal,
  type TableProblem,
} from '../../rules/score-sheet';

export interface SeatSeriesSeeger {
  readonly sf: { readonly players: readonly SeegerLine[]; readonly derivation: readonly DerivationLine[] };
  readonly fees: { readonly players: readonly LossFeeLine[]; readonly derivation: readonly DerivationLine[] };
  /** Problems within a stretch (a dealer out of turn), at the index of the deal in the whole series. */
  readonly problems: readonly TableProblem[];
}

/**
 * R35 for an imported series whose accounts changed (ISS: always three seats, a newcomer taking a
 * seat): the list has more names than seats, so it is no 4- or 5-table. Each stretch of deals by
 * the same three players is a 3-table of its own (players clockwise as seated in its first deal,
 * R2/R37 checked within it); a player's lines are summed over the stretches and ranked once.
 */
export function seatSeriesSeeger(players: readonly string[], deals: readonly SheetDeal[], feeSettings: LossFeeSettings = {}): SeatSeriesSeeger {
  const stretches: { first: number; deals: SheetDeal[] }[] = [];
  deals.forEach((deal, i) => {
    const current = stretches[stretches.length - 1];
    const same = current && deal.seatPlayers.every((p) => current.deals[0].seatPlayers.includes(p));
    if (same) current.deals.push(deal);
    else stretches.push({ first: i + 1, deals: [deal] });
  });
  const zero = () => ({ gamePoints: 0, won: 0, lost: 0, opponentLosses: 0, bonus: 0, performance: 0, lostGames: 0, feeCents: 0 });
  const sums = new Map(players.map((p) => [p, zero()]));
  const sfLines: DerivationLine[] = [];
  const feeLines: DerivationLine[] = [];
  const problems: TableProblem[] = [];
  for (const stretch of stretches) {
    const seated = stretch.deals[0].seatPlayers;
    const where = `deals ${stretch.first}-${stretch.first + stretch.deals.length - 1} (${seated.join(', ')})`;
    // A stretch with a problem (a record missing: the dealer out of turn) is still scored; the problem is named.
    for (const p of tableProblems(seated, stretch.deals)) problems.push({ ...p, index: p.index + stretch.first - 1 });
    const sf = seegerFabianUnchecked(3, seated, stretch.deals);
    const fees = lossFeesUnchecked(3, seated, stretch.deals, feeSettings);
    for (const l of sf.players) {
      const s = sums.get(l.player) ?? zero();
      sums.set(l.player, {
        ...s,
        gamePoints: s.gamePoints + l.gamePoints,
        won: s.won + l.won,
        lost: s.lost + l.lost,
        opponentLosses: s.opponentLosses + l.opponentLosses,
        bonus: s.bonus + l.bonus,
        performance: s.performance + l.performance,
      });
    }
    for (const l of fees.players) {
      const s = sums.get(l.player) ?? zero();
      sums.set(l.player, { ...s, lostGames: s.lostGames + l.lostGames, feeCents: s.feeCents + l.feeCents });
    }
    sfLines.push(...sf.derivation.filter((d) => d.text.startsWith('deal ')).map((d) => ({ ...d, text: `${where}: ${d.text}` })));
    feeLines.push(...fees.derivation.map((d) => ({ ...d, text: `${where}: ${d.text}` })));
  }
  const unranked = players.map((player) => {
    const s = sums.get(player) ?? zero();
    sfLines.push({
      ruleId: 'R35',
      text: `${player}: over the series ${s.gamePoints} game points, ${s.won} won, ${s.lost} lost, ${s.opponentLosses} opponents' lost games = ${s.performance}`,
    });
    return { player, gamePoints: s.gamePoints, won: s.won, lost: s.lost, opponentLosses: s.opponentLosses, bonus: s.bonus, performance: s.performance };
  });
  const ranked = rankByR35(unranked, undefined, sfLines);
  return {
    sf: { players: ranked, derivation: sfLines },
    fees: {
      players: players.map((player) => ({ player, lostGames: sums.get(player)?.lostGames ?? 0, feeCents: sums.get(player)?.feeCents ?? 0 })),
      derivation: feeLines,
    },
    problems,
  };
}
