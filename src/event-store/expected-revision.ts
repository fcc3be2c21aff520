import { ConcurrencyError } from './errors';

/** What the writer believes about the stream it appends to. */
export type ExpectedRevision = 'any' | 'noStream' | 'streamExists' | bigint;

export function describeExpected(expected: ExpectedRevision): string {
  return typeof expected === 'bigint' ? expected.toString() : expected;
}

/** Revision of the last event of a stream, -1n when the stream does not exist. */
export function describeActual(currentRevision: bigint): string {
  return currentRevision < 0n ? 'noStream' : currentRevision.toString();
}

/** Whether an append with `expected` may go ahead on a stream whose last revision is `currentRevision`. */
export function expectedRevisionHolds(expected: ExpectedRevision, currentRevision: bigint): boolean {
  if (expected === 'any') return true;
  if (expected === 'noStream') return currentRevision < 0n;
  if (expected === 'streamExists') return currentRevision >= 0n;
  return expected === currentRevision;
}

/** Throws the port's ConcurrencyError when the expectation does not hold. */
export function assertExpectedRevision(streamName: string, expected: ExpectedRevision, currentRevision: bigint): void {
  if (!expectedRevisionHolds(expected, currentRevision)) {
    throw new ConcurrencyError(streamName, describeExpected(expected), describeActual(currentRevision));
  }
}

/** Refuses values that are not an ExpectedRevision (JS callers, bad parsing upstream). */
export function assertValidExpected(expected: unknown): asserts expected is ExpectedRevision {
  const ok = expected === 'any' || expected === 'noStream' || expected === 'streamExists' || (typeof expected === 'bigint' && expected >= 0n);
  if (!ok) {
    throw new TypeError(`expectedRevision must be 'any', 'noStream', 'streamExists' or a bigint >= 0n, got ${String(expected)}`);
  }
}
