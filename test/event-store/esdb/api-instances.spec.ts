/**
 * Several API instances on one EventStoreDB (#17 item 2), against the test double: each instance
 * keeps its own read-model file and follows $all with ONE filtered live subscription (as the API
 * does: its ledger has listeners from the start). An event recorded through instance A reaches B's
 * read models and B's listeners once each, in order, also across a leader change; the double's
 * per-connection counters show that B reads nothing else meanwhile (no polling, no re-read of the
 * log), and that a restart of B over its file reads only what follows its checkpoint.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RecordedEvent } from '../../../src/event-store/event-store';
import { openEsdbEventStore } from '../../../src/event-store/esdb/esdb-connection';
import { Ledger } from '../../../src/ledger/ledger';
import { ctx, playTableDeal } from '../../projections/helpers';
import { startEsdbTestCluster, startEsdbTestServer } from './esdb-test-server';
import { transferSince, type TransferCounters } from './transfer-counters';
import { waitFor } from './wait-for';
import { ledgerStore } from '../../../src/ledger/store-port';

const quick = {
  failover: { attempts: 12, initialBackoffMs: 5, maxBackoffMs: 50 },
  subscription: { initialBackoffMs: 5, maxBackoffMs: 50 },
};

interface Instance {
  readonly ledger: Ledger;
  /** Everything its listener was told, in order. */
  readonly told: RecordedEvent[];
}

/** An API instance: its own read-model file, a listener from the start (the API's response cache and subscription hub). */
async function instance(connectionString: string, name: string, readModelFile: string): Promise<Instance> {
  const store = await openEsdbEventStore(`${connectionString}&connectionName=${name}`, quick);
  const ledger = await Ledger.withStore(store, { readModelUrl: `sqlite:${readModelFile}` });
  const told: RecordedEvent[] = [];
  ledger.subscribe((event) => void told.push(event));
  return { ledger, told };
}

const userEvents = (events: readonly { streamName: string }[]) => events.filter((e) => !e.streamName.startsWith('$')).length;

function expectOnceInOrder(told: readonly RecordedEvent[], ledger: Ledger): void {
  expect(new Set(told.map((e) => e.eventId)).size).toBe(told.length);
  for (let i = 1; i < told.length; i++) expect(ledgerStore(ledger).comparePositions(told[i - 1].position, told[i].position)).toBeLessThan(0);
}

