/**
 * Two API instances on one EventStoreDB (#17 item 2), the second a whole API server, against the
 * test double: moves recorded through instance A reach a `dealUpdates` subscriber of instance B over
 * graphql-ws once each and in order, and B's GraphQL list shows the deal at once despite a minute's
 * response cache (the subscription's events clear it), while B follows $all with
 * its one live subscription (the double's counters for B's connection: no new $all subscription or
 * filtered read; what B was sent on subscriptions is exactly what A appended).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DealEventHub } from '../../../src/api/subscriptions/deal-event-hub';
import { openEsdbEventStore } from '../../../src/event-store/esdb/esdb-connection';
import { Ledger } from '../../../src/ledger/ledger';
import { collect, startServer } from '../../api/harness';
import { ctx, playOut } from '../../projections/helpers';
import { startEsdbTestServer } from './esdb-test-server';
import { transferSince } from './transfer-counters';
import { waitFor } from './wait-for';

const UPDATES = `subscription($id: ID!) { dealUpdates(dealId: $id) { eventType revision } }`;

describe('a deal recorded through one API instance, watched through another (test double)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'skat-api-graphql-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("reaches B's dealUpdates subscriber once each, in order, through B's one subscription", async () => {
    const esdb = await startEsdbTestServer();
    const a = await Ledger.withStore(await openEsdbEventStore(`${esdb.connectionString}&connectionName=api-a`), {
      readModelUrl: `sqlite:${path.join(dir, 'a.db')}`,
    });
    // A response cache of a minute: only the events B's subscription brings can clear it in time.
    const b = await startServer({
      storeUrl: `${esdb.connectionString}&connectionName=api-b`,
      readModelUrl: `sqlite:${path.join(dir, 'b.db')}`,
      responseCacheMs: 60_000,
    });
    const list = `{ deals(first: 5) { totalCount nodes { id } } }`;
    try {
      const admin = b.token({ role: 'admin' });
      expect((await b.gql(list, {}, admin)).body.data.deals.totalCount).toBe(0);
      await a.execute({ type: 'OpenTable', tableId: 'watched', players: ['Anna', 'Ben', 'Cleo'], firstDealer: 'Anna' }, ctx('admin', { role: 'admin' }));
      const started = await a.execute({ type: 'StartTableDeal', tableId: 'watched', cards: { kind: 'seeded', seed: 'watched' } }, ctx());
      const dealId = started.dealId as string;
      // B's read models get the deal from its subscription, which clears B's cached list as it does.
      const deadline = Date.now() + 15_000;
      while ((await b.ledger.deal(dealId)) === null) {
        if (Date.now() > deadline) throw new Error("timed out waiting for B's read models to show the deal");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect((await b.gql(list, {}, admin)).body.data.deals).toMatchObject({ totalCount: 1, nodes: [{ id: dealId }] });
      // Then a subscriber of B waits for the deal's moves.
      const hub = b.app.get(DealEventHub);
      const watcher = collect(b.ws(admin), UPDATES, { id: dealId });
      await waitFor(() => hub.subscriberCount(dealId) === 1, "B's subscriber registered");
      const before = { ...esdb.countersOf('api-b') };
      const known = (await a.dealEvents(dealId)).length;
      const logBefore = esdb.log.events.length;

      await playOut(a, dealId, 'watched');
      const moves = (await a.dealEvents(dealId)).slice(known);
      await watcher.until((r) => r.length >= moves.length, 30_000);
      watcher.stop();

      expect(watcher.failure).toBeNull();
      expect(watcher.received.map((m) => m.data.dealUpdates.revision)).toEqual(moves.map((e) => String(e.revision)));
      expect(watcher.received.map((m) => m.data.dealUpdates.eventType)).toEqual(moves.map((e) => e.type));
      const deal = `query($id: ID!) { deal(id: $id) { status } }`;
      expect((await b.gql(deal, { id: dealId }, admin)).body.data.deal.status).not.toBe('IN_PROGRESS');

      // B opened no new subscription or filtered read of $all meanwhile; its one subscription carried
      // exactly what A appended (B's other reads are the subscriber's frames: that deal's stream).
      const spent = transferSince(before, esdb.countersOf('api-b'));
      const appended = esdb.log.events.length - logBefore;
      expect(spent.subscriptions).toBe(0);
      expect(spent.subscriptionEventsSent).toBe(appended);
    } finally {
      await b.close();
      await a.close();
      await esdb.stop();
    }
  }, 90_000);
});
