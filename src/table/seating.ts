import type { SeatPlayers } from '../deal/events';

export interface DealSeating {
  readonly dealer: string;
  readonly players: SeatPlayers;
  readonly sittingOut: readonly string[];
}

/**
 * Who deals deal `dealNumber` (1-based) and who holds which seat, for a table of 3-5 players in
 * clockwise order. R37: the deal passes to the left after every deal, passed-in ones included.
 * R2: forehand is left of the dealer; at 3 the dealer is rearhand. R3: at 4 the dealer sits out.
 * D5: at 5 the dealer and the player `fiveOffset` places to his left sit out.
 */
export function seatingFor(players: readonly string[], firstDealer: string, dealNumber: number, fiveOffset = 3): DealSeating {
  const n = players.length;
  const first = players.indexOf(firstDealer);
  const d = (first + dealNumber - 1) % n;
  const at = (k: number): string => players[(d + k) % n];
  const dealer = at(0);
  if (n === 3) return { dealer, players: [at(1), at(2), at(0)], sittingOut: [] };
  if (n === 4) return { dealer, players: [at(1), at(2), at(3)], sittingOut: [dealer] };
  const other = at(fiveOffset);
  const active = [1, 2, 3, 4].map(at).filter((p) => p !== other);
  return { dealer, players: [active[0], active[1], active[2]], sittingOut: [dealer, other] };
}
