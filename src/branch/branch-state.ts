import type { DealState } from '../deal/deal-state';
import type { DealEvent } from '../deal/events';
import { foldDealStream } from '../deal/deal-stream';
import { commandOfMove } from '../deal/command-of-move';
import { decide, type DecideContext } from '../deal/decide';
import type { Move } from '../rules/move';
import type { Judgement } from '../kernel/refusal';
import type { BranchEvent, BranchForkedData } from './events';

/** A branch folded: the deal as it stood at the fork, with the branch's moves applied. */
export interface BranchState {
  readonly forked: BranchForkedData | null;
  /** The deal's state at the fork point, then after each move of the branch. */
  readonly deal: DealState;
  readonly moves: number;
  readonly deleted: boolean;
}

export const initialBranchState = (dealAtFork: DealState): BranchState => ({ forked: null, deal: dealAtFork, moves: 0, deleted: false });

/** A stored branch event the engine refuses means the stream is corrupt (never skipped). */
export class CorruptBranchStreamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CorruptBranchStreamError';
  }
}

// Only StartDeal and CorrectScore read the context; moves never do.
const MOVE_CONTEXT: DecideContext = { actorId: 'branch', now: '1970-01-01T00:00:00.000Z', defaultProfileId: 'isko' };

/** The deal events a move stands for at this state of the deal, as the deal's own decider decides them. */
export function dealEventsOfMove(deal: DealState, move: Move): Judgement<DealEvent[]> {
  const dealId = deal.started?.dealId ?? '';
  return decide(commandOfMove(dealId, move), deal, MOVE_CONTEXT);
}

export function evolveBranch(state: BranchState, event: BranchEvent): BranchState {
  switch (event.type) {
    case 'BranchForked':
      return { ...state, forked: event.data };
    case 'BranchMovePlayed': {
      const decided = dealEventsOfMove(state.deal, event.data.move);
      if (!decided.ok) throw new CorruptBranchStreamError(`a stored branch move is refused on replay: ${decided.refusal.ruleId} ${decided.refusal.reason}`);
      return { ...state, deal: foldDealStream(decided.value, state.deal), moves: state.moves + 1 };
    }
    case 'BranchDeleted':
      return { ...state, deleted: true };
    default:
      return state;
  }
}
