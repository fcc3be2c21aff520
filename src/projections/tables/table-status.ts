import type { ScoreSheet } from '../score-sheet/score-sheet';
import type { DealSummary } from '../deal-summary/deal-summary';

/** A table as an organiser's list shows it: who sits there and how far its series is. */
export interface TableStatus {
  readonly tableId: string;
  readonly tournamentId: string | null;
  readonly round: number | null;
  readonly players: readonly string[];
  /** The deal being played now, if any (a table has at most one). */
  readonly openDealId: string | null;
  readonly dealsPlayed: number;
  readonly seriesLength: number;
  readonly openDisputes: number;
  readonly closed: boolean;
  /** Problems on the list (a dealer out of turn, a missing deal). */
  readonly problems: number;
}

/** The table's status from its sheet and its deals (the open one is the deal still in progress). */
export function tableStatus(sheet: ScoreSheet, deals: readonly DealSummary[]): TableStatus {
  const open = deals.find((d) => d.status === 'inProgress');
  return {
    tableId: sheet.tableId,
    tournamentId: sheet.tournamentId,
    round: sheet.round,
    players: sheet.players,
    openDealId: open ? open.dealId : null,
    dealsPlayed: sheet.dealsPlayed,
    seriesLength: sheet.seriesLength,
    openDisputes: sheet.openDisputes,
    closed: sheet.closed,
    problems: sheet.problems.length,
  };
}
