/**
 * What the conformance suite cannot show about the EventStoreDB adapter: the server going away
 * (closed port, stop mid-run, restart, unresponsive), conflict mapping on both append paths of the
 * client, the chain under concurrent writers, subscription supervision and ordering, and dispose.
 * Runs against the in-process test double (esdb-test-server.ts).
 */
import { createServer } from 'node:net';
import { randomUUID } from 'node:crypto';
import { ConcurrencyError, InvalidEventError, StoreConfigError, StoreUnavailableError } from '../../../src/event-store/errors';
import type { EventStore, NewEvent, RecordedEvent, SubscriptionHandlers } from '../../../src/event-store/event-store';
import { verifyChain } from '../../../src/event-store/hash-chain';
import { createUpcasterRegistry } from '../../../src/event-store/versioning/upcasting';
import { openEventStore } from '../../../src/event-store/store-url';
import { type EsdbEventStoreOptions } from '../../../src/event-store/esdb/esdb-event-store';
import { openEsdbEventStore } from '../../../src/event-store/esdb/esdb-connection';
import { SubscriptionStalledError } from '../../../src/event-store/esdb/esdb-errors';
import { startEsdbTestServer, type EsdbTestServer } from './esdb-test-server';
import { waitFor } from './wait-for';

const event = (type = 'CardPlayed', data: unknown = { card: 'CJ' }): NewEvent => ({ type, data, metadata: { eventId: randomUUID() } });
const events = (n: number) => Array.from({ length: n }, (_, i) => event('CardPlayed', { trick: i }));
let streamCounter = 0;
const stream = (label: string) => `deal-${label}${++streamCounter}x${randomUUID().slice(0, 8)}`;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

async function drain<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

function recorder() {
  const received: RecordedEvent[] = [];
  const errors: Error[] = [];
  const checkpoints: string[] = [];
  const caughtUp: (string | undefined)[] = [];
  const handlers: SubscriptionHandlers = {
    onEvent: (e) => void received.push(e),
    onError: (e) => void errors.push(e),
    onCheckpoint: (p) => void checkpoints.push(p),
    onCaughtUp: (p) => void caughtUp.push(p),
  };
  return { received, errors, checkpoints, caughtUp, handlers };
}

const fastSupervision: EsdbEventStoreOptions = { subscription: { initialBackoffMs: 20, maxBackoffMs: 200, livenessIntervalMs: 500 } };
/** A server that is down stays down in these tests: give up after one quick retry instead of riding out a failover. */
const quickGiveUp: EsdbEventStoreOptions = { failover: { attempts: 1, initialBackoffMs: 10, maxBackoffMs: 10 } };

