import type { DealCommand } from './commands';
import { decideDeal, type DecideContext } from './decide-deal';
import type { DealState } from './deal-state';
import type { DealEvent } from './events';
import { evolve } from './evolve';
import type { Judgement } from '../kernel/refusal';

export { checkRecordingEnd, upgradeStart, type DecideContext } from './decide-deal';

/** decide(command, state) -> events, or a refusal naming the rule. Pure. */
export function decide(command: DealCommand, state: DealState, ctx: DecideContext): Judgement<DealEvent[]> {
  return decideDeal(command, state, ctx, evolve);
}
