import type { Move } from '../rules/move';

export interface ForkBranch {
  readonly type: 'ForkBranch';
  readonly branchId: string;
  readonly dealId: string;
  readonly forkStep: number;
  readonly forkRevision: string;
  readonly owner: string;
  readonly creator: string;
  readonly shared: boolean;
  /** An anonymous caller's branch expires (ISO instant). */
  readonly expiresAt?: string;
}

export interface PlayBranchMove {
  readonly type: 'PlayBranchMove';
  readonly branchId: string;
  /** Hash of the caller's identity: only the owner plays moves in a branch. */
  readonly owner: string;
  readonly move: Move;
}

export interface DeleteBranch {
  readonly type: 'DeleteBranch';
  readonly branchId: string;
  readonly owner: string;
}

export type BranchCommand = ForkBranch | PlayBranchMove | DeleteBranch;
