/**
 * Input checks and small conversions of the EventStoreDB adapter (the port's refusals, one place).
 */
import type { EventMetadata } from '../event-metadata';
import type { ExpectedRevision } from '../expected-revision';
import { InvalidEventError, StoreUnavailableError } from '../errors';

/** A filtered read whose subscription the server ended before CaughtUp (it is resumed, like a failover). */
export class ReadEndedEarlyError extends StoreUnavailableError {
  constructor() {
    super('EventStoreDB ended a filtered read before it caught up');
  }
}

export function checkStreamName(streamName: unknown): asserts streamName is string {
  if (typeof streamName !== 'string' || streamName.length === 0) throw new InvalidEventError('stream name must be a non-empty string');
  if (streamName.startsWith('$')) throw new InvalidEventError(`stream name ${streamName} is reserved for EventStoreDB system streams`);
}

export function checkCount(maxCount: number | undefined): void {
  if (maxCount !== undefined && (!Number.isSafeInteger(maxCount) || maxCount < 0)) {
    throw new InvalidEventError(`maxCount must be a non-negative integer, got ${maxCount}`);
  }
}

export function checkExpected(expected: unknown): asserts expected is ExpectedRevision {
  if (expected === 'any' || expected === 'noStream' || expected === 'streamExists') return;
  if (typeof expected === 'bigint' && expected >= 0n) return;
  throw new InvalidEventError(`expected revision must be 'any', 'noStream', 'streamExists' or a bigint >= 0, got ${String(expected)}`);
}

export function stringMetadata(raw: unknown): EventMetadata {
  const metadata: Record<string, string> = {};
  if (raw !== null && typeof raw === 'object' && !(raw instanceof Uint8Array)) {
    for (const [key, value] of Object.entries(raw)) if (typeof value === 'string') metadata[key] = value;
  }
  return metadata as EventMetadata;
}
