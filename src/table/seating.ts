import type { SeatPlayers } from '../deal/events';
import { dealSeating, type TableSize } from '../rules/table-seats';

export interface DealSeating {
  readonly dealer: string;
  readonly players: SeatPlayers;
  readonly sittingOut: readonly string[];
}

/**
 * Who deals deal `dealNumber` (1-based) and who holds which seat, for a table of 3-5 players in
 * clockwise order. R37: the deal passes to the left after every deal, passed-in ones included;
 * R2/R3/D5 seats from the rules engine.
 */
export function seatingFor(players: readonly string[], firstDealer: string, dealNumber: number, fiveOffset = 3): DealSeating {
  const n = players.length as TableSize;
  const dealer = (players.indexOf(firstDealer) + dealNumber - 1) % n;
  const seating = dealSeating(n === 5 ? { size: n, fiveTableSitOutOffset: fiveOffset as 1 | 2 | 3 | 4 } : { size: n }, dealer);
  if (!seating.ok) throw new RangeError(`${seating.refusal.ruleId}: ${seating.refusal.reason}`);
  const [f, m, r] = seating.value.seats;
  return { dealer: players[dealer], players: [players[f], players[m], players[r]], sittingOut: seating.value.sittingOut.map((i) => players[i]) };
}
