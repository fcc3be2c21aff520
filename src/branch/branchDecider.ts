import type { DealState } from '../deal/dealState';
import type { Decider } from '../rules/decider';
import type { BranchLimits } from './branchRules';
import { evolveBranch, initialBranchState, type BranchState } from './branchState';
import type { BranchCommand } from './commands';
import { decideBranch } from './decideBranch';
import type { BranchEvent } from './events';

/** The decider of a what-if branch: it starts from the deal as it stood at the fork. */
export function branchDecider(dealAtFork: DealState, limits: BranchLimits): Decider<BranchCommand, BranchEvent, BranchState> {
  return { initialState: initialBranchState(dealAtFork), decide: (command, state) => decideBranch(command, state, limits), evolve: evolveBranch };
}
