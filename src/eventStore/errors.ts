/** The one conflict error every adapter raises when the expected revision does not hold. */
export class ConcurrencyError extends Error {
  constructor(
    readonly streamName: string,
    readonly expected: string,
    readonly actual: string,
  ) {
    super(`Stream ${streamName}: expected revision ${expected}, actual ${actual}`);
    this.name = 'ConcurrencyError';
  }
}

/** The store cannot be reached (server down, file unavailable). */
export class StoreUnavailableError extends Error {
  constructor(message: string, override readonly cause?: unknown) {
    super(message);
    this.name = 'StoreUnavailableError';
  }
}

/** The caller handed the store something it must refuse (bad JSON, too large, bad URL). */
export class InvalidEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidEventError';
  }
}

export class StoreConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreConfigError';
  }
}
