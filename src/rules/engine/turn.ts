import { auctionSeatToAct } from '../bidding';
import type { GameState } from '../game-state';
import type { Seat } from '../seat';

/** Whose turn it is; null when the deal is over. */
export function seatToAct(state: GameState): Seat | null {
  switch (state.phase) {
    case 'bidding':
      return state.auction ? auctionSeatToAct(state.auction) : null;
    case 'skatDecision':
    case 'discarding':
    case 'declaring':
      return state.declarer;
    case 'playing':
      return playerToAct(state);
    default:
      return null;
  }
}

export function playerToAct(state: GameState): Seat {
  const trick = state.currentTrick;
  if (trick) return ((trick.leader + trick.cards.length) % 3) as Seat;
  // R15: forehand leads to trick 1, the winner of a trick leads to the next.
  return state.tricks.length ? state.tricks[state.tricks.length - 1].winner : 0;
}
