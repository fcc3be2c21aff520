import type { StoredDealEvent } from '../events';
import { movesOfEvent } from '../moves/move-table';
import type { SeenMove } from './seen-game';

/** The move a stored event of a deal recorded as seen stands for; null for events outside the play. */
export function seenMoveOfEvent(event: StoredDealEvent): SeenMove | null {
  switch (event.type) {
    case 'SkatShown':
      return { kind: 'showSkat', skat: event.data.skat, ...(event.data.discard ? { discard: event.data.discard } : {}) };
    case 'HandShown':
      return { kind: 'showHand', seat: event.data.seat, cards: event.data.cards };
    case 'RevokeCalled':
      return { kind: 'callRevoke', seat: event.data.seat };
    case 'DefendersConceded':
      return { kind: 'concede' };
    default:
      return movesOfEvent(event)?.[0] ?? null;
  }
}
