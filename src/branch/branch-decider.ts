import type { DealState } from '../deal/deal-state';
import type { Decider } from '../kernel/decider';
import type { BranchLimits } from './branch-rules';
import { evolveBranch, initialBranchState, type BranchState } from './branch-state';
import type { BranchCommand } from './commands';
import { decideBranch } from './decide-branch';
import type { BranchEvent } from './events';

/** The decider of a what-if branch: it starts from the deal as it stood at the fork. */
export function branchDecider(dealAtFork: DealState, limits: BranchLimits): Decider<BranchCommand, BranchEvent, BranchState> {
  return { initialState: initialBranchState(dealAtFork), decide: (command, state) => decideBranch(command, state, limits), evolve: evolveBranch };
}
