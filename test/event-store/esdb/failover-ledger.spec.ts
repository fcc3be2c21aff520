/**
 * Failover acceptance (#17): leader changes on a three-node double during a 1,000-deal bulk import,
 * during a live deal's moves and during subscriptions. Afterwards every deal is present exactly
 * once, every chain verifies, and each subscriber received every event once, in order.
 */
import type { RecordedEvent } from '../../../src/event-store/event-store';
import { verifyStore } from '../../../src/event-store/integrity/verify-store';
import { openEsdbEventStore } from '../../../src/event-store/esdb/esdb-connection';
import { Ledger } from '../../../src/ledger/ledger';
import type { AppendBatch } from '../../../src/event-store/event-store';
import { verifyChain } from '../../../src/event-store/hash-chain';
import type { LoggedEvent } from './in-memory-log';
import { readIssRecord } from '../../../src/format/iss/iss-reader';
import { issRecordToEvents } from '../../../src/archive/import/iss-record-to-events';
import { corpusLines } from '../../iss/corpus';
import { ctx, playTableDeal } from '../../projections/helpers';
import { startEsdbTestCluster, type EsdbTestCluster } from './esdb-test-server';
import { waitFor } from './wait-for';
import { ledgerStore } from '../../../src/ledger/store-port';

const quick = {
  failover: { attempts: 12, initialBackoffMs: 5, maxBackoffMs: 50 },
  subscription: { initialBackoffMs: 5, maxBackoffMs: 50, livenessIntervalMs: 5_000 },
};

/** `count` deals as an ISS import derives them: the corpus again and again with fresh IDs. */
function importedDeals(count: number): AppendBatch[] {
  const corpus = corpusLines().map((l) => l.text);
  const batches: AppendBatch[] = [];
  for (let i = 0; batches.length < count; i++) {
    const k = Math.floor(i / corpus.length);
    const line = corpus[i % corpus.length].replace(/ID\[(\d+)\]/, `ID[${k}x$1]`);
    const read = readIssRecord(line);
    if (!read.ok) continue;
    const converted = issRecordToEvents(read.record, { line, lineNumber: i + 1, file: null });
    if (converted.ok) batches.push({ streamName: `deal-${converted.deal.dealId}`, events: converted.deal.events, expectedRevision: 'noStream' });
  }
  return batches;
}

/** The double's stored events as the adapter would read them raw (JSON data and metadata as written). */
function recordedOf(events: readonly LoggedEvent[]): RecordedEvent[] {
  return events.map((e) => {
    const metadata = JSON.parse(Buffer.from(e.customMetadata).toString('utf8')) as RecordedEvent['metadata'];
    return {
      streamName: e.streamName,
      type: e.type,
      data: JSON.parse(Buffer.from(e.data).toString('utf8')),
      metadata,
      eventId: metadata.eventId ?? e.id,
      revision: e.revision,
      position: String(e.position),
    };
  });
}

async function ledgerOn(cluster: EsdbTestCluster): Promise<Ledger> {
  const store = await openEsdbEventStore(cluster.nodes[0].connectionString, quick);
  return Ledger.withStore(store, { readModelUrl: 'sqlite::memory:' });
}

/**
 * Leader changes armed at fixed points of the work, not by a timer: each is armed on the node that
 * leads at that moment, before the append that fires it, so every armed change fires (a timer could
 * arm a node that an earlier change had just deposed, and under load the count varied).
 */
function leaderChanges(cluster: EsdbTestCluster): { arm: () => void; armed: () => number; fired: () => number } {
  let armed = 0;
  return {
    arm: () => {
      cluster.leader().arm({ at: 'append', action: { kind: 'leaderChange' } });
      armed++;
    },
    armed: () => armed,
    fired: () => armed - cluster.nodes.reduce((n, node) => n + node.pendingFaults(), 0),
  };
}

/** The ledger with a leader change armed before every `every`-th command, `times` times. */
function changingLeaderEvery(ledger: Ledger, changes: ReturnType<typeof leaderChanges>, every: number, times: number): Ledger {
  let commands = 0;
  return new Proxy(ledger, {
    get(target, key) {
      // Methods bound to the ledger itself: its private fields are not reachable through a proxy.
      const value = Reflect.get(target, key) as unknown;
      if (key !== 'execute') return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      return (...args: Parameters<Ledger['execute']>) => {
        commands++;
        if (commands % every === 0 && changes.armed() < times) changes.arm();
        return target.execute(...args);
      };
    },
  });
}

