import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventStore, NewEvent, RecordedEvent } from '../event-store/event-store';
import { openSqliteEventStore } from '../event-store/sqlite/sqlite-event-store';
import { readFolded, type Fold } from './folded-streams';

let n = 0;
const event = (value: number): NewEvent => ({
  type: 'Added',
  data: { value },
  metadata: { eventId: randomUUID(), commandId: `c-${n++}`, actorId: 't', recordedAt: '2026-12-01T12:00:00.000Z' },
});
const append = (store: EventStore, ...values: number[]) => store.appendToStream('sum-1', values.map(event), { expectedRevision: 'any' });

/** A sum of the values, counting how many events it folded. */
function summing(): Fold<RecordedEvent, number> & { folded: number } {
  const fold = {
    folded: 0,
    initialState: 0,
    eventOf: (e: RecordedEvent) => e,
    evolve: (s: number, e: RecordedEvent) => {
      fold.folded++;
      return s + (e.data as { value: number }).value;
    },
  };
  return fold;
}

describe('folded streams: a command reads and folds only what was appended since', () => {
  it('given a stream folded once, when one event is appended, then the next read folds that event only and the state is the whole sum', async () => {
    const store = openSqliteEventStore(':memory:');
    const fold = summing();
    await append(store, 1, 2, 3);
    expect((await readFolded(store, 'sum-1', fold)).state).toBe(6);
    await append(store, 10);
    const again = await readFolded(store, 'sum-1', fold);
    expect([again.state, again.currentRevision, again.events.length, fold.folded]).toEqual([16, 3n, 4, 4]);
    await store.dispose();
  });

  it('events another writer appended (another connection to the same file) are folded in', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'folded-'));
    const mine = openSqliteEventStore(join(dir, 's.db'));
    const other = openSqliteEventStore(join(dir, 's.db'));
    try {
      const fold = summing();
      await append(mine, 1);
      expect((await readFolded(mine, 'sum-1', fold)).state).toBe(1);
      await append(other, 5, 7);
      expect((await readFolded(mine, 'sum-1', fold)).state).toBe(13);
    } finally {
      await mine.dispose();
      await other.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('another fold of the same stream (another evolve) folds it from the start; a missing stream is not kept', async () => {
    const store = openSqliteEventStore(':memory:');
    await append(store, 1, 2);
    const first = summing();
    const second = summing();
    await readFolded(store, 'sum-1', first);
    expect((await readFolded(store, 'sum-1', second)).state).toBe(3);
    expect(second.folded).toBe(2);
    expect(await readFolded(store, 'never', first)).toMatchObject({ exists: false, currentRevision: -1n, state: 0 });
    await store.dispose();
  });

  it('when the last event folded no longer carries the same id at its revision, the stream is read and folded whole', async () => {
    const real = openSqliteEventStore(':memory:');
    await append(real, 1, 2);
    let rewritten = false;
    // A store whose stream changed under the same name (as a swapped file would look): every id differs.
    const store = new Proxy(real, {
      get: (target, key) => {
        if (key === 'readStream')
          return async (...args: Parameters<EventStore['readStream']>) => {
            const read = await target.readStream(...args);
            return rewritten ? { ...read, events: read.events.map((e) => ({ ...e, eventId: `x-${e.eventId}`, data: { value: 100 } })) } : read;
          };
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const fold = summing();
    expect((await readFolded(store, 'sum-1', fold)).state).toBe(3);
    rewritten = true;
    expect((await readFolded(store, 'sum-1', fold)).state).toBe(200);
    await real.dispose();
  });
});
