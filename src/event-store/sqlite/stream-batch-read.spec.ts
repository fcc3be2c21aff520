/** readStreams: several streams at once give what readStream gives each, on the folded path and off it. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { CorruptEventError, InvalidEventError } from '../errors';
import { eventIdFor } from '../event-ids';
import { MAX_STREAMS_PER_READ, type NewEvent, type RecordedEvent, type StreamRead } from '../event-store';
import { createUpcasterRegistry } from '../versioning/upcasting';
import { openSqliteEventStore, type SqliteEventStore } from './sqlite-event-store';
import { deleteStoredEvents, readTextForm, writeTextForm } from './stored-text-form';

/** Events with ids derived from their command (as the ledger writes them): the folded path. */
const commandEvents = (command: string, n: number, type = 'CardPlayed'): NewEvent[] =>
  Array.from({ length: n }, (_, k) => ({
    type,
    data: { k, card: 'CA', note: `${command} ${k}` },
    metadata: { eventId: eventIdFor(command, k), commandId: command, source: 'live' },
  }));

const plain = (read: StreamRead) => ({
  exists: read.exists,
  currentRevision: read.currentRevision,
  events: read.events.map((e: RecordedEvent) => ({
    streamName: e.streamName,
    type: e.type,
    data: e.data,
    eventId: e.eventId,
    revision: e.revision,
    position: e.position,
    metadata: { ...e.metadata },
  })),
});

async function expectSameAsReadStream(store: SqliteEventStore, names: readonly string[]): Promise<void> {
  const one = await Promise.all(names.map((n) => store.readStream(n)));
  for (const lazyMetadata of [false, true]) {
    const many = await store.readStreams(names, { lazyMetadata });
    expect(many.map(plain)).toEqual(one.map(plain));
  }
}

describe('SQLite readStreams', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'stream-batch-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('streams of several appends, interleaved in the log, some missing or named twice: each as readStream reads it', async () => {
    const store = openSqliteEventStore(':memory:');
    for (let round = 0; round < 3; round++) {
      // Each round appends to every stream: their runs interleave in the log.
      await store.appendMany(
        ['deal-a', 'deal-b', 'table-t'].map((s) => ({
          streamName: s,
          events: commandEvents(`${s}-${round}`, round + 2, round === 1 ? 'SkatTaken' : 'CardPlayed'),
          expectedRevision: round === 0 ? ('noStream' as const) : 'any',
        })),
      );
    }
    await expectSameAsReadStream(store, ['deal-b', 'deal-a', 'deal-missing', 'deal-b']);
    const [b] = await store.readStreams(['deal-b'], { lazyMetadata: true });
    expect(b.events.map((e) => Number(e.revision))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await store.readStreams([])).toEqual([]);
    await store.dispose();
  });

  it('rows the folded form does not hold (own ids, text data, a removed event, damaged data) read as readStream reads them', async () => {
    const file = path.join(dir, 'uncovered.db');
    const store = openSqliteEventStore(file);
    await store.appendToStream('deal-own', [{ type: 'T', data: { i: 1 }, metadata: { eventId: randomUUID() } }], { expectedRevision: 'noStream' });
    await store.appendToStream('deal-text', commandEvents('text', 3), { expectedRevision: 'noStream' });
    await store.appendToStream('deal-gap', commandEvents('gap', 4), { expectedRevision: 'noStream' });
    await store.appendToStream('deal-fine', commandEvents('fine', 3), { expectedRevision: 'noStream' });
    const raw = new Database(file);
    const at = (streamName: string, revision: number) => (readTextForm(raw, { streamName, revision }) as { position: number }).position;
    writeTextForm(raw, at('deal-text', 1), { data: '{"k":1,"card":"CA"}' });
    deleteStoredEvents(raw, { streamName: 'deal-gap', revision: 2 });
    const fineLast = at('deal-fine', 2);
    raw.close();
    await expectSameAsReadStream(store, ['deal-own', 'deal-text', 'deal-gap', 'deal-fine']);
    const [gap] = await store.readStreams(['deal-gap']);
    expect(gap.events.map((e) => Number(e.revision))).toEqual([0, 1, 3]);
    // Damaged compact bytes: the same error readStream gives, naming the event.
    const broken = new Database(file);
    broken.prepare('UPDATE events SET data = ? WHERE position = ?').run(Buffer.from([0x48, 0x05]), fineLast);
    broken.close();
    const expected = ((await store.readStream('deal-fine').catch((x: unknown) => x)) as Error).message;
    for (const names of [['deal-fine'], ['deal-fine', 'deal-own']]) {
      const err = await store.readStreams(names).catch((x: unknown) => x);
      expect(err).toBeInstanceOf(CorruptEventError);
      expect((err as Error).message).toBe(expected);
    }
    await store.dispose();
  });

  it('with upcasters, events come in their current shape as from readStream', async () => {
    const store = openSqliteEventStore(':memory:', {
      upcasters: createUpcasterRegistry([{ eventType: 'OldBid', fromVersion: '1', toVersion: '2', upcast: (d) => ({ value: (d as { k: number }).k }) }]),
    });
    await store.appendToStream('deal-u', commandEvents('u', 3, 'OldBid'), { expectedRevision: 'noStream' });
    await expectSameAsReadStream(store, ['deal-u']);
    const [u] = await store.readStreams(['deal-u'], { lazyMetadata: true });
    expect(u.events.map((e) => e.data)).toEqual([{ value: 0 }, { value: 1 }, { value: 2 }]);
    await store.dispose();
  });

  it('refuses what is not a list of stream names, and more than MAX_STREAMS_PER_READ at once', async () => {
    const store = openSqliteEventStore(':memory:');
    await expect(store.readStreams('deal-a' as unknown as string[])).rejects.toThrow(InvalidEventError);
    await expect(store.readStreams(['deal-a', ''])).rejects.toThrow(InvalidEventError);
    await expect(store.readStreams(Array.from({ length: MAX_STREAMS_PER_READ + 1 }, (_, i) => `deal-${i}`))).rejects.toThrow(/at most 1000 streams/);
    await store.dispose();
  });
});
