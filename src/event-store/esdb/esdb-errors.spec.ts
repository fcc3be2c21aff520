import { ConcurrencyError, StoreUnavailableError } from '../errors';
import { isStreamNotFound, SubscriptionStalledError, toStoreError } from './esdb-errors';

/** Error shapes as @eventstore/db-client 6.x produces them (checked against its dist/utils/CommandError.js). */
const rawUnavailable = Object.assign(new Error('14 UNAVAILABLE: No connection established'), { code: 14, details: 'No connection established' });
const unavailableError = Object.assign(new Error('14 UNAVAILABLE: Connection dropped'), { type: 'unavailable', code: 14 });
const clientCancel = Object.assign(new Error('1 CANCELLED: Cancelled on client'), { type: 'cancelled', code: 1, details: 'Cancelled on client' });
const serverCancel = Object.assign(new Error('1 CANCELLED: Call cancelled'), { type: 'cancelled', code: 1, details: 'Call cancelled' });
const wrongVersion = (actualVersion: bigint | 'no_stream') =>
  Object.assign(new Error('wrong expected version'), { type: 'wrong-expected-version', expectedVersion: 3n, actualVersion });

describe('EventStoreDB error classification', () => {
  it('both shapes of "server down" become StoreUnavailableError, keeping the cause', () => {
    for (const error of [rawUnavailable, unavailableError, serverCancel]) {
      const mapped = toStoreError(error, { operation: 'append to deal-1' });
      expect(mapped).toBeInstanceOf(StoreUnavailableError);
      expect(mapped.message).toMatch(/append to deal-1/);
      expect((mapped as StoreUnavailableError).cause).toBe(error);
    }
  });

  it("WrongExpectedVersion becomes ConcurrencyError with the caller's expectation and the actual revision", () => {
    const exact = toStoreError(wrongVersion(5n), { operation: 'append', streamName: 'deal-1', expected: 3n });
    expect(exact).toBeInstanceOf(ConcurrencyError);
    expect(exact).toMatchObject({ streamName: 'deal-1', expected: '3', actual: '5' });
    expect(toStoreError(wrongVersion('no_stream'), { operation: 'append', streamName: 'deal-1', expected: 'streamExists' })).toMatchObject({
      expected: 'streamExists',
      actual: 'noStream',
    });
  });

  it('our own cancel and unknown errors pass through unchanged', () => {
    expect(toStoreError(clientCancel, { operation: 'read' })).toBe(clientCancel);
    const other = new Error('access denied');
    expect(toStoreError(other, { operation: 'read' })).toBe(other);
    expect(toStoreError('text', { operation: 'read' })).toBeInstanceOf(Error);
  });

  it('recognises StreamNotFound by its type tag; the stall alarm is a StoreUnavailableError', () => {
    expect(isStreamNotFound({ type: 'stream-not-found' })).toBe(true);
    expect(isStreamNotFound(unavailableError)).toBe(false);
    const stall = new SubscriptionStalledError(3000);
    expect(stall).toBeInstanceOf(StoreUnavailableError);
    expect(stall.name).toBe('SubscriptionStalledError');
    expect(stall.message).toMatch(/3000 ms/);
  });
});