describe.each([
  ['BatchAppend', false],
  ['Append (no server features)', true],
])('EventStoreDB adapter, append path %s', (_label, legacy) => {
  describe('server unreachable → StoreUnavailableError', () => {
    it('append to a closed port (the client raises a raw gRPC code 14)', async () => {
      const store = await openEsdbEventStore(`esdb://127.0.0.1:${await freePort()}?tls=false`, quickGiveUp);
      try {
        const error = await failure(store.appendToStream(stream('down'), [event()], { expectedRevision: 'noStream' }));
        expect(error).toBeInstanceOf(StoreUnavailableError);
        expect((error as StoreUnavailableError).cause).toMatchObject({ code: 14 });
      } finally {
        await store.dispose();
      }
    });

    it('reads of a closed port (the client raises UnavailableError)', async () => {
      const store = await openEsdbEventStore(`esdb://127.0.0.1:${await freePort()}?tls=false`, quickGiveUp);
      try {
        const error = await failure(store.readStream(stream('down')));
        expect(error).toBeInstanceOf(StoreUnavailableError);
        expect((error as StoreUnavailableError).cause).toMatchObject({ type: 'unavailable' });
        expect(await failure(drain(store.readAll()))).toBeInstanceOf(StoreUnavailableError);
        expect(await failure(drain(store.listStreams('deal-')))).toBeInstanceOf(StoreUnavailableError);
      } finally {
        await store.dispose();
      }
    });

    it('the server stopped mid-run: append and read fail, and both work again after a restart', async () => {
      const server = await startEsdbTestServer({ legacy });
      const store = await openEsdbEventStore(server.connectionString, quickGiveUp);
      try {
        const s = stream('midrun');
        await store.appendToStream(s, events(2), { expectedRevision: 'noStream' });
        await server.stop();
        expect(await failure(store.appendToStream(s, [event()], { expectedRevision: 1n }))).toBeInstanceOf(StoreUnavailableError);
        expect(await failure(store.readStream(s))).toBeInstanceOf(StoreUnavailableError);
        await server.restart();
        const after = await store.appendToStream(s, [event()], { expectedRevision: 1n });
        expect(after.nextExpectedRevision).toBe(2n);
        const read = await store.readStream(s, { raw: true });
        expect(read.events).toHaveLength(3);
        expect(verifyChain(read.events).breaks).toEqual([]);
      } finally {
        await store.dispose();
        await server.stop();
      }
    });
  });

  describe('conflicts and the chain', () => {
    let server: EsdbTestServer;
    let store: EventStore;
    beforeAll(async () => {
      server = await startEsdbTestServer({ legacy });
      store = await openEsdbEventStore(server.connectionString);
    });
    afterAll(async () => {
      await store.dispose();
      await server.stop();
    });

    it('WrongExpectedVersion from the server becomes one ConcurrencyError with expected and actual', async () => {
      const s = stream('conflict');
      await store.appendToStream(s, events(3), { expectedRevision: 'noStream' });
      const stale = await failure(store.appendToStream(s, [event()], { expectedRevision: 0n }));
      expect(stale).toBeInstanceOf(ConcurrencyError);
      expect(stale).toMatchObject({ streamName: s, expected: '0', actual: '2' });
      const taken = await failure(store.appendToStream(s, [event()], { expectedRevision: 'noStream' }));
      expect(taken).toMatchObject({ expected: 'noStream', actual: '2' });
      const ahead = await failure(store.appendToStream(s, [event()], { expectedRevision: 7n }));
      expect(ahead).toMatchObject({ expected: '7', actual: '2' });
    });

    it('concurrent `any` writers from two clients never fork the chain', async () => {
      const other = await openEsdbEventStore(server.connectionString);
      try {
        const s = stream('race');
        const writes = Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? store : other).appendToStream(s, events(2), { expectedRevision: 'any' }));
        const results = await Promise.all(writes);
        expect(new Set(results.map((r) => r.nextExpectedRevision)).size).toBe(8);
        const read = await store.readStream(s, { raw: true });
        expect(read.events).toHaveLength(16);
        expect(verifyChain(read.events).breaks).toEqual([]);
      } finally {
        await other.dispose();
      }
    });

    it('a retried `any` batch that is already the tail of the stream is a no-op with the original result', async () => {
      const s = stream('anyRetry');
      await store.appendToStream(s, events(1), { expectedRevision: 'noStream' });
      const batch = events(2);
      const first = await store.appendToStream(s, batch, { expectedRevision: 'any' });
      const again = await store.appendToStream(s, batch, { expectedRevision: 'any' });
      expect(again).toEqual(first);
      expect((await store.readStream(s)).events).toHaveLength(3);
    });

    it('system streams are refused; $all reads leave system events out', async () => {
      expect(await failure(store.appendToStream('$settings', [event()], { expectedRevision: 'any' }))).toBeInstanceOf(InvalidEventError);
      const all = await drain(store.readAll());
      expect(all.length).toBeGreaterThan(0);
      expect(all.filter((e) => e.streamName.startsWith('$') || e.type.startsWith('$'))).toEqual([]);
      expect(server.log.events.some((e) => e.type.startsWith('$'))).toBe(true);
    });
  });
});

