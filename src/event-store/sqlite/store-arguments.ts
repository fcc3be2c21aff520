/** Checks of the arguments the SQLite store's methods take; each throws the port's error naming the value. */
import { InvalidEventError, StoreConfigError } from '../errors';

export function assertStreamName(streamName: unknown): asserts streamName is string {
  if (typeof streamName !== 'string' || streamName.length === 0) {
    throw new InvalidEventError(`stream name must be a non-empty string, got ${JSON.stringify(streamName) ?? String(streamName)}`);
  }
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
