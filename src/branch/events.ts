import type { Move } from '../rules/move';

/**
 * A what-if branch: moves played from one step of a recorded deal, in a stream of its own
 * (`branch-<id>`). The deal's own stream is never read past the fork point nor written to.
 * The prefix differs from `deal-`, `table-` and `tournament-`, and none of those is a prefix of
 * it, so no id of one kind can name a stream of another.
 */
export const BRANCH_STREAM_PREFIX = 'branch-';
export const branchStreamName = (branchId: string): string => `${BRANCH_STREAM_PREFIX}${branchId}`;
export const BRANCH_SCHEMA_VERSION = '1';

export const BRANCH_EVENT_TYPES = ['BranchForked', 'BranchMovePlayed', 'BranchDeleted'] as const;
export type BranchEventType = (typeof BRANCH_EVENT_TYPES)[number];

export interface BranchForkedData {
  readonly branchId: string;
  readonly dealId: string;
  /** The deal's replay step the branch starts from (its frames 0..forkStep are the deal's). */
  readonly forkStep: number;
  /** The deal stream's revision of the event that made that step. */
  readonly forkRevision: string;
  /** A one-way hash of who owns the branch (a token's identity or an anonymous capability). */
  readonly owner: string;
  /** A one-way hash of the caller that created it (the per-caller cap counts these). */
  readonly creator: string;
  /** Anyone who may read the deal and holds the branch id may read it (and it is listed). */
  readonly shared: boolean;
  /** When an anonymous caller's branch stops being listed and served (ISO instant); absent: never. */
  readonly expiresAt?: string;
}

export interface BranchMovePlayedData {
  /** The move as the engine takes it; the deal events it stands for are derived on replay. */
  readonly move: Move;
}

/** The tombstone: the branch's events stay in the store, the branch is no longer served. */
export interface BranchDeletedData {
  readonly owner: string;
}

export interface BranchEventDataMap {
  BranchForked: BranchForkedData;
  BranchMovePlayed: BranchMovePlayedData;
  BranchDeleted: BranchDeletedData;
}

export type BranchEvent = { [K in BranchEventType]: { readonly type: K; readonly data: BranchEventDataMap[K] } }[BranchEventType];

export function isBranchEventType(type: string): type is BranchEventType {
  return (BRANCH_EVENT_TYPES as readonly string[]).includes(type);
}
