import type { ScoreSheet } from '../score-sheet/score-sheet';
import type { DealSummary } from '../deal-summary/deal-summary';
import { nextDealAfter, type NextDeal } from '../../table/next-deal';
import type { TableInfo } from './table-info';

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
  /** Who deals next, the deal's number and who sits out (R37, D5); null once the series is complete or closed. */
  readonly nextDeal: NextDeal | null;
}

/** The table's status from its sheet and its deals (the open one is the deal still in progress). */
export function tableStatus(sheet: ScoreSheet, deals: readonly DealSummary[], table?: TableInfo | null): TableStatus {
  const open = deals.find((d) => d.status === 'inProgress');
  const last = deals.reduce((n, d) => Math.max(n, d.dealNumber), 0);
  // An imported series whose players changed takes no live deals: no next deal to name.
  const next = table && !(table.joined && table.joined.length > 0) ? nextDealAfter(table, last, sheet.closed) : null;
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
    nextDeal: next,
  };
}
