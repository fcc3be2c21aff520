// The verdicts of `iss verify` on a record line, and the result fields it compares.

/** The result fields compared (iss-format.md section 4), by their ISS key; `passed` covers `R[passed]`. */
export const ISS_FIELDS = ['passed', 'd', 'win', 'v', 'm', 'overbid', 'p', 't', 's', 'z'] as const;
export type IssField = (typeof ISS_FIELDS)[number];

export interface IssMismatch {
  readonly field: IssField;
  readonly recorded: string | number | boolean;
  readonly recomputed: string | number | boolean;
}

/** The verdict on one record line. `line` is 1-based; `id` is the record's ID when readable. */
export type IssVerdict =
  | { readonly status: 'agree'; readonly line: number; readonly id: string | null }
  | { readonly status: 'disagree'; readonly line: number; readonly id: string | null; readonly mismatches: readonly IssMismatch[] }
  | { readonly status: 'notScoreable'; readonly line: number; readonly id: string | null; readonly reason: string }
  | { readonly status: 'malformed'; readonly line: number; readonly id: string | null; readonly reason: string };
