/**
 * The event store port's contract, run against every adapter:
 *   describeEventStoreConformance('sqlite', (opts) => openEventStore('sqlite::memory:', opts), (s) => s.dispose())
 * Adapter-neutral: positions are only compared through the store, the store need not be empty
 * (every test uses its own streams under a per-run prefix), and waits are for events, not for time.
 * `open` receives the options a test needs (upcasters); an adapter that ignores them fails the
 * upcasting test, as it should.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { ConcurrencyError, InvalidEventError } from '../../src/event-store/errors';
import { readStreamsOf, type EventStore, type NewEvent, type RecordedEvent } from '../../src/event-store/event-store';
import { GENESIS_HASH, verifyChain } from '../../src/event-store/hash-chain';
import { createUpcasterRegistry, type UpcasterRegistry } from '../../src/event-store/versioning/upcasting';

export interface ConformanceOpenOptions {
  readonly upcasters?: UpcasterRegistry;
}

/** How long a test waits for an event it expects (not a performance bound). */
const EVENT_WAIT_MS = 15_000;

export function describeEventStoreConformance(
  name: string,
  open: (options?: ConformanceOpenOptions) => Promise<EventStore>,
  close: (store: EventStore) => Promise<void> = (store) => store.dispose(),
): void {
  describe(`EventStore conformance: ${name}`, () => {
    const run = `conf${randomBytes(4).toString('hex')}`;
    let counter = 0;
    /** A stream no other test (or earlier run) touches. */
    const streamName = (label: string) => `${run}_${label}-${++counter}`;
    let store: EventStore;

    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => {
      await close(store);
    });

    const event = (type: string, data: unknown, metadata: Record<string, string> = {}): NewEvent => ({
      type,
      data,
      metadata: { eventId: randomUUID(), ...metadata },
    });
    const events = (n: number, type = 'CardPlayed') => Array.from({ length: n }, (_, i) => event(type, { trick: i, card: `C${i}` }));
    const readAllOf = async (s: EventStore, options: Parameters<EventStore['readAll']>[0]) => {
      const out: RecordedEvent[] = [];
      for await (const e of s.readAll(options)) out.push(e);
      return out;
    };
    const conflict = async (promise: Promise<unknown>): Promise<ConcurrencyError> => {
      const err = await promise.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(ConcurrencyError);
      return err as ConcurrencyError;
    };

    describe('append with an expected revision', () => {
      it('noStream creates a stream; revisions count from 0 and the result names the last one', async () => {
        const s = streamName('new');
        const result = await store.appendToStream(s, events(3), { expectedRevision: 'noStream' });
        expect(result.nextExpectedRevision).toBe(2n);
        expect(typeof result.position).toBe('string');
        const read = await store.readStream(s);
        expect(read.exists).toBe(true);
        expect(read.currentRevision).toBe(2n);
        expect(read.events.map((e) => e.revision)).toEqual([0n, 1n, 2n]);
        expect(store.comparePositions(read.events[2].position, result.position)).toBe(0);
      });

      it('noStream on an existing stream is a ConcurrencyError carrying expected and actual', async () => {
        const s = streamName('exists');
        await store.appendToStream(s, events(2), { expectedRevision: 'noStream' });
        const err = await conflict(store.appendToStream(s, events(1), { expectedRevision: 'noStream' }));
        expect(err.streamName).toBe(s);
        expect(err.expected).toBe('noStream');
        expect(err.actual).toBe('1');
      });

      it('an exact revision appends after it and refuses a stale one (expected and actual named)', async () => {
        const s = streamName('exact');
        await store.appendToStream(s, events(2), { expectedRevision: 'noStream' });
        const ok = await store.appendToStream(s, events(2), { expectedRevision: 1n });
        expect(ok.nextExpectedRevision).toBe(3n);
        const err = await conflict(store.appendToStream(s, events(1), { expectedRevision: 1n }));
        expect(err.expected).toBe('1');
        expect(err.actual).toBe('3');
        expect((await store.readStream(s)).events).toHaveLength(4);
      });

      it('an exact revision on a missing stream reports actual noStream', async () => {
        const err = await conflict(store.appendToStream(streamName('missing'), events(1), { expectedRevision: 0n }));
        expect(err.expected).toBe('0');
        expect(err.actual).toBe('noStream');
      });

      it('any appends to a new and to an existing stream', async () => {
        const s = streamName('any');
        expect((await store.appendToStream(s, events(1), { expectedRevision: 'any' })).nextExpectedRevision).toBe(0n);
        expect((await store.appendToStream(s, events(2), { expectedRevision: 'any' })).nextExpectedRevision).toBe(2n);
      });

      it('streamExists refuses a missing stream and appends to an existing one', async () => {
        const s = streamName('streamExists');
        const err = await conflict(store.appendToStream(s, events(1), { expectedRevision: 'streamExists' }));
        expect(err.expected).toBe('streamExists');
        expect(err.actual).toBe('noStream');
        await store.appendToStream(s, events(1), { expectedRevision: 'noStream' });
        expect((await store.appendToStream(s, events(1), { expectedRevision: 'streamExists' })).nextExpectedRevision).toBe(1n);
      });

      it('positions of successive appends increase', async () => {
        const s = streamName('positions');
        const a = await store.appendToStream(s, events(1), { expectedRevision: 'noStream' });
        const b = await store.appendToStream(streamName('positions'), events(1), { expectedRevision: 'noStream' });
        expect(store.comparePositions(a.position, b.position)).toBeLessThan(0);
        expect(store.comparePositions(b.position, a.position)).toBeGreaterThan(0);
      });
    });

    describe('appendMany: several streams in one call', () => {
      it('appends each batch in order with its own expectation; one result per batch; chains as single appends do', async () => {
        const a = streamName('manyA');
        const b = streamName('manyB');
        await store.appendToStream(b, events(1), { expectedRevision: 'noStream' });
        const results = await store.appendMany([
          { streamName: a, events: events(3), expectedRevision: 'noStream' },
          { streamName: b, events: events(2), expectedRevision: 0n },
          // A later batch may expect what an earlier batch of the same call left.
          { streamName: a, events: events(1), expectedRevision: 2n },
        ]);
        expect(results.map((r) => r.nextExpectedRevision)).toEqual([2n, 2n, 3n]);
        expect(store.comparePositions(results[0].position, results[1].position)).toBeLessThan(0);
        expect(store.comparePositions(results[1].position, results[2].position)).toBeLessThan(0);
        const readA = await store.readStream(a, { raw: true });
        expect(readA.events.map((e) => e.revision)).toEqual([0n, 1n, 2n, 3n]);
        expect(readA.events[0].metadata.prevHash).toBe(GENESIS_HASH);
        expect(verifyChain(readA.events).breaks).toEqual([]);
        expect(verifyChain((await store.readStream(b, { raw: true })).events).breaks).toEqual([]);
        const log = await readAllOf(store, { streamPrefixes: [a, b] });
        expect(log.map((e) => e.streamName)).toEqual([b, a, a, a, b, b, a]);
      });

      it('an event appended by appendMany is byte for byte the event appendToStream writes (same hash)', async () => {
        const one = streamName('manyOne');
        const two = streamName('manyTwo');
        const fixed = (n: number): NewEvent[] =>
          Array.from({ length: n }, (_, i) => ({ type: 'T', data: { i, s: 'x' }, metadata: { eventId: randomUUID(), recordedAt: 'r', source: 'import:iss' } }));
        const batch = fixed(3);
        await store.appendToStream(one, batch, { expectedRevision: 'noStream' });
        const again = batch.map((e) => ({ ...e, metadata: { ...e.metadata, eventId: randomUUID() } }));
        await store.appendMany([{ streamName: two, events: again, expectedRevision: 'noStream' }]);
        const [x, y] = [(await store.readStream(one, { raw: true })).events, (await store.readStream(two, { raw: true })).events];
        expect(y.map((e) => e.data)).toEqual(x.map((e) => e.data));
        // The ids differ, so the hashes do too (and the tracing ids, which default to the event id
        // here: these events name no command); with the ids put back the metadata is the same.
        const blank = { eventId: '', hash: '', prevHash: '', $correlationId: '', $causationId: '' };
        expect(y.map((e) => ({ ...e.metadata, ...blank }))).toEqual(x.map((e) => ({ ...e.metadata, ...blank })));
      });

      it('a repeated appendMany (same ids, same expectations) reports the original results and writes nothing', async () => {
        const a = streamName('manyRetryA');
        const b = streamName('manyRetryB');
        const batches = [
          { streamName: a, events: events(2), expectedRevision: 'noStream' as const },
          { streamName: b, events: events(1), expectedRevision: 'noStream' as const },
        ];
        const first = await store.appendMany(batches);
        const second = await store.appendMany(batches);
        expect(second).toEqual(first);
        expect((await store.readStream(a)).events).toHaveLength(2);
        expect((await store.readStream(b)).events).toHaveLength(1);
      });

      it('bad input in any batch is refused before anything is written, naming the batch', async () => {
        const a = streamName('manyBadA');
        const b = streamName('manyBadB');
        const err = await store
          .appendMany([
            { streamName: a, events: events(2), expectedRevision: 'noStream' },
            { streamName: b, events: [event('Bad', { n: NaN })], expectedRevision: 'noStream' },
          ])
          .catch((e: unknown) => e);
        expect(err).toBeInstanceOf(InvalidEventError);
        expect((err as Error).message).toMatch(/batch #1/);
        expect((await store.readStream(a)).exists).toBe(false);
        expect((await store.readStream(b)).exists).toBe(false);
        await expect(store.appendMany([])).rejects.toBeInstanceOf(InvalidEventError);
        await expect(store.appendMany([{ streamName: a, events: [], expectedRevision: 'any' }])).rejects.toBeInstanceOf(InvalidEventError);
      });

      it('a batch whose expectation does not hold is a ConcurrencyError naming its stream; that batch writes nothing', async () => {
        const a = streamName('manyConflictA');
        const taken = streamName('manyConflictTaken');
        const c = streamName('manyConflictC');
        await store.appendToStream(taken, events(1), { expectedRevision: 'noStream' });
        const err = await conflict(
          store.appendMany([
            { streamName: a, events: events(1), expectedRevision: 'noStream' },
            { streamName: taken, events: events(1), expectedRevision: 'noStream' },
            { streamName: c, events: events(1), expectedRevision: 'noStream' },
          ]),
        );
        expect(err.message).toContain(taken);
        expect((await store.readStream(taken)).events).toHaveLength(1);
        // A batch after the failing one is not written (SQLite: one transaction) or, where batches
        // are in flight together (EventStoreDB), written whole; never in part.
        const after = await store.readStream(c);
        expect(after.exists ? after.events.length : 0).toBe(after.exists ? 1 : 0);
      });
    });

    describe('idempotent re-append (retried commands)', () => {
      it('the same event ids at the same expected revision report the original result and write nothing', async () => {
        const s = streamName('retry');
        await store.appendToStream(s, events(1), { expectedRevision: 'noStream' });
        const batch = events(3);
        const first = await store.appendToStream(s, batch, { expectedRevision: 0n });
        const again = await store.appendToStream(s, batch, { expectedRevision: 0n });
        expect(again.nextExpectedRevision).toBe(first.nextExpectedRevision);
        expect(store.comparePositions(again.position, first.position)).toBe(0);
        const read = await store.readStream(s);
        expect(read.events).toHaveLength(4);
        expect(new Set(read.events.map((e) => e.eventId)).size).toBe(4);
      });

      it('a retried first append with noStream is also a no-op', async () => {
        const s = streamName('retryNew');
        const batch = events(2);
        const first = await store.appendToStream(s, batch, { expectedRevision: 'noStream' });
        const again = await store.appendToStream(s, batch, { expectedRevision: 'noStream' });
        expect(again.nextExpectedRevision).toBe(first.nextExpectedRevision);
        expect((await store.readStream(s)).events).toHaveLength(2);
      });

      it('a retried append with any is a no-op too', async () => {
        const s = streamName('retryAny');
        await store.appendToStream(s, events(1), { expectedRevision: 'any' });
        const batch = events(2);
        const first = await store.appendToStream(s, batch, { expectedRevision: 'any' });
        const again = await store.appendToStream(s, batch, { expectedRevision: 'any' });
        expect(again.nextExpectedRevision).toBe(first.nextExpectedRevision);
        expect(store.comparePositions(again.position, first.position)).toBe(0);
        expect((await store.readStream(s)).events).toHaveLength(3);
      });

      it('a different batch at a taken revision is still a conflict', async () => {
        const s = streamName('retryOther');
        await store.appendToStream(s, events(2), { expectedRevision: 'noStream' });
        await conflict(store.appendToStream(s, events(2), { expectedRevision: 'noStream' }));
        expect((await store.readStream(s)).events).toHaveLength(2);
      });
    });

    describe('the event envelope', () => {
      it('type, data and every metadata field read back as written', async () => {
        const s = streamName('envelope');
        const data = { seat: 'forehand', card: 'CJ', nested: { list: [1, 2.5, 'x', null, true], empty: {} }, text: 'Grüß Gott ♣' };
        const metadata = {
          commandId: randomUUID(),
          actorId: 'player-7',
          source: 'import:iss',
          recordedAt: '2026-11-29T12:00:00.000Z',
          occurredAt: '2004-03-01T20:15:00.000Z',
          schemaVersion: '1',
          rulesVersion: 'isa-2024',
          $correlationId: randomUUID(),
          $causationId: randomUUID(),
        };
        const e = event('CardPlayed', data, metadata);
        await store.appendToStream(s, [e], { expectedRevision: 'noStream' });
        const [read] = (await store.readStream(s)).events;
        expect(read.streamName).toBe(s);
        expect(read.type).toBe('CardPlayed');
        expect(read.data).toEqual(data);
        expect(read.eventId).toBe(e.metadata.eventId);
        expect(read.metadata).toMatchObject({ ...metadata, eventId: e.metadata.eventId });
      });

      it('an event without tracing ids gets its commandId as $correlationId and $causationId (else its eventId)', async () => {
        const s = streamName('tracing');
        const commandId = randomUUID();
        const withCommand = event('DealStarted', {}, { commandId });
        const bare = event('CardPlayed', {});
        await store.appendToStream(s, [withCommand, bare], { expectedRevision: 'noStream' });
        const [first, second] = (await store.readStream(s)).events;
        expect(first.metadata).toMatchObject({ $correlationId: commandId, $causationId: commandId });
        expect(second.metadata).toMatchObject({ $correlationId: second.eventId, $causationId: second.eventId });
      });

      it('null data and an empty object round-trip', async () => {
        const s = streamName('nulls');
        await store.appendToStream(s, [event('A', null), event('B', {})], { expectedRevision: 'noStream' });
        expect((await store.readStream(s)).events.map((e) => e.data)).toEqual([null, {}]);
      });
    });

    describe('reading a stream', () => {
      let s: string;
      beforeAll(async () => {
        s = streamName('read');
        await store.appendToStream(s, events(10), { expectedRevision: 'noStream' });
      });
      const revisions = (r: { events: readonly RecordedEvent[] }) => r.events.map((e) => Number(e.revision));

      it('forwards from the start, from a revision, with a limit', async () => {
        expect(revisions(await store.readStream(s))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
        expect(revisions(await store.readStream(s, { fromRevision: 4n }))).toEqual([4, 5, 6, 7, 8, 9]);
        expect(revisions(await store.readStream(s, { fromRevision: 4n, maxCount: 3 }))).toEqual([4, 5, 6]);
        expect(revisions(await store.readStream(s, { maxCount: 2 }))).toEqual([0, 1]);
      });

      it('backwards from the end, from a revision, with a limit', async () => {
        expect(revisions(await store.readStream(s, { direction: 'backwards' }))).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
        expect(revisions(await store.readStream(s, { direction: 'backwards', maxCount: 1 }))).toEqual([9]);
        expect(revisions(await store.readStream(s, { direction: 'backwards', fromRevision: 5n, maxCount: 3 }))).toEqual([5, 4, 3]);
      });

      it('past the end gives no events but the current revision', async () => {
        const read = await store.readStream(s, { fromRevision: 50n });
        expect(read.events).toEqual([]);
        expect(read.exists).toBe(true);
        expect(read.currentRevision).toBe(9n);
      });

      it('a missing stream does not exist, has revision -1n and no events', async () => {
        const read = await store.readStream(streamName('never'));
        expect(read).toEqual({ exists: false, currentRevision: -1n, events: [] });
      });
    });

    describe('reading several streams at once (readStreams where the store has it)', () => {
      it('gives each stream as readStream does, in the order named, a missing one as not existing', async () => {
        const a = streamName('manyA');
        const b = streamName('manyB');
        await store.appendToStream(a, events(3), { expectedRevision: 'noStream' });
        await store.appendToStream(b, events(2, 'SkatTaken'), { expectedRevision: 'noStream' });
        await store.appendToStream(a, events(2), { expectedRevision: 2n });
        const names = [b, streamName('manyMissing'), a, b];
        const one = await Promise.all(names.map((n) => store.readStream(n)));
        const view = (r: { exists: boolean; currentRevision: bigint; events: readonly RecordedEvent[] }) => ({
          exists: r.exists,
          currentRevision: r.currentRevision,
          events: r.events.map((e) => ({
            type: e.type,
            data: e.data,
            eventId: e.eventId,
            revision: e.revision,
            position: e.position,
            metadata: { ...e.metadata },
          })),
        });
        for (const lazyMetadata of [false, true]) expect((await readStreamsOf(store, names, { lazyMetadata })).map(view)).toEqual(one.map(view));
        expect((await readStreamsOf(store, [a]))[0].events.map((e) => Number(e.revision))).toEqual([0, 1, 2, 3, 4]);
      });
    });

    describe('reading the global log', () => {
      let prefix: string;
      let a: string;
      let b: string;
      beforeAll(async () => {
        prefix = `${run}_log${++counter}`;
        a = `${prefix}A-1`;
        b = `${prefix}B-1`;
        await store.appendToStream(a, [event('DealStarted', { n: 1 }), event('CardPlayed', { n: 2 })], { expectedRevision: 'noStream' });
        await store.appendToStream(streamName('elsewhere'), events(2), { expectedRevision: 'noStream' });
        await store.appendToStream(b, [event('DealStarted', { n: 3 })], { expectedRevision: 'noStream' });
        await store.appendToStream(a, [event('DealScored', { n: 4 })], { expectedRevision: 1n });
      });

      it('filtered by stream prefix, in append order, positions increasing', async () => {
        const read = await readAllOf(store, { streamPrefixes: [prefix] });
        expect(read.map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3, 4]);
        for (let i = 1; i < read.length; i++) expect(store.comparePositions(read[i - 1].position, read[i].position)).toBeLessThan(0);
        expect(read.map((e) => e.streamName)).toEqual([a, a, b, a]);
      });

      it('several prefixes select the union', async () => {
        const read = await readAllOf(store, { streamPrefixes: [`${prefix}B`, `${prefix}A`] });
        expect(read.map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3, 4]);
        expect((await readAllOf(store, { streamPrefixes: [`${prefix}B`] })).map((e) => e.streamName)).toEqual([b]);
      });

      it('filtered by event type', async () => {
        const read = await readAllOf(store, { streamPrefixes: [prefix], eventTypes: ['DealStarted', 'DealScored'] });
        expect(read.map((e) => (e.data as { n: number }).n)).toEqual([1, 3, 4]);
      });

      it('after a position (exclusive) and with a limit', async () => {
        const all = await readAllOf(store, { streamPrefixes: [prefix] });
        const rest = await readAllOf(store, { streamPrefixes: [prefix], after: all[1].position });
        expect(rest.map((e) => e.eventId)).toEqual([all[2].eventId, all[3].eventId]);
        const limited = await readAllOf(store, { streamPrefixes: [prefix], maxCount: 2 });
        expect(limited.map((e) => e.eventId)).toEqual([all[0].eventId, all[1].eventId]);
        expect(await readAllOf(store, { streamPrefixes: [prefix], after: all[3].position })).toEqual([]);
      });

      it('lists streams by prefix in order of creation', async () => {
        const names: string[] = [];
        for await (const n of store.listStreams(prefix)) names.push(n);
        expect(names).toEqual([a, b]);
      });
    });

    describe('subscribing to the global log', () => {
      /** Collects what a subscription delivers and lets a test wait for it. */
      function collector() {
        const received: RecordedEvent[] = [];
        const caughtUp: (string | undefined)[] = [];
        const errors: Error[] = [];
        const waiters: (() => void)[] = [];
        const notify = () => waiters.splice(0).forEach((w) => w());
        const until = (condition: () => boolean, what: string) =>
          new Promise<void>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), EVENT_WAIT_MS);
            const check = () => {
              if (condition()) {
                clearTimeout(timer);
                resolve();
              } else waiters.push(check);
            };
            check();
          });
        return {
          received,
          caughtUp,
          errors,
          handlers: {
            onEvent: (e: RecordedEvent) => {
              received.push(e);
              notify();
            },
            onCaughtUp: (p: string | undefined) => {
              caughtUp.push(p);
              notify();
            },
            onError: (e: Error) => {
              errors.push(e);
              notify();
            },
          },
          untilEvents: (n: number) => until(() => received.length >= n, `${n} events (got ${received.length})`),
          untilCaughtUp: () => until(() => caughtUp.length > 0, 'caught up'),
        };
      }

      it('catches up, signals caught up once, then delivers live appends in order', async () => {
        const prefix = `${run}_sub${++counter}`;
        const s = `${prefix}-1`;
        await store.appendToStream(s, events(3), { expectedRevision: 'noStream' });
        const c = collector();
        const sub = store.subscribeToAll(c.handlers, { streamPrefixes: [prefix] });
        try {
          await c.untilCaughtUp();
          expect(c.received.map((e) => e.revision)).toEqual([0n, 1n, 2n]);
          expect(c.caughtUp).toHaveLength(1);
          await store.appendToStream(s, events(2), { expectedRevision: 2n });
          await store.appendToStream(`${prefix}-2`, events(1), { expectedRevision: 'noStream' });
          await c.untilEvents(6);
          expect(c.received.map((e) => `${e.streamName}@${e.revision}`)).toEqual([`${s}@0`, `${s}@1`, `${s}@2`, `${s}@3`, `${s}@4`, `${prefix}-2@0`]);
          expect(c.caughtUp).toHaveLength(1);
          expect(c.errors).toEqual([]);
        } finally {
          await sub.close();
        }
      });

      it('the caught-up signal comes even when nothing matches', async () => {
        const c = collector();
        const sub = store.subscribeToAll(c.handlers, { streamPrefixes: [`${run}_nothing${++counter}`] });
        try {
          await c.untilCaughtUp();
          expect(c.received).toEqual([]);
        } finally {
          await sub.close();
        }
      });

      it('resumes after a checkpoint without repeating or skipping events', async () => {
        const prefix = `${run}_resume${++counter}`;
        await store.appendToStream(`${prefix}-1`, events(4), { expectedRevision: 'noStream' });
        const first = collector();
        const sub1 = store.subscribeToAll(first.handlers, { streamPrefixes: [prefix] });
        await first.untilEvents(2);
        await sub1.close();
        const checkpoint = first.received[1].position;
        await store.appendToStream(`${prefix}-1`, events(1), { expectedRevision: 3n });
        const second = collector();
        const sub2 = store.subscribeToAll(second.handlers, { streamPrefixes: [prefix], after: checkpoint });
        try {
          await second.untilEvents(3);
          await second.untilCaughtUp();
          expect(second.received.map((e) => e.revision)).toEqual([2n, 3n, 4n]);
        } finally {
          await sub2.close();
        }
      });

      it('filters live events by type', async () => {
        const prefix = `${run}_subtype${++counter}`;
        const c = collector();
        const sub = store.subscribeToAll(c.handlers, { streamPrefixes: [prefix], eventTypes: ['DealScored'] });
        try {
          await c.untilCaughtUp();
          await store.appendToStream(`${prefix}-1`, [event('CardPlayed', {}), event('DealScored', { won: true })], {
            expectedRevision: 'noStream',
          });
          await c.untilEvents(1);
          expect(c.received.map((e) => e.type)).toEqual(['DealScored']);
        } finally {
          await sub.close();
        }
      });

      it('delivers nothing after close', async () => {
        const prefix = `${run}_closed${++counter}`;
        const c = collector();
        const sub = store.subscribeToAll(c.handlers, { streamPrefixes: [prefix] });
        await c.untilCaughtUp();
        await sub.close();
        await store.appendToStream(`${prefix}-1`, events(2), { expectedRevision: 'noStream' });
        // A second subscription proves the events are there to be delivered.
        const witness = collector();
        const sub2 = store.subscribeToAll(witness.handlers, { streamPrefixes: [prefix] });
        await witness.untilEvents(2);
        await sub2.close();
        expect(c.received).toEqual([]);
      });

      it('may be closed from inside its own handler', async () => {
        const prefix = `${run}_selfclose${++counter}`;
        await store.appendToStream(`${prefix}-1`, events(3), { expectedRevision: 'noStream' });
        const received: RecordedEvent[] = [];
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('handler never ran')), EVENT_WAIT_MS);
          const sub = store.subscribeToAll(
            {
              onEvent: async (e) => {
                received.push(e);
                await sub.close();
                clearTimeout(timer);
                resolve();
              },
            },
            { streamPrefixes: [prefix] },
          );
        });
        expect(received).toHaveLength(1);
      });
    });

    describe('hash chain', () => {
      it('every event carries prevHash and hash; the chain links across appends and verifies', async () => {
        const s = streamName('chain');
        await store.appendToStream(s, events(2), { expectedRevision: 'noStream' });
        await store.appendToStream(s, events(2), { expectedRevision: 1n });
        const read = await store.readStream(s, { raw: true });
        expect(read.events[0].metadata.prevHash).toBe(GENESIS_HASH);
        for (const e of read.events) expect(e.metadata.hash).toMatch(/^[0-9a-f]{64}$/);
        for (let i = 1; i < read.events.length; i++) expect(read.events[i].metadata.prevHash).toBe(read.events[i - 1].metadata.hash);
        expect(verifyChain(read.events).breaks).toEqual([]);
      });

      it('the hash covers the data: the same data gives the same hash only with the same predecessor', async () => {
        const s1 = streamName('chainA');
        const s2 = streamName('chainB');
        const eventId = randomUUID();
        await store.appendToStream(s1, [{ type: 'T', data: { x: 1 }, metadata: { eventId, recordedAt: 'r' } }], { expectedRevision: 'noStream' });
        await store.appendToStream(s2, [{ type: 'T', data: { x: 2 }, metadata: { eventId: randomUUID(), recordedAt: 'r' } }], {
          expectedRevision: 'noStream',
        });
        const [e1] = (await store.readStream(s1)).events;
        const [e2] = (await store.readStream(s2)).events;
        expect(e1.metadata.hash).not.toBe(e2.metadata.hash);
      });
    });

    describe('upcasting on read', () => {
      let upcasting: EventStore;
      beforeAll(async () => {
        upcasting = await open({
          upcasters: createUpcasterRegistry([
            { eventType: 'ConfUpcastBid', fromVersion: '1', toVersion: '2', upcast: (d) => ({ value: (d as { bid: number }).bid, passed: false }) },
            {
              eventType: 'ConfUpcastBid',
              fromVersion: '2',
              toVersion: '3',
              renames: true,
              upcast: (d) => ({ type: 'ConfBidMade', data: { ...(d as object), seat: 'unknown' } }),
            },
          ]),
        });
      });
      afterAll(async () => {
        await close(upcasting);
      });

      it('old versions read in the current shape, in streams and in the log; raw reads see the stored form', async () => {
        const s = streamName('upcast');
        await upcasting.appendToStream(
          s,
          [
            event('ConfUpcastBid', { bid: 18 }), // no schemaVersion: version 1
            event('ConfUpcastBid', { value: 20, passed: true }, { schemaVersion: '2' }),
            event('ConfBidMade', { value: 22, passed: false, seat: 'middlehand' }, { schemaVersion: '3' }),
          ],
          { expectedRevision: 'noStream' },
        );
        const current = [
          { value: 18, passed: false, seat: 'unknown' },
          { value: 20, passed: true, seat: 'unknown' },
          { value: 22, passed: false, seat: 'middlehand' },
        ];
        const read = (await upcasting.readStream(s)).events;
        expect(read.map((e) => e.type)).toEqual(['ConfBidMade', 'ConfBidMade', 'ConfBidMade']);
        expect(read.map((e) => e.data)).toEqual(current);
        expect(read.map((e) => e.metadata.schemaVersion)).toEqual(['3', '3', '3']);
        expect((await readAllOf(upcasting, { streamPrefixes: [s] })).map((e) => e.data)).toEqual(current);
        const raw = (await upcasting.readStream(s, { raw: true })).events;
        expect(raw.map((e) => e.data)).toEqual([{ bid: 18 }, { value: 20, passed: true }, current[2]]);
        expect(verifyChain(raw).breaks).toEqual([]);
      });

      it('subscriptions deliver the current shape too', async () => {
        const s = streamName('upcastSub');
        await upcasting.appendToStream(s, [event('ConfUpcastBid', { bid: 23 })], { expectedRevision: 'noStream' });
        const received = await new Promise<RecordedEvent>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('no event delivered')), EVENT_WAIT_MS);
          const sub = upcasting.subscribeToAll(
            {
              onEvent: async (e) => {
                clearTimeout(timer);
                await sub.close();
                resolve(e);
              },
            },
            { streamPrefixes: [s] },
          );
        });
        expect(received.type).toBe('ConfBidMade');
        expect(received.data).toEqual({ value: 23, passed: false, seat: 'unknown' });
      });
    });

    describe('bad input is refused with nothing written', () => {
      const cyclic: Record<string, unknown> = { a: 1 };
      cyclic.self = cyclic;
      const cases: [string, unknown, RegExp][] = [
        ['a BigInt', { chips: 10n }, /BigInt/],
        ['a cycle', cyclic, /cycle/],
        ['a function', { f: () => 1 }, /function/],
        ['NaN', { score: NaN }, /NaN/],
        ['Infinity', { score: [Infinity] }, /Infinity/],
        ['a Date', { at: new Date(0) }, /Date/],
        ['a Map', { seats: new Map() }, /Map/],
        ['undefined data', undefined, /undefined/],
        ['undefined in an array', [1, undefined], /undefined/],
        ['a symbol', { s: Symbol('x') }, /symbol/],
      ];
      it.each(cases)('data with %s → InvalidEventError naming it', async (_label, data, why) => {
        const s = streamName('bad');
        const batch = [event('Good', { ok: 1 }), event('Bad', data), event('Good', { ok: 2 })];
        const err = await store.appendToStream(s, batch, { expectedRevision: 'noStream' }).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(InvalidEventError);
        expect((err as Error).message).toMatch(why);
        expect((err as Error).message).toMatch(/event #1/);
        expect((await store.readStream(s)).exists).toBe(false);
      });

      it.each([
        ['a missing eventId', { type: 'T', data: {}, metadata: {} }, /eventId/],
        ['an eventId that is not a UUID', { type: 'T', data: {}, metadata: { eventId: 'abc' } }, /UUID/],
        ['a non-string metadata value', { type: 'T', data: {}, metadata: { eventId: randomUUID(), n: 3 } }, /metadata\.n/],
        ['an empty type', { type: '', data: {}, metadata: { eventId: randomUUID() } }, /type/],
        ['a caller-set hash', { type: 'T', data: {}, metadata: { eventId: randomUUID(), hash: 'x' } }, /hash/],
      ])('an event with %s → InvalidEventError', async (_label, bad, why) => {
        const s = streamName('badmeta');
        const err = await store.appendToStream(s, [event('Good', {}), bad as unknown as NewEvent], { expectedRevision: 'noStream' }).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(InvalidEventError);
        expect((err as Error).message).toMatch(why);
        expect((await store.readStream(s)).exists).toBe(false);
      });

      it('an event over the size limit → InvalidEventError naming the limit', async () => {
        const s = streamName('big');
        const err = await store
          .appendToStream(s, [event('Big', { blob: 'x'.repeat(2 * 1024 * 1024) })], { expectedRevision: 'noStream' })
          .catch((e: unknown) => e);
        expect(err).toBeInstanceOf(InvalidEventError);
        expect((err as Error).message).toMatch(/limit/);
        expect((await store.readStream(s)).exists).toBe(false);
      });

      it('an empty append and the same eventId twice in one append are refused', async () => {
        const s = streamName('empty');
        await expect(store.appendToStream(s, [], { expectedRevision: 'any' })).rejects.toBeInstanceOf(InvalidEventError);
        const e = event('T', {});
        await expect(store.appendToStream(s, [e, e], { expectedRevision: 'any' })).rejects.toBeInstanceOf(InvalidEventError);
        expect((await store.readStream(s)).exists).toBe(false);
      });
    });
  });
}
