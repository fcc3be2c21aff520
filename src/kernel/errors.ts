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

/** The deal, table or tournament a command or query names does not exist. */
export class NotFoundError extends Error {
  constructor(
    readonly kind: 'deal' | 'table' | 'tournament' | 'branch',
    readonly id: string,
  ) {
    super(`No ${kind} with id ${id}`);
    this.name = 'NotFoundError';
  }
}

/** A query the ledger cannot answer as asked (bad perspective, bad cursor, bad range). */
export class InvalidQueryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidQueryError';
  }
}
