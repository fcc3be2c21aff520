/**
 * Classification of what the EventStoreDB client throws into the port's errors. Duck-typed on the
 * client's `type` tags and raw gRPC codes (not on its classes), so the successor client can reuse it.
 *
 * With no server the client fails in two shapes: a raw gRPC ServiceError with code 14 when the
 * server-features probe fails (first call of an append), and an `UnavailableError` (type
 * 'unavailable') from reads and streams. Both become StoreUnavailableError, as do deadlines,
 * server-side cancellations (the server stopped answering) and not-leader answers that outlast the
 * failover retries (a cluster without a leader).
 *
 * Refusals the caller can fix are named: access denied (StoreAccessDeniedError naming the user,
 * the ACL right and the stream), credentials not accepted, an append over the server's
 * MaxAppendSize and a read from a position where no event starts (InvalidEventError).
 */
import { ConcurrencyError, InvalidEventError, StoreAccessDeniedError, StoreConfigError, StoreUnavailableError } from '../errors';
import { describeExpected, type ExpectedRevision } from '../expected-revision';

const GRPC_CANCELLED = 1;
const GRPC_DEADLINE_EXCEEDED = 4;
const GRPC_UNAVAILABLE = 14;
const GRPC_UNKNOWN = 2;
const GRPC_UNAUTHENTICATED = 16;

interface ClientErrorShape {
  readonly type?: unknown;
  readonly code?: unknown;
  readonly details?: unknown;
  readonly message?: unknown;
  readonly actualVersion?: unknown;
  readonly actualState?: unknown;
  readonly maxAppendSize?: unknown;
}

/** Where an error arose: the operation and, for access errors, the right it needs on which stream. */
export interface ErrorContext {
  readonly operation: string;
  readonly streamName?: string;
  readonly expected?: ExpectedRevision;
  readonly access?: { readonly right: 'read' | 'write'; readonly streamName: string; readonly userName?: string };
}

/** How to grant a right, by where EventStoreDB keeps it. */
function grantHint(right: 'read' | 'write', streamName: string): string {
  const code = right === 'read' ? '$r' : '$w';
  if (streamName === '$all')
    return `reading $all is governed by the ACL of $all itself: add the user to "${code}" of stream $$$all's metadata (setStreamMetadata("$all", { acl: { readRoles: [...] } }))`;
  return `add the user to "${code}" of $userStreamAcl in $settings (the default ACL of user streams) or of the stream's own metadata ($$${streamName})`;
}

function shape(error: unknown): ClientErrorShape {
  return error !== null && typeof error === 'object' ? (error as ClientErrorShape) : {};
}

export function isStreamNotFound(error: unknown): boolean {
  return shape(error).type === 'stream-not-found';
}

export function isWrongExpectedVersion(error: unknown): boolean {
  return shape(error).type === 'wrong-expected-version';
}

/** A client-side cancel (our own close/dispose), not a failure. */
export function isClientCancellation(error: unknown): boolean {
  const { code, details } = shape(error);
  return code === GRPC_CANCELLED && details === 'Cancelled on client';
}

/** The node asked is not the leader (after an election); the client reconnects to the one it names. */
export function isNotLeader(error: unknown): boolean {
  const { type } = shape(error);
  return type === 'not-leader';
}

/**
 * Errors a cluster produces while it fails over or a node restarts: retried (with the same event
 * ids and expected revision for appends) rather than reported at once.
 */
export function isFailover(error: unknown): boolean {
  return isNotLeader(error) || isUnavailable(error);
}

export function isUnavailable(error: unknown): boolean {
  const { type, code } = shape(error);
  if (type === 'unavailable' || type === 'deadline-exceeded' || type === 'not-leader') return true;
  if (type === 'cancelled') return !isClientCancellation(error);
  return code === GRPC_UNAVAILABLE || code === GRPC_DEADLINE_EXCEEDED;
}

/** The stream's revision as the conflict reports it: a decimal string, or 'noStream'. */
function actualRevision(error: unknown): string {
  const { actualVersion, actualState } = shape(error);
  const actual = actualVersion ?? actualState;
  if (typeof actual === 'bigint') return actual.toString();
  return 'noStream';
}

export function conflictFrom(error: unknown, streamName: string, expected: ExpectedRevision): ConcurrencyError {
  return new ConcurrencyError(streamName, describeExpected(expected), actualRevision(error));
}

function messageOf(error: unknown): string {
  const { message, details } = shape(error);
  if (typeof details === 'string' && details.length > 0) return details;
  return typeof message === 'string' ? message : String(error);
}

/** Maps a client error to the port's error; anything unrecognised is returned unchanged. */
export function toStoreError(error: unknown, context: ErrorContext): Error {
  if (context.streamName !== undefined && context.expected !== undefined && isWrongExpectedVersion(error)) {
    return conflictFrom(error, context.streamName, context.expected);
  }
  const { type, code, maxAppendSize } = shape(error);
  if (type === 'access-denied' && code === GRPC_UNAUTHENTICATED) {
    const user = context.access?.userName;
    return new StoreConfigError(
      `EventStoreDB did not accept the credentials${user ? ` of user '${user}'` : ''} during ${context.operation}: check the user and password in the connection string`,
    );
  }
  if (type === 'access-denied') {
    const access = context.access;
    const user = access?.userName ? `user '${access.userName}'` : 'the connection (no user in its connection string)';
    const right = access ? `the ${access.right} right ($${access.right === 'read' ? 'r' : 'w'}) on ${access.streamName}` : 'a right this operation needs';
    const hint = access ? `; ${grantHint(access.right, access.streamName)}` : '';
    return new StoreAccessDeniedError(`EventStoreDB denied ${context.operation}: ${user} lacks ${right}${hint}`, access?.right, access?.streamName, error);
  }
  if (type === 'maximum-append-size-exceeded') {
    const limit = typeof maxAppendSize === 'number' ? `${maxAppendSize} bytes` : 'its limit';
    return new InvalidEventError(
      `${context.operation}: EventStoreDB refused the append as larger than its maximum append size (${limit}, MaxAppendSize), below the 1,048,576 bytes the adapter splits appends at: raise MaxAppendSize to its default`,
    );
  }
  if (code === GRPC_UNKNOWN && /invalid position/i.test(messageOf(error))) {
    return new InvalidEventError(`${context.operation}: EventStoreDB answered InvalidPosition: the position given is not where an event of this store starts`);
  }
  if (isUnavailable(error)) {
    return new StoreUnavailableError(`EventStoreDB unavailable during ${context.operation}: ${messageOf(error)}`, error);
  }
  return error instanceof Error ? error : new Error(messageOf(error));
}

/** Raised through onError when a subscription hears nothing, not even a checkpoint, and the server does not answer. */
export class SubscriptionStalledError extends StoreUnavailableError {
  constructor(silentForMs: number, cause?: unknown) {
    super(`EventStoreDB subscription stalled: nothing received for ${silentForMs} ms and the server does not answer`, cause);
    this.name = 'SubscriptionStalledError';
  }
}