describe('failover with the whole ledger on a three-node cluster (test double)', () => {
  let cluster: EsdbTestCluster;
  let ledger: Ledger;
  beforeAll(async () => {
    cluster = await startEsdbTestCluster({ nodes: 3 });
    ledger = await ledgerOn(cluster);
  });
  afterAll(async () => {
    await ledger.close();
    await cluster.stop();
  });

  it('a 1,000-deal bulk import (appendMany, several deals in flight) with leader changes: every deal once, every chain intact', async () => {
    const deals = importedDeals(1000);
    // A subscriber to one slice of the archive (the second copy of the corpus, 33 deals) throughout.
    const slice = 'deal-iss-1x';
    const expectedInSlice = deals.filter((d) => d.streamName.startsWith(slice)).reduce((n, d) => n + d.events.length, 0);
    const subscriber: RecordedEvent[] = [];
    const sub = ledgerStore(ledger).subscribeToAll({ onEvent: (e) => void subscriber.push(e) }, { streamPrefixes: [slice] });
    // Four leader changes, each in the middle of a 100-deal appendMany (the 2nd, 4th, 6th and 8th of ten).
    const changes = leaderChanges(cluster);
    for (let from = 0; from < deals.length; from += 100) {
      if ((from / 100) % 2 === 1 && from < 900) changes.arm();
      await ledgerStore(ledger).appendMany(deals.slice(from, from + 100));
    }
    expect(changes.armed()).toBe(4);
    expect(changes.fired()).toBe(4);

    // Every deal once: 1,000 deal streams, each with exactly the events of its batch, no id twice.
    const dealStreams = new Map<string, number>();
    for (const e of cluster.log.events) if (e.streamName.startsWith('deal-iss-')) dealStreams.set(e.streamName, (dealStreams.get(e.streamName) ?? 0) + 1);
    expect(dealStreams.size).toBe(1000);
    for (const deal of deals) expect(dealStreams.get(deal.streamName)).toBe(deal.events.length);
    const ids = cluster.log.events.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);

    // Every chain verifies: all 1,000 checked on the double's log directly (cheap), one slice again through the adapter.
    const breaks = [...dealStreams.keys()].flatMap((name) => verifyChain(recordedOf(cluster.log.streamEvents(name) ?? [])).breaks);
    expect(breaks).toEqual([]);
    const report = await verifyStore(ledgerStore(ledger), { streamPrefix: slice });
    expect(report).toMatchObject({ streams: 33, events: expectedInSlice, breaks: [] });
    expect((await ledger.deals({}, { first: 1 })).totalCount).toBe(1000);

    // The subscriber saw every event of its slice once, in log order.
    await waitFor(() => subscriber.length >= expectedInSlice, 'the subscriber to catch up', 60_000);
    await sub.close();
    expect(subscriber).toHaveLength(expectedInSlice);
    expect(new Set(subscriber.map((e) => e.eventId)).size).toBe(expectedInSlice);
    for (let i = 1; i < subscriber.length; i++)
      expect(ledgerStore(ledger).comparePositions(subscriber[i - 1].position, subscriber[i].position)).toBeLessThan(0);
  }, 180_000);

  it("a live deal's moves with leader changes: the deal complete once, its chain intact, listeners told every event once, in order", async () => {
    await ledger.execute({ type: 'OpenTable', tableId: 'failover', players: ['Anna', 'Ben', 'Cleo'], firstDealer: 'Anna' }, ctx('admin', { role: 'admin' }));
    const told: RecordedEvent[] = [];
    const unsubscribe = ledger.subscribe((e) => void told.push(e));
    const changes = leaderChanges(cluster);
    const dealId = await playTableDeal(changingLeaderEvery(ledger, changes, 4, 5), 'failover', 'failover-seed');
    expect(changes.armed()).toBeGreaterThanOrEqual(3);
    expect(changes.fired()).toBe(changes.armed());
    const events = await ledger.dealEvents(dealId);
    expect(new Set(events.map((e) => e.eventId)).size).toBe(events.length);
    expect((await verifyStore(ledgerStore(ledger), { streamPrefix: `deal-${dealId}` })).breaks).toEqual([]);
    expect((await ledger.deal(dealId))?.status).not.toBe('inProgress');
    await waitFor(() => told.filter((e) => e.streamName === `deal-${dealId}`).length >= events.length, 'listeners told of every move');
    unsubscribe();
    const toldOfDeal = told.filter((e) => e.streamName === `deal-${dealId}`);
    expect(toldOfDeal.map((e) => e.eventId)).toEqual(events.map((e) => e.eventId));
  }, 60_000);
});
