import type { Decider } from '../kernel/decider';
import type { DealCommand } from './commands';
import { decide, type DecideContext } from './decide';
import { initialDealState, type DealState } from './deal-state';
import type { StoredDealEvent } from './events';
import { evolve } from './evolve';

/** The deal decider for one command's context (who records it, when, the server's deck). */
export function dealDecider(ctx: DecideContext): Decider<DealCommand, StoredDealEvent, DealState> {
  return { initialState: initialDealState, decide: (command, state) => decide(command, state, ctx), evolve };
}

/** The decider of a recording of a result-only deal's cards: attempts follow one another, each DealStarted begins afresh. */
export function recordingDecider(ctx: DecideContext): Decider<DealCommand, StoredDealEvent, DealState> {
  const deal = dealDecider(ctx);
  return { ...deal, evolve: (state, event) => deal.evolve(event.type === 'DealStarted' ? initialDealState : state, event) };
}
