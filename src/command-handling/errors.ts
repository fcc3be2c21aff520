/** A command the rules (or the ledger's own invariants) refuse; nothing was appended. */
export class IllegalCommandError extends Error {
  constructor(
    readonly ruleId: string,
    readonly reason: string,
  ) {
    super(`${ruleId}: ${reason}`);
    this.name = 'IllegalCommandError';
  }
}
