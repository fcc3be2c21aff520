/**
 * Classification of what the EventStoreDB client throws into the port's errors. Duck-typed on the
 * client's `type` tags and raw gRPC codes (not on its classes), so the successor client can reuse it.
 *
 * With no server the client fails in two shapes: a raw gRPC ServiceError with code 14 when the
 * server-features probe fails (first call of an append), and an `UnavailableError` (type
 * 'unavailable') from reads and streams. Both become StoreUnavailableError, as do deadlines,
 * server-side cancellations (the server stopped answering) and not-leader answers that outlast the
 * failover retries (a cluster without a leader).
 */
import { ConcurrencyError, StoreUnavailableError } from '../errors';
import { describeExpected, type ExpectedRevision } from '../expected-revision';

const GRPC_CANCELLED = 1;
const GRPC_DEADLINE_EXCEEDED = 4;
const GRPC_UNAVAILABLE = 14;

interface ClientErrorShape {
  readonly type?: unknown;
  readonly code?: unknown;
  readonly details?: unknown;
  readonly message?: unknown;
  readonly actualVersion?: unknown;
  readonly actualState?: unknown;
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
export function toStoreError(
  error: unknown,
  context: { readonly operation: string; readonly streamName?: string; readonly expected?: ExpectedRevision },
): Error {
  if (context.streamName !== undefined && context.expected !== undefined && isWrongExpectedVersion(error)) {
    return conflictFrom(error, context.streamName, context.expected);
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
