import type { SeatPlayers } from '../deal/events';
import type { TableOpenedData } from './events';
import { seatingFor } from './seating';
import type { TableState } from './table-state';

/** Who deals the table's next deal, its number, who plays which seat and who sits out (R2/R3/R37, D5). */
export interface NextDeal {
  readonly dealNumber: number;
  readonly dealer: string;
  /** Forehand, middlehand, rearhand. */
  readonly players: SeatPlayers;
  readonly sittingOut: readonly string[];
}

type TableSetup = Pick<TableOpenedData, 'players' | 'firstDealer' | 'seriesLength' | 'fiveTableSitOutOffset'>;

/**
 * The deal after deal `lastDealNumber` (0: none yet), or null when the series is complete (R36) or
 * closed. R37: the deal passes to the left after every deal; a misdeal (R4) is dealt again under
 * its number by the same dealer, which the table decides when that deal is started.
 */
export function nextDealAfter(table: TableSetup, lastDealNumber: number, closed: boolean): NextDeal | null {
  const dealNumber = lastDealNumber + 1;
  if (closed || dealNumber > table.seriesLength) return null;
  if (table.players.length < 3 || table.players.length > 5 || !table.players.includes(table.firstDealer)) return null;
  return { dealNumber, ...seatingFor(table.players, table.firstDealer, dealNumber, table.fiveTableSitOutOffset) };
}

/** The next deal of the table as its stream stands (null before it is opened, after its series, or once closed). */
export function nextDeal(state: TableState): NextDeal | null {
  if (!state.opened || state.joined.length > 0) return null;
  const last = state.deals[state.deals.length - 1];
  return nextDealAfter(state.opened, last?.dealNumber ?? 0, state.closed !== null);
}
