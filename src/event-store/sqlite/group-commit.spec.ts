/**
 * Group commit (EventStore.groupCommit, SQLite): a sole bulk writer's appendMany calls join one
 * transaction that commits or rolls back as a whole, while each batch stays whole or absent.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvalidEventError } from '../errors';
import type { NewEvent, RecordedEvent } from '../event-store';
import { verifyStore } from '../integrity/verify-store';
import { openSqliteEventStore } from './sqlite-event-store';

const dir = mkdtempSync(join(tmpdir(), 'skat-group-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const freshFile = () => join(dir, `store-${++n}.db`);
const evs = (k: number): NewEvent[] => Array.from({ length: k }, (_, i) => ({ type: 'CardPlayed', data: { i }, metadata: { eventId: randomUUID() } }));
const ticks = async (k: number) => {
  for (let i = 0; i < k; i++) await new Promise((r) => setImmediate(r));
};

describe('SQLite group commit', () => {
  it('appends in an open group are seen by this store object only, and by everyone once committed', async () => {
    const file = freshFile();
    const writer = openSqliteEventStore(file);
    const other = openSqliteEventStore(file);
    writer.groupCommit.begin();
    expect(writer.groupCommit.isOpen()).toBe(true);
    await writer.appendMany([writer.prepareNewStream('deal-1', evs(3))]);
    await writer.appendMany([{ streamName: 'deal-2', events: evs(2), expectedRevision: 'noStream' }]);
    expect((await writer.readStream('deal-1')).events).toHaveLength(3);
    expect((await other.readStream('deal-1')).exists).toBe(false);
    writer.groupCommit.commit();
    expect(writer.groupCommit.isOpen()).toBe(false);
    expect((await other.readStream('deal-1')).events).toHaveLength(3);
    expect((await other.readStream('deal-2')).events).toHaveLength(2);
    expect((await verifyStore(other)).breaks).toEqual([]);
    await Promise.all([writer.dispose(), other.dispose()]);
  });

  it('a rolled-back group leaves nothing, and so does disposing of the store with a group open', async () => {
    const file = freshFile();
    const store = openSqliteEventStore(file);
    await store.appendToStream('deal-0', evs(1), { expectedRevision: 'noStream' });
    store.groupCommit.begin();
    await store.appendMany([store.prepareNewStream('deal-1', evs(3))]);
    store.groupCommit.rollback();
    expect((await store.readStream('deal-1')).exists).toBe(false);
    store.groupCommit.begin();
    await store.appendMany([store.prepareNewStream('deal-2', evs(3))]);
    await store.dispose();
    const reopened = openSqliteEventStore(file);
    expect((await reopened.readStream('deal-2')).exists).toBe(false);
    expect((await reopened.readStream('deal-0')).events).toHaveLength(1);
    await reopened.dispose();
  });

  it('subscribers hear of a group when it commits, not before', async () => {
    const store = openSqliteEventStore(freshFile(), { pollIntervalMs: 600_000 });
    const seen: RecordedEvent[] = [];
    let caught!: () => void;
    const caughtUp = new Promise<void>((r) => (caught = r));
    let third!: () => void;
    const gotThree = new Promise<void>((r) => (third = r));
    const sub = store.subscribeToAll({
      onEvent: (e) => {
        seen.push(e);
        if (seen.length === 3) third();
      },
      onCaughtUp: () => caught(),
    });
    await caughtUp;
    store.groupCommit.begin();
    await store.appendMany([store.prepareNewStream('deal-1', evs(3))]);
    await ticks(20);
    expect(seen).toHaveLength(0);
    store.groupCommit.commit();
    await gotThree;
    expect(seen.map((e) => e.streamName)).toEqual(['deal-1', 'deal-1', 'deal-1']);
    await sub.close();
    await store.dispose();
  });

  it('in a group, a batch whose event id is taken leaves none of its rows; the batches before it stay and report as appended again', async () => {
    const store = openSqliteEventStore(freshFile());
    const taken = evs(1);
    await store.appendToStream('deal-0', taken, { expectedRevision: 'noStream' });
    store.groupCommit.begin();
    const first = store.prepareNewStream('deal-1', evs(2));
    // deal-2's third event reuses deal-0's id: its first two rows are inserted before the refusal.
    const before = evs(2);
    const clashing = store.prepareNewStream('deal-2', [...before, { ...taken[0], data: { other: true } }]);
    const refused = await store.appendMany([first, clashing]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(InvalidEventError);
    expect((refused as Error).message).toMatch(/deal-0/);
    const logged = async () => {
      const names: string[] = [];
      for await (const e of store.readAll()) names.push(e.streamName);
      return names;
    };
    expect(await logged()).toEqual(['deal-0', 'deal-1', 'deal-1']);
    // The importer's fallback appends batch by batch: the first reports its original result.
    expect(await store.appendMany([first])).toEqual([{ nextExpectedRevision: 1n, position: '3' }]);
    // Its first two ids are free again.
    await store.appendMany([store.prepareNewStream('deal-3', before)]);
    store.groupCommit.commit();
    expect((await verifyStore(store)).breaks).toEqual([]);
    expect(await logged()).toEqual(['deal-0', 'deal-1', 'deal-1', 'deal-3', 'deal-3']);
    await store.dispose();
  });

  it('a second begin is refused; commit and rollback without a group do nothing', async () => {
    const store = openSqliteEventStore(freshFile());
    store.groupCommit.commit();
    store.groupCommit.rollback();
    store.groupCommit.begin();
    expect(() => store.groupCommit.begin()).toThrow(/a group is open already/);
    store.groupCommit.rollback();
    await store.dispose();
    expect(() => store.groupCommit.begin()).toThrow(/closed/);
  });
});
