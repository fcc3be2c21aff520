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

/** The store cannot be reached or cannot take the write (server down, file missing or read-only, disk full, locked). */
export class StoreUnavailableError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'StoreUnavailableError';
  }
}

/** The caller handed the store something it must refuse (bad JSON, too large, duplicate id, bad position). */
export class InvalidEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidEventError';
  }
}

/**
 * An append whose event id is recorded already in another stream (event ids are unique over the
 * whole SQLite store). Names the stream that holds it, so an import can report what blocks it.
 */
export class EventIdTakenError extends InvalidEventError {
  constructor(
    readonly streamName: string,
    readonly eventId: string,
    readonly takenBy: string,
    readonly takenAtRevision: string,
  ) {
    super(`append to ${streamName}: eventId ${eventId} is already recorded (stream ${takenBy}, revision ${takenAtRevision})`);
  }
}

/** A store URL or option the store cannot work with. */
export class StoreConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreConfigError';
  }
}

/** The store's access control refused the operation; names the right missing and where (fix the ACL, not the code). */
export class StoreAccessDeniedError extends StoreConfigError {
  constructor(
    message: string,
    readonly right?: 'read' | 'write',
    readonly resource?: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'StoreAccessDeniedError';
  }
}

/** A stored event can no longer be decoded (altered outside the product); names the event. */
export class CorruptEventError extends Error {
  constructor(
    readonly streamName: string,
    readonly revision: string,
    readonly eventId: string,
    reason: string,
  ) {
    super(`Stream ${streamName} revision ${revision} (event ${eventId}): ${reason}`);
    this.name = 'CorruptEventError';
  }
}
