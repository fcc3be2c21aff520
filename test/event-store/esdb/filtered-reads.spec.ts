/**
 * Reads proportional to what they return (issue #17): listing a prefix and reading one event type
 * are filtered on the server, so the double sends only the matching events (plus rare
 * checkpoints), however large the rest of the log. Also the start-up check of the server version.
 */
import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent } from '../../../src/event-store/event-store';
import { StoreConfigError } from '../../../src/event-store/errors';
import { openEsdbEventStore } from '../../../src/event-store/esdb/esdb-connection';
import { startEsdbTestServer, type EsdbTestServer } from './esdb-test-server';
import { transferSince } from './transfer-counters';

const event = (type: string, data: unknown = {}): NewEvent => ({ type, data, metadata: { eventId: randomUUID() } });

async function drain<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

describe('EventStoreDB adapter: server-side filtered reads', () => {
  let server: EsdbTestServer;
  let store: EventStore;
  const run = randomUUID().slice(0, 8);
  // 100 "archive" streams of 20 events and 2 "wanted" streams of 20 events: 2 % of the log.
  beforeAll(async () => {
    server = await startEsdbTestServer();
    store = await openEsdbEventStore(server.connectionString, { failover: { attempts: 8, initialBackoffMs: 10, maxBackoffMs: 50 } });
    for (let i = 0; i < 100; i++) {
      await store.appendToStream(`deal-${run}-old-${i}`, [event('DealStarted'), ...Array.from({ length: 19 }, () => event('CardPlayed'))], {
        expectedRevision: 'noStream',
      });
    }
    for (let i = 0; i < 2; i++) {
      await store.appendToStream(`deal-${run}-new-${i}`, [event('DealStarted'), ...Array.from({ length: 19 }, () => event('CardPlayed'))], {
        expectedRevision: 'noStream',
      });
    }
  });
  afterAll(async () => {
    await store.dispose();
    await server.stop();
  });

  it('listing a prefix transfers the events of the matching streams only', async () => {
    const before = { ...server.counters };
    const names = await drain(store.listStreams(`deal-${run}-new-`));
    const cost = transferSince(before, server.counters);
    expect(names).toEqual([`deal-${run}-new-0`, `deal-${run}-new-1`]);
    expect(cost.eventsSent).toBe(40);
    expect(cost.checkpointsSent).toBeLessThanOrEqual(1);
    // The server scanned the whole log; the wire carried 40 of its 2,043 events.
    expect(cost.eventsScanned).toBeGreaterThan(2000);
  });

  it('reading one event type transfers only events of that type, in log order', async () => {
    const before = { ...server.counters };
    const started = await drain(store.readAll({ eventTypes: ['DealStarted'], streamPrefixes: [`deal-${run}-`] }));
    const cost = transferSince(before, server.counters);
    expect(started).toHaveLength(102);
    expect(started.every((e) => e.type === 'DealStarted')).toBe(true);
    for (let i = 1; i < started.length; i++) expect(store.comparePositions(started[i - 1].position, started[i].position)).toBeLessThan(0);
    // The types go to the server (102 events), the prefixes are checked on the client.
    expect(cost.eventsSent).toBe(102);
    const typeOnly = { ...server.counters };
    const allStarted = await drain(store.readAll({ eventTypes: ['DealStarted'] }));
    expect(allStarted.filter((e) => e.streamName.startsWith(`deal-${run}-`))).toHaveLength(102);
    expect(transferSince(typeOnly, server.counters).eventsSent).toBe(allStarted.length);
  });

  it('a filtered read after a position and with maxCount reads only what follows and stops', async () => {
    const all = await drain(store.readAll({ streamPrefixes: [`deal-${run}-new-`] }));
    const before = { ...server.counters };
    const rest = await drain(store.readAll({ streamPrefixes: [`deal-${run}-new-`], after: all[29].position }));
    expect(rest.map((e) => e.eventId)).toEqual(all.slice(30).map((e) => e.eventId));
    expect(transferSince(before, server.counters).eventsSent).toBe(10);
    const firstThree = await drain(store.readAll({ streamPrefixes: [`deal-${run}-new-`], maxCount: 3 }));
    expect(firstThree.map((e) => e.eventId)).toEqual(all.slice(0, 3).map((e) => e.eventId));
  });

  it('an outage in the middle of a filtered read is ridden out: every matching event once, in order', async () => {
    const expected = await drain(store.readAll({ streamPrefixes: [`deal-${run}-new-`] }));
    server.arm({ at: 'subscription', afterEvents: 7, action: { kind: 'outage', downMs: 50 } });
    const again = await drain(store.readAll({ streamPrefixes: [`deal-${run}-new-`] }));
    await server.settled();
    expect(again.map((e) => e.eventId)).toEqual(expected.map((e) => e.eventId));
  });
});

describe('EventStoreDB adapter: start-up check of the server version', () => {
  it('refuses a server before 23.10 with a clear error, for appends and filtered reads', async () => {
    const server = await startEsdbTestServer({ serverVersion: '22.10.3' });
    const store = await openEsdbEventStore(server.connectionString);
    try {
      await expect(store.appendToStream('deal-old-server', [event('DealStarted')], { expectedRevision: 'noStream' })).rejects.toThrow(StoreConfigError);
      await expect(drain(store.listStreams('deal-'))).rejects.toThrow(/version 22\.10\.3 is not supported: Skat Ledger needs 23\.10 or later/);
      expect(server.log.streamEvents('deal-old-server')).toBeUndefined();
    } finally {
      await store.dispose();
      await server.stop();
    }
  });

  it('accepts 23.10 and later', async () => {
    const server = await startEsdbTestServer({ serverVersion: '23.10.0' });
    const store = await openEsdbEventStore(server.connectionString);
    try {
      await store.appendToStream('deal-new-server', [event('DealStarted')], { expectedRevision: 'noStream' });
      expect(await drain(store.listStreams('deal-new-'))).toEqual(['deal-new-server']);
    } finally {
      await store.dispose();
      await server.stop();
    }
  });
});
