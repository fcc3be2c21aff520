import { allow, refuse, type Judgement } from '../kernel/refusal';
import { BRANCH_RULES as B, type BranchLimits } from './branch-rules';
import { dealEventsOfMove, type BranchState } from './branch-state';
import type { BranchCommand } from './commands';
import type { BranchEvent } from './events';

/** decide(command, state) -> events for a what-if branch. Pure; a refused command appends nothing. */
export function decideBranch(command: BranchCommand, state: BranchState, limits: BranchLimits): Judgement<BranchEvent[]> {
  if (command.type === 'ForkBranch') {
    if (state.forked) return refuse(B.exists, `branch ${command.branchId} exists already`);
    if (!state.deal.game) return refuse(B.badFork, 'a branch starts from a dealt position (step 0 or later)');
    if (!Number.isInteger(command.forkStep) || command.forkStep < 0) return refuse(B.badFork, 'the fork step is an integer from 0');
    return allow([
      {
        type: 'BranchForked',
        data: {
          branchId: command.branchId,
          dealId: command.dealId,
          forkStep: command.forkStep,
          forkRevision: command.forkRevision,
          owner: command.owner,
          creator: command.creator,
          shared: command.shared,
          ...(command.expiresAt !== undefined ? { expiresAt: command.expiresAt } : {}),
        },
      },
    ]);
  }
  if (!state.forked) return refuse(B.unknown, `no branch ${command.branchId}`);
  if (state.forked.owner !== command.owner) return refuse(B.notOwner, 'only the creator of a branch may change it');
  if (state.deleted) return refuse(B.deleted, 'the branch was deleted');
  if (command.type === 'DeleteBranch') return allow([{ type: 'BranchDeleted', data: { owner: command.owner } }]);
  if (state.moves >= limits.maxMoves) return refuse(B.tooManyMoves, `a branch holds at most ${limits.maxMoves} moves`);
  const decided = dealEventsOfMove(state.deal, command.move);
  if (!decided.ok) return decided;
  if (decided.value.length === 0) return refuse(B.unknown, 'the move records nothing');
  return allow([{ type: 'BranchMovePlayed', data: { move: command.move } }]);
}
