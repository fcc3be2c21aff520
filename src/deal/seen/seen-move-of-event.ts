import type { StoredDealEvent } from '../events';
import { moveOfEventType, movesOfEvent } from '../moves/move-table';
import type { SeenMove } from './seen-game';

/** The move a stored event of a deal recorded as seen stands for (its move file says, else its first engine move); null for events outside the play. */
export function seenMoveOfEvent(event: StoredDealEvent): SeenMove | null {
  const own = moveOfEventType(event.type)?.seen?.moveOfEvent;
  return own ? own(event as never) : (movesOfEvent(event)?.[0] ?? null);
}
