/** Checks of the arguments the SQLite store's methods take; each throws the port's error naming the value. */
import { InvalidEventError, StoreConfigError } from '../errors';
import { MAX_STREAMS_PER_READ, type ReadStreamOptions } from '../event-store';

export function assertStreamName(streamName: unknown): asserts streamName is string {
  if (typeof streamName !== 'string' || streamName.length === 0) {
    throw new InvalidEventError(`stream name must be a non-empty string, got ${JSON.stringify(streamName) ?? String(streamName)}`);
  }
}

export function assertStreamNames(names: unknown, max = MAX_STREAMS_PER_READ): asserts names is readonly string[] {
  if (!Array.isArray(names)) throw new InvalidEventError('readStreams: streamNames must be an array of stream names');
  if (names.length > max) throw new InvalidEventError(`readStreams: at most ${max} streams per call, got ${names.length}`);
  for (const name of names) assertStreamName(name);
}

/** Positions of this store are decimal strings of the event's rowid; '0' means before the first. */
export function parsePosition(position: string): number {
  if (typeof position !== 'string' || !/^(0|[1-9]\d{0,15})$/.test(position) || !Number.isSafeInteger(Number(position))) {
    throw new InvalidEventError(`${JSON.stringify(position) ?? String(position)} is not a position of a SQLite event store`);
  }
  return Number(position);
}

export function countLimit(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new InvalidEventError(`maxCount must be an integer >= 0, got ${n}`);
  return n;
}

export function positiveInteger(n: number, name: string): number {
  if (!Number.isSafeInteger(n) || n <= 0) throw new StoreConfigError(`${name} must be a positive integer, got ${n}`);
  return n;
}

/** readStream's direction, first revision (as a number) and limit (-1: none), checked. */
export function streamReadRange(options: ReadStreamOptions): { forwards: boolean; start: number; limit: number } {
  const forwards = (options.direction ?? 'forwards') === 'forwards';
  if (options.direction !== undefined && options.direction !== 'forwards' && options.direction !== 'backwards') {
    throw new InvalidEventError(`direction must be 'forwards' or 'backwards', got ${String(options.direction)}`);
  }
  const from = options.fromRevision;
  if (from !== undefined && (typeof from !== 'bigint' || from < 0n)) {
    throw new InvalidEventError(`fromRevision must be a bigint >= 0n, got ${String(from)}`);
  }
  const limit = options.maxCount === undefined ? -1 : countLimit(options.maxCount);
  return { forwards, start: from === undefined ? (forwards ? 0 : Number.MAX_SAFE_INTEGER) : Number(from), limit };
}
