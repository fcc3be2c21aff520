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