describe('two API instances on one EventStoreDB (test double)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'skat-api-instances-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("a deal recorded through A reaches B's read models and listener once each, in order, with no read by B but its one subscription", async () => {
    const server = await startEsdbTestServer();
    const a = await instance(server.connectionString, 'api-a', path.join(dir, 'a.db'));
    const b = await instance(server.connectionString, 'api-b', path.join(dir, 'b.db'));
    try {
      await a.ledger.execute({ type: 'OpenTable', tableId: 'two', players: ['Anna', 'Ben', 'Cleo'], firstDealer: 'Anna' }, ctx('admin', { role: 'admin' }));
      await waitFor(() => b.told.some((e) => e.streamName === 'table-two'), "B's listener told of the table");
      const before = { ...server.countersOf('api-b') };
      const logBefore = server.log.events.length;

      const dealId = await playTableDeal(a.ledger, 'two', 'two-instances');
      const appended = userEvents(server.log.events.slice(logBefore));
      await waitFor(() => b.told.length >= 1 + appended, "B's listener told of every event");

      // B's read models know the finished deal and its table's sheet (queries read nothing: the subscription keeps them).
      expect((await b.ledger.deal(dealId))?.status).toBe('scored');
      expect((await b.ledger.scoreSheet('two'))?.rows).toHaveLength(1);
      expect(await b.ledger.deal(dealId)).toEqual(await a.ledger.deal(dealId));

      // Once each, in log order: the deal's events exactly as stored.
      expectOnceInOrder(b.told, b.ledger);
      const dealEvents = await a.ledger.dealEvents(dealId);
      expect(b.told.filter((e) => e.streamName === `deal-${dealId}`).map((e) => e.eventId)).toEqual(dealEvents.map((e) => e.eventId));

      // What B cost the server meanwhile: nothing but the events pushed on its one subscription.
      const spent = transferSince(before, server.countersOf('api-b'));
      expect(spent).toMatchObject({ readCalls: 0, subscriptions: 0, appendRequests: 0, eventsSent: appended, subscriptionEventsSent: appended });
    } finally {
      await a.ledger.close();
      await b.ledger.close();
      await server.stop();
    }
  }, 60_000);

  it('across a leader change B resubscribes once from its last event: every event once, in order, nothing re-read', async () => {
    const cluster = await startEsdbTestCluster({ nodes: 3 });
    const entry = cluster.nodes[0].connectionString;
    const a = await instance(entry, 'api-a', path.join(dir, 'a.db'));
    const b = await instance(entry, 'api-b', path.join(dir, 'b.db'));
    try {
      await a.ledger.execute({ type: 'OpenTable', tableId: 'moving', players: ['Anna', 'Ben', 'Cleo'], firstDealer: 'Anna' }, ctx('admin', { role: 'admin' }));
      await waitFor(() => b.told.some((e) => e.streamName === 'table-moving'), "B's listener told of the table");
      const before: TransferCounters = cluster.countersOf('api-b');
      const logBefore = cluster.log.events.length;
      // B's subscription is cut by a leader change once it was sent 10 more events.
      cluster.leader().arm({ at: 'subscription', connection: 'api-b', afterEvents: 10, action: { kind: 'leaderChange' } });

      const dealId = await playTableDeal(a.ledger, 'moving', 'leader-change');
      const appended = userEvents(cluster.log.events.slice(logBefore));
      await waitFor(() => b.told.length >= 1 + appended, "B's listener told of every event");
      expect(cluster.nodes.reduce((n, node) => n + node.pendingFaults(), 0)).toBe(0);

      expect((await b.ledger.deal(dealId))?.status).toBe('scored');
      expectOnceInOrder(b.told, b.ledger);
      const dealEvents = await a.ledger.dealEvents(dealId);
      expect(b.told.filter((e) => e.streamName === `deal-${dealId}`).map((e) => e.eventId)).toEqual(dealEvents.map((e) => e.eventId));

      // One resubscription (on the new leader, after the last event B handled), no other read.
      const spent = transferSince(before, cluster.countersOf('api-b'));
      expect(spent.subscriptions).toBe(1);
      expect(spent.readCalls).toBe(1);
      // At most the events in flight when the old leader cut the call are sent again.
      expect(spent.eventsSent).toBeGreaterThanOrEqual(appended);
      expect(spent.eventsSent).toBeLessThanOrEqual(appended + 10);
    } finally {
      await a.ledger.close();
      await b.ledger.close();
      await cluster.stop();
    }
  }, 60_000);

  it('a restart of B over its read-model file reads only what was appended while it was down', async () => {
    const server = await startEsdbTestServer();
    const bFile = path.join(dir, 'b.db');
    const a = await instance(server.connectionString, 'api-a', path.join(dir, 'a.db'));
    let b = await instance(server.connectionString, 'api-b', bFile);
    try {
      await a.ledger.execute({ type: 'OpenTable', tableId: 'restart', players: ['Anna', 'Ben', 'Cleo'], firstDealer: 'Anna' }, ctx('admin', { role: 'admin' }));
      const first = await playTableDeal(a.ledger, 'restart', 'before-restart');
      await waitFor(() => b.told.length === userEvents(server.log.events), 'B told of everything');
      expect(await b.ledger.deal(first)).toEqual(await a.ledger.deal(first));
      await b.ledger.close();

      const logBefore = server.log.events.length;
      const second = await playTableDeal(a.ledger, 'restart', 'while-b-is-down');
      const whileDown = userEvents(server.log.events.slice(logBefore));

      const before = { ...server.countersOf('api-b') };
      b = await instance(server.connectionString, 'api-b', bFile);
      expect((await b.ledger.deal(second))?.status).not.toBe('inProgress');
      expect(await b.ledger.deal(second)).toEqual(await a.ledger.deal(second));
      expect((await b.ledger.scoreSheet('restart'))?.rows).toHaveLength(2);
      const spent = transferSince(before, server.countersOf('api-b'));
      // Two point reads of the binding check, then at most the events since its checkpoint (once
      // by the start's catch-up, the rest by its subscription), never the log from the start.
      expect(spent.eventsSent).toBeLessThanOrEqual(2 + 2 * whileDown);
      expect(spent.eventsSent).toBeLessThan(userEvents(server.log.events));
    } finally {
      await a.ledger.close();
      await b.ledger.close();
      await server.stop();
    }
  }, 60_000);

  it('a rebuild of B while it follows swaps in new tables; what follows is applied after them (a read fills the gap)', async () => {
    const server = await startEsdbTestServer();
    const a = await instance(server.connectionString, 'api-a', path.join(dir, 'a.db'));
    const b = await instance(server.connectionString, 'api-b', path.join(dir, 'b.db'));
    try {
      await a.ledger.execute({ type: 'OpenTable', tableId: 'rebuilt', players: ['Anna', 'Ben', 'Cleo'], firstDealer: 'Anna' }, ctx('admin', { role: 'admin' }));
      const first = await playTableDeal(a.ledger, 'rebuilt', 'before-rebuild');
      await waitFor(() => b.told.length === userEvents(server.log.events), 'B told of everything');
      expect(await b.ledger.rebuildProjections()).toMatchObject({ deals: 1 });
      const second = await playTableDeal(a.ledger, 'rebuilt', 'after-rebuild');
      await waitFor(() => b.told.length === userEvents(server.log.events), 'B told of everything');
      expect(await b.ledger.deal(first)).toEqual(await a.ledger.deal(first));
      expect(await b.ledger.deal(second)).toEqual(await a.ledger.deal(second));
      expect(await b.ledger.scoreSheet('rebuilt')).toEqual(await a.ledger.scoreSheet('rebuilt'));
      expectOnceInOrder(b.told, b.ledger);
    } finally {
      await a.ledger.close();
      await b.ledger.close();
      await server.stop();
    }
  }, 60_000);
});
