/**
 * Failover without loss or duplicates (issue #17): a leader change or an outage in the middle of
 * an append (written, never acknowledged), a read and a subscription. The adapter retries appends
 * with the same event ids and expected revision (the server recognises a write it already has),
 * resumes reads after the last event delivered, and subscriptions from their last position.
 */
import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent, RecordedEvent } from '../../../src/event-store/event-store';
import { verifyChain } from '../../../src/event-store/hash-chain';
import { type EsdbEventStoreOptions } from '../../../src/event-store/esdb/esdb-event-store';
import { openEsdbEventStore } from '../../../src/event-store/esdb/esdb-connection';
import { startEsdbTestCluster, startEsdbTestServer, type EsdbTestCluster, type EsdbTestServer } from './esdb-test-server';
import { waitFor } from './wait-for';

const quick: EsdbEventStoreOptions = {
  failover: { attempts: 10, initialBackoffMs: 10, maxBackoffMs: 100 },
  subscription: { initialBackoffMs: 10, maxBackoffMs: 100, livenessIntervalMs: 2_000 },
};
const event = (n: number): NewEvent => ({ type: 'CardPlayed', data: { n }, metadata: { eventId: randomUUID() } });
const batch = (n: number) => Array.from({ length: n }, (_, i) => event(i));

async function drain<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

describe.each([
  ['BatchAppend', false],
  ['Append', true],
])('failover on a three-node cluster (%s)', (_label, legacy) => {
  let cluster: EsdbTestCluster;
  let store: EventStore;
  beforeEach(async () => {
    cluster = await startEsdbTestCluster({ nodes: 3, legacy });
    store = await openEsdbEventStore(cluster.nodes[0].connectionString, quick);
  });
  afterEach(async () => {
    await store.dispose();
    await cluster.stop();
    // Every armed failure fired: each test really went through its failover.
    expect(cluster.nodes.map((node) => node.pendingFaults())).toEqual([0, 0, 0]);
  });

  it.each([['noStream'], ['exact revision'], ['any']])('an append the old leader wrote but never acknowledged is recorded once (%s)', async (kind) => {
    const stream = `deal-failover-${randomUUID()}`;
    await store.appendToStream(stream, batch(2), { expectedRevision: 'noStream' });
    const target = kind === 'noStream' ? `${stream}-fresh` : stream;
    cluster.leader().arm({ at: 'append', action: { kind: 'leaderChange' } });
    const leaderBefore = cluster.leader();
    const result = await store.appendToStream(target, batch(3), { expectedRevision: kind === 'noStream' ? 'noStream' : kind === 'any' ? 'any' : 1n });
    expect(cluster.leader()).not.toBe(leaderBefore);
    const read = await store.readStream(target, { raw: true });
    expect(read.events).toHaveLength(kind === 'noStream' ? 3 : 5);
    expect(result.nextExpectedRevision).toBe(read.currentRevision);
    expect(new Set(read.events.map((e) => e.eventId)).size).toBe(read.events.length);
    expect(verifyChain(read.events).breaks).toEqual([]);
  });

  it('an outage of the leader in the middle of an append: retried after it is back, written once', async () => {
    const stream = `deal-outage-${randomUUID()}`;
    cluster.leader().arm({ at: 'append', action: { kind: 'outage', downMs: 80 } });
    await store.appendToStream(stream, batch(4), { expectedRevision: 'noStream' });
    await cluster.leader().settled();
    const read = await store.readStream(stream, { raw: true });
    expect(read.events).toHaveLength(4);
    expect(verifyChain(read.events).breaks).toEqual([]);
  });

  it('a leader change in the middle of a stream read and of a $all read: the whole answer, once', async () => {
    const stream = `deal-read-${randomUUID()}`;
    await store.appendToStream(stream, batch(30), { expectedRevision: 'noStream' });
    const expected = (await store.readStream(stream)).events.map((e) => e.eventId);
    cluster.leader().arm({ at: 'read', afterEvents: 10, action: { kind: 'leaderChange' } });
    expect((await store.readStream(stream)).events.map((e) => e.eventId)).toEqual(expected);
    const all = (await drain(store.readAll())).map((e) => e.eventId);
    cluster.leader().arm({ at: 'read', afterEvents: 12, action: { kind: 'leaderChange' } });
    expect((await drain(store.readAll())).map((e) => e.eventId)).toEqual(all);
  });

  it('a leader change in the middle of a subscription: every event once, in order', async () => {
    const prefix = `deal-sub-${randomUUID()}`;
    for (let i = 0; i < 3; i++) await store.appendToStream(`${prefix}-${i}`, batch(10), { expectedRevision: 'noStream' });
    const received: RecordedEvent[] = [];
    const sub = store.subscribeToAll({ onEvent: (e) => void received.push(e) }, { streamPrefixes: [prefix] });
    try {
      cluster.leader().arm({ at: 'subscription', afterEvents: 15, action: { kind: 'leaderChange' } });
      await waitFor(() => received.length >= 30, 'the 30 events of the catch-up');
      cluster.leader().arm({ at: 'subscription', afterEvents: 2, action: { kind: 'leaderChange' } });
      for (let i = 3; i < 6; i++) await store.appendToStream(`${prefix}-${i}`, batch(10), { expectedRevision: 'noStream' });
      await waitFor(() => received.length >= 60, 'the 30 live events');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(received).toHaveLength(60);
      expect(new Set(received.map((e) => e.eventId)).size).toBe(60);
      for (let i = 1; i < received.length; i++) expect(store.comparePositions(received[i - 1].position, received[i].position)).toBeLessThan(0);
    } finally {
      await sub.close();
    }
  });
});

describe('failover on a single node', () => {
  let server: EsdbTestServer;
  let store: EventStore;
  beforeEach(async () => {
    server = await startEsdbTestServer();
    store = await openEsdbEventStore(server.connectionString, quick);
  });
  afterEach(async () => {
    await store.dispose();
    await server.settled();
    await server.stop();
    expect(server.pendingFaults()).toBe(0);
  });

  it('an outage in the middle of a stream read: the read resumes and is complete', async () => {
    const stream = `deal-node-${randomUUID()}`;
    await store.appendToStream(stream, batch(25), { expectedRevision: 'noStream' });
    server.arm({ at: 'read', afterEvents: 5, action: { kind: 'outage', downMs: 60 } });
    const read = await store.readStream(stream);
    expect(read.events.map((e) => e.revision)).toEqual(Array.from({ length: 25 }, (_, i) => BigInt(i)));
  });
});
