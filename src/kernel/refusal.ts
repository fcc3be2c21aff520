// Every judging function answers either with a value or with a refusal a person can read.
export interface Refusal {
  /** The rule the attempt breaks, e.g. "R16" (see shared/rules.md). */
  readonly ruleId: string;
  readonly reason: string;
}

export type Judgement<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly refusal: Refusal };

export const allow = <T>(value: T): Judgement<T> => ({ ok: true, value });
export const refuse = <T = never>(ruleId: string, reason: string): Judgement<T> => ({
  ok: false,
  refusal: { ruleId, reason },
});

/** Thrown where a caller asked for something that a refusal cannot express (programming errors). */
export class RuleViolation extends Error {
  constructor(readonly refusal: Refusal) {
    super(`${refusal.ruleId}: ${refusal.reason}`);
    this.name = 'RuleViolation';
  }
}
