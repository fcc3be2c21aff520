/**
 * Refusal ids for what-if branches (the ledger's own invariants, like L1-L11; Skat rules keep
 * their R ids and come through unchanged when a move in a branch breaks one).
 */
export const BRANCH_RULES = {
  exists: 'B1',
  unknown: 'B2',
  notOwner: 'B3',
  deleted: 'B4',
  tooManyMoves: 'B5',
  tooManyBranches: 'B6',
  tooManyBranchesOfDeal: 'B8',
  badFork: 'B7',
} as const;

/** Bounds on what one caller may make the server store and fold. */
export interface BranchLimits {
  /** Moves per branch: a whole deal is under 60 moves, so this never cuts a real line short. */
  readonly maxMoves: number;
  /** Branches one caller may keep (deleted and expired ones do not count). */
  readonly maxBranchesPerCaller: number;
  /** Live branches one deal may have, of all callers together (so its list stays short to read). */
  readonly maxBranchesPerDeal: number;
  /** How long an anonymous caller's branch lives (ms); then it is no longer listed nor served. */
  readonly anonymousBranchTtlMs: number;
}

export const DEFAULT_BRANCH_LIMITS: BranchLimits = { maxMoves: 100, maxBranchesPerCaller: 20, maxBranchesPerDeal: 100, anonymousBranchTtlMs: 6 * 3_600_000 };