describe('EventStoreDB adapter subscriptions', () => {
  let server: EsdbTestServer;
  let store: EventStore;
  beforeEach(async () => {
    server = await startEsdbTestServer();
    store = await openEsdbEventStore(server.connectionString, fastSupervision);
  });
  afterEach(async () => {
    await store.dispose();
    await server.stop();
  });

  it('signals caught up only after every earlier event was handled, even with a slow handler', async () => {
    const prefix = stream('slow');
    for (let i = 0; i < 6; i++) await store.appendToStream(`${prefix}-${i}`, events(50), { expectedRevision: 'noStream' });
    const handled: RecordedEvent[] = [];
    let handledAtCaughtUp = -1;
    const sub = store.subscribeToAll(
      {
        onEvent: async (e) => {
          await new Promise((resolve) => setImmediate(resolve));
          handled.push(e);
        },
        onCaughtUp: () => (handledAtCaughtUp = handled.length),
      },
      { streamPrefixes: [prefix] },
    );
    try {
      await waitFor(() => handledAtCaughtUp >= 0, 'caught up');
      expect(handledAtCaughtUp).toBe(300);
      for (let i = 1; i < handled.length; i++) expect(store.comparePositions(handled[i - 1].position, handled[i].position)).toBeLessThan(0);
    } finally {
      await sub.close();
    }
  });

  it('reports server checkpoints while nothing matches the filter, and they advance', async () => {
    for (let i = 0; i < 4; i++) await store.appendToStream(stream('noise'), events(40), { expectedRevision: 'noStream' });
    const r = recorder();
    const sub = store.subscribeToAll(r.handlers, { streamPrefixes: [stream('quiet')] });
    try {
      await waitFor(() => r.caughtUp.length === 1, 'caught up');
      expect(r.received).toEqual([]);
      expect(r.checkpoints.length).toBeGreaterThanOrEqual(2);
      for (let i = 1; i < r.checkpoints.length; i++) expect(store.comparePositions(r.checkpoints[i - 1], r.checkpoints[i])).toBeLessThan(0);
      expect(r.caughtUp[0]).toBe(r.checkpoints[r.checkpoints.length - 1]);
    } finally {
      await sub.close();
    }
  });

  it('resubscribes after the server restarts and delivers every event exactly once', async () => {
    const prefix = stream('restart');
    await store.appendToStream(`${prefix}-1`, events(3), { expectedRevision: 'noStream' });
    const r = recorder();
    const sub = store.subscribeToAll(r.handlers, { streamPrefixes: [prefix] });
    try {
      await waitFor(() => r.received.length === 3, '3 events');
      await server.stop();
      await waitFor(() => r.errors.length > 0, 'an error report');
      expect(r.errors[0]).toBeInstanceOf(StoreUnavailableError);
      await server.restart();
      const writer = await openEsdbEventStore(server.connectionString);
      await writer.appendToStream(`${prefix}-1`, events(2), { expectedRevision: 2n });
      await writer.appendToStream(`${prefix}-2`, events(1), { expectedRevision: 'noStream' });
      await writer.dispose();
      await waitFor(() => r.received.length >= 6, '6 events');
      expect(r.received.map((e) => `${e.streamName.slice(-2)}@${e.revision}`)).toEqual(['-1@0', '-1@1', '-1@2', '-1@3', '-1@4', '-2@0']);
      expect(r.caughtUp).toHaveLength(1);
    } finally {
      await sub.close();
    }
  });

  it('raises the liveness alarm when an unresponsive server sends nothing, then recovers', async () => {
    const prefix = stream('stall');
    const r = recorder();
    const sub = store.subscribeToAll(r.handlers, { streamPrefixes: [prefix] });
    try {
      await waitFor(() => r.caughtUp.length === 1, 'caught up');
      server.freeze();
      await waitFor(() => r.errors.some((e) => e instanceof SubscriptionStalledError), 'a stall alarm');
      const alarm = r.errors.find((e) => e instanceof SubscriptionStalledError)!;
      expect(alarm).toBeInstanceOf(StoreUnavailableError);
      server.thaw();
      const writer = await openEsdbEventStore(server.connectionString);
      await writer.appendToStream(`${prefix}-1`, events(2), { expectedRevision: 'noStream' });
      await writer.dispose();
      await waitFor(() => r.received.length >= 2, 'events after the thaw');
      expect(r.received.map((e) => e.revision)).toEqual([0n, 1n]);
    } finally {
      await sub.close();
    }
  });

  it('a quiet but reachable server raises no alarm (the probe answers)', async () => {
    const r = recorder();
    const sub = store.subscribeToAll(r.handlers, { streamPrefixes: [stream('calm')] });
    try {
      await waitFor(() => r.caughtUp.length === 1, 'caught up');
      const readsBefore = server.readCalls();
      await waitFor(() => server.readCalls() >= readsBefore + 2, 'two liveness probes');
      expect(r.errors).toEqual([]);
    } finally {
      await sub.close();
    }
  });

  it('a throwing handler is reported and its event delivered again', async () => {
    const prefix = stream('throws');
    await store.appendToStream(`${prefix}-1`, events(3), { expectedRevision: 'noStream' });
    const seen: bigint[] = [];
    const errors: Error[] = [];
    let failOnce = true;
    const sub = store.subscribeToAll(
      {
        onEvent: (e) => {
          if (e.revision === 1n && failOnce) {
            failOnce = false;
            throw new Error('projection row locked');
          }
          seen.push(e.revision);
        },
        onError: (e) => void errors.push(e),
      },
      { streamPrefixes: [prefix] },
    );
    try {
      await waitFor(() => seen.length === 3, 'all three events handled');
      expect(seen).toEqual([0n, 1n, 2n]);
      expect(errors.map((e) => e.message)).toEqual(['projection row locked']);
    } finally {
      await sub.close();
    }
  });
});

