/** What the writer believes about the stream it appends to. */
export type ExpectedRevision = 'any' | 'noStream' | 'streamExists' | bigint;

export function describeExpected(expected: ExpectedRevision): string {
  return typeof expected === 'bigint' ? expected.toString() : expected;
}
