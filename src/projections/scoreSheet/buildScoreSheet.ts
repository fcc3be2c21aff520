import { RuleViolation } from '../../rules/refusal';
import { lossFees, seegerFabian, type SheetDeal } from '../../rules/score-sheet';
import type { DerivationLine } from '../../rules/game-result';
import type { DealSummary } from '../dealSummary/dealSummary';
import type { TableInfo } from '../tables/tableInfo';
import { seatSeriesSeeger } from './seatSeriesSeeger';
import type { ScoreSheet, ScoreSheetRow, SeegerFabianLine } from './scoreSheet';

export function gameLabel(d: DealSummary): string {
  if (d.status === 'passedIn') return 'passed in';
  if (d.status === 'notScoreable') return `not scoreable${d.notScoreableReason ? ` (${d.notScoreableReason})` : ''}`;
  if (d.status === 'ramsch') return 'ramsch';
  if (!d.gameType) return d.status;
  const suitOuvert = d.ouvert && d.gameType !== 'null';
  const mods = [d.hand && !suitOuvert ? 'hand' : '', d.schneiderAnnounced && !d.schwarzAnnounced ? 'schneider announced' : '', d.schwarzAnnounced && !suitOuvert ? 'schwarz announced' : '', d.ouvert ? 'ouvert' : ''];
  return [d.gameType, ...mods.filter(Boolean)].join(' ');
}

/** What the rules' score-sheet functions need of a deal, after any correction. */
function sheetDeal(d: DealSummary): SheetDeal {
  const kind = d.status === 'inProgress' ? 'notScoreable' : d.status;
  return {
    seatPlayers: d.players,
    dealer: d.dealer,
    result: { kind, declarer: d.declarer, won: d.won, score: d.score, seatScores: d.seatScores ?? [0, 0, 0] },
  };
}

/**
 * The table's list (R34) with the Seeger-Fabian block and loss-fee tally (R35), a pure function of
 * the table and its finished deals. Passed-in and not-scoreable deals are rows with entry 0;
 * a correction replaces the entry and keeps the original beside it.
 */
export function buildScoreSheet(table: TableInfo, deals: readonly DealSummary[]): ScoreSheet {
  const finished = deals.filter((d) => d.status !== 'inProgress').slice().sort((a, b) => a.dealNumber - b.dealNumber);
  // A misdeal dealt again (R4) keeps its deal number: count numbers, not rows.
  const dealsPlayed = new Set(finished.map((d) => d.dealNumber)).size;
  const totals: Record<string, number> = Object.fromEntries(table.players.map((p) => [p, 0]));
  const rows: ScoreSheetRow[] = finished.map((d) => {
    d.players.forEach((p, seat) => (totals[p] = (totals[p] ?? 0) + (d.seatScores?.[seat] ?? 0)));
    return {
      dealNumber: d.dealNumber,
      dealId: d.dealId,
      dealer: d.dealer,
      declarer: d.declarerName,
      gameLabel: gameLabel(d),
      passedIn: d.status === 'passedIn',
      notScoreable: d.status === 'notScoreable',
      won: d.won,
      entry: d.declarer !== null && d.seatScores ? d.seatScores[d.declarer] : 0,
      corrected: d.corrected,
      originalEntry: d.corrected ? d.originalScore : null,
      correctionReason: d.correctionReason,
      totals: { ...totals },
    };
  });
  let seeger: SeegerFabianLine[] = [];
  let derivation: DerivationLine[] = [];
  let problem: string | null = null;
  try {
    const sheetDeals = finished.map(sheetDeal);
    // An imported series whose accounts changed keeps three seats: scored as 3-tables (see seatSeriesSeeger).
    const { sf, fees } = table.joined?.length ? seatSeriesSeeger(table.players, sheetDeals) : { sf: seegerFabian(table.players, sheetDeals), fees: lossFees(table.players, sheetDeals) };
    seeger = table.players.map((player) => {
      const l = sf.players.find((x) => x.player === player)!;
      const fee = fees.players.find((x) => x.player === player)!;
      return {
        player,
        gamePoints: l.gamePoints,
        won: l.won,
        lost: l.lost,
        wonLostPoints: l.performance - l.gamePoints - l.bonus,
        opponentsLost: l.opponentLosses,
        opponentsLostPoints: l.bonus,
        total: l.performance,
        lossFees: fee.lostGames,
        lossFeeCents: fee.feeCents,
        rank: l.rank,
        computer: table.computerPlayers.includes(player),
      };
    });
    derivation = [...sf.derivation, ...fees.derivation];
  } catch (err) {
    if (!(err instanceof RuleViolation)) throw err;
    problem = err.message;
  }
  return {
    tableId: table.tableId,
    tournamentId: table.tournamentId,
    round: table.round,
    players: table.players,
    profileId: table.profileId,
    seriesLength: table.seriesLength,
    dealsPlayed,
    complete: dealsPlayed >= table.seriesLength,
    rows,
    seegerFabian: seeger,
    derivation,
    problem,
  };
}