describe('EventStoreDB adapter lifecycle', () => {
  it('dispose closes live subscriptions on the server and refuses further use', async () => {
    const server = await startEsdbTestServer();
    const store = await openEsdbEventStore(server.connectionString);
    const witnessStore = await openEsdbEventStore(server.connectionString);
    try {
      const prefix = stream('dispose');
      const r = recorder();
      store.subscribeToAll(r.handlers, { streamPrefixes: [prefix] });
      await waitFor(() => r.caughtUp.length === 1, 'caught up');
      expect(server.log.listenerCount).toBe(1);
      await store.dispose();
      await waitFor(() => server.log.listenerCount === 0, 'the server to see the subscription end');
      await witnessStore.appendToStream(`${prefix}-1`, events(2), { expectedRevision: 'noStream' });
      const witness = recorder();
      const sub = witnessStore.subscribeToAll(witness.handlers, { streamPrefixes: [prefix] });
      await waitFor(() => witness.received.length === 2, 'the witness to see the events');
      await sub.close();
      expect(r.received).toEqual([]);
      expect(await failure(store.readStream(`${prefix}-1`))).toBeInstanceOf(StoreUnavailableError);
      await store.dispose(); // twice is harmless
    } finally {
      await witnessStore.dispose();
      await server.stop();
    }
  });

  it('opens through the store URL and refuses what is not an EventStoreDB connection string', async () => {
    const server = await startEsdbTestServer();
    try {
      const store = await openEventStore(server.connectionString);
      const s = stream('url');
      await store.appendToStream(s, [event()], { expectedRevision: 'noStream' });
      expect((await store.readStream(s)).currentRevision).toBe(0n);
      await store.dispose();
    } finally {
      await server.stop();
    }
    await expect(openEsdbEventStore('http://127.0.0.1:2113')).rejects.toBeInstanceOf(StoreConfigError);
    await expect(openEsdbEventStore('esdb://')).rejects.toBeInstanceOf(StoreConfigError);
  });

  it('read-only stores refuse appends; subscriptions deliver events upcast to their current shape', async () => {
    const server = await startEsdbTestServer();
    const upcasters = createUpcasterRegistry([
      { eventType: 'BidMade', fromVersion: '1', toVersion: '2', upcast: (d) => ({ value: (d as { bid: number }).bid }) },
    ]);
    const writer = await openEsdbEventStore(server.connectionString);
    const reader = await openEventStore(server.connectionString, { readonly: true, upcasters });
    try {
      const s = stream('readonly');
      await writer.appendToStream(s, [event('BidMade', { bid: 18 })], { expectedRevision: 'noStream' });
      expect(await failure(reader.appendToStream(s, [event()], { expectedRevision: 0n }))).toBeInstanceOf(StoreUnavailableError);
      const r = recorder();
      const sub = reader.subscribeToAll(r.handlers, { streamPrefixes: [s] });
      await waitFor(() => r.received.length === 1, 'the upcast event');
      await sub.close();
      expect(r.received[0].data).toEqual({ value: 18 });
      expect(r.received[0].metadata.schemaVersion).toBe('2');
    } finally {
      await reader.dispose();
      await writer.dispose();
      await server.stop();
    }
  });

  it('positions are "<commit>/<prepare>", compared numerically; malformed ones are refused', async () => {
    const store = await openEsdbEventStore('esdb://127.0.0.1:1?tls=false');
    try {
      expect(store.comparePositions('10/10', '9/9')).toBeGreaterThan(0);
      expect(store.comparePositions('100/100', '100/100')).toBe(0);
      expect(store.comparePositions('7/5', '7/6')).toBeLessThan(0);
      expect(store.comparePositions('18446744073709551615/18446744073709551615', '18446744073709551614/18446744073709551615')).toBeGreaterThan(0);
      expect(store.comparePositions('42', '42/42')).toBe(0);
      expect(() => store.comparePositions('x', '1/1')).toThrow(InvalidEventError);
      expect(() => store.readAll({ after: 'end' })).toThrow(InvalidEventError);
    } finally {
      await store.dispose();
    }
  });
});
