import {
  lossFeesUnchecked,
  seegerFabianUnchecked,
  tableProblems,
  type LossFeeSettings,
  type SheetDeal,
  type TableProblem,
  type TableSize,
} from '../../rules/score-sheet';
import type { DerivationLine } from '../../rules/game-result';
import type { DealSummary } from '../deal-summary/deal-summary';
import type { TableInfo } from '../tables/table-info';
import { seatSeriesSeeger } from './seat-series-seeger';
import type { ScoreSheet, ScoreSheetRow, SeegerFabianLine, SheetProblem } from './score-sheet';

export function gameLabel(d: DealSummary): string {
  if (d.status === 'passedIn') return 'passed in';
  if (d.status === 'notScoreable') return `not scoreable${d.notScoreableReason ? ` (${d.notScoreableReason})` : ''}`;
  if (d.status === 'ramsch') return 'ramsch';
  if (!d.gameType) return d.status;
  const suitOuvert = d.ouvert && d.gameType !== 'null';
  const mods = [
    d.hand && !suitOuvert ? 'hand' : '',
    d.schneiderAnnounced && !d.schwarzAnnounced ? 'schneider announced' : '',
    d.schwarzAnnounced && !suitOuvert ? 'schwarz announced' : '',
    d.ouvert ? 'ouvert' : '',
  ];
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

/** R36/R37: deal numbers absent before a row (an imported series with a record missing), named at the row after the gap. */
function missingNumbers(finished: readonly DealSummary[]): Map<number, SheetProblem[]> {
  const out = new Map<number, SheetProblem[]>();
  let expected = 1;
  finished.forEach((d, i) => {
    if (d.dealNumber > expected) {
      const gap = d.dealNumber - expected === 1 ? `deal ${expected} is missing` : `deals ${expected}-${d.dealNumber - 1} are missing`;
      out.set(i, [{ ruleId: 'R36', text: `${gap} from the list` }]);
    }
    expected = Math.max(expected, d.dealNumber + 1);
  });
  return out;
}

export interface ScoreSheetSettings {
  /** The tournament's loss fee (when it set one); else the defaults by table size. */
  readonly lossFee?: LossFeeSettings;
}

/**
 * The table's list (R34) with the Seeger-Fabian block and loss-fee tally (R35), a pure function of
 * the table and its finished deals. Passed-in and not-scoreable deals are rows with entry 0;
 * a correction replaces the entry and keeps the original beside it. A list with problems (a
 * dealer out of turn, a foreign player, a deal missing) keeps every row and its totals; each
 * problem is named at the row where it occurs, and a foreign player gets a column of his own.
 */
export function buildScoreSheet(table: TableInfo, deals: readonly DealSummary[], settings: ScoreSheetSettings = {}): ScoreSheet {
  const finished = deals
    .filter((d) => d.status !== 'inProgress')
    .slice()
    .sort((a, b) => a.dealNumber - b.dealNumber);
  // A misdeal dealt again (R4) keeps its deal number: count numbers, not rows.
  const dealsPlayed = new Set(finished.map((d) => d.dealNumber)).size;
  const sheetDeals = finished.map(sheetDeal);
  const strangers = [...new Set(finished.flatMap((d) => [...d.players, d.dealer]))].filter((p) => !table.players.includes(p));
  const columns = [...table.players, ...strangers];
  const tableSize = Math.min(5, Math.max(3, table.players.length)) as TableSize;

  let sf: {
    players: readonly {
      player: string;
      gamePoints: number;
      won: number;
      lost: number;
      opponentLosses: number;
      bonus: number;
      performance: number;
      rank: number;
    }[];
    derivation: readonly DerivationLine[];
  };
  let fees: { players: readonly { player: string; lostGames: number; feeCents: number }[]; derivation: readonly DerivationLine[] };
  let found: TableProblem[];
  if (table.joined?.length) {
    // An imported series whose accounts changed keeps three seats: scored as 3-tables (see seatSeriesSeeger).
    const r = seatSeriesSeeger(columns, sheetDeals, settings.lossFee);
    sf = r.sf;
    fees = r.fees;
    found = [...r.problems];
  } else {
    found = tableProblems(table.players, sheetDeals);
    sf = seegerFabianUnchecked(tableSize, columns, sheetDeals);
    fees = lossFeesUnchecked(tableSize, columns, sheetDeals, settings.lossFee);
  }
  const perRow = missingNumbers(finished);
  for (const p of found) perRow.set(p.index, [...(perRow.get(p.index) ?? []), { ruleId: p.ruleId, text: p.text }]);

  const totals: Record<string, number> = Object.fromEntries(columns.map((p) => [p, 0]));
  const rows: ScoreSheetRow[] = finished.map((d, i) => {
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
      provenance: d.provenance ?? 'cards',
      confirmedBy: d.confirmedBy ?? [],
      openDisputes: d.openDisputes ?? 0,
      problems: perRow.get(i) ?? [],
    };
  });
  const seeger: SeegerFabianLine[] = columns.map((player) => {
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
  const problems = rows.flatMap((r) => r.problems.map((p) => ({ ...p, dealNumber: r.dealNumber })));
  return {
    tableId: table.tableId,
    tournamentId: table.tournamentId,
    round: table.round,
    players: columns,
    profileId: table.profileId,
    seriesLength: table.seriesLength,
    dealsPlayed,
    complete: dealsPlayed >= table.seriesLength,
    rows,
    seegerFabian: seeger,
    derivation: [...sf.derivation, ...fees.derivation],
    problems,
    problem: problems.length ? problems.map((p) => `${p.ruleId}: deal ${p.dealNumber}: ${p.text}`).join('; ') : null,
    closed: table.closed !== undefined,
    openDisputes: finished.filter((d) => (d.openDisputes ?? 0) > 0).length,
    strangers,
  };
}
