/** What appending one whole deal (an import) did: appended, or found already recorded. */
export interface AppendDealOutcome {
  readonly dealId: string;
  readonly status: 'appended' | 'alreadyPresent';
  readonly nextExpectedRevision: bigint;
}
