/**
 * Listing deal streams through the read-model file (#17 item 1), against the test double: the
 * deal summaries up to the checkpoint plus a filtered read after it give the store's own listing,
 * the file is used only when it belongs to the store, and it is never written.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openEsdbEventStore } from '../../../src/event-store/esdb/esdb-connection';
import type { EventStore } from '../../../src/event-store/event-store';
import { Ledger } from '../../../src/ledger/ledger';
import { openReadModelListing } from '../../../src/ledger/reads/read-model-listing';
import { ctx, playTableDeal } from '../../projections/helpers';
import { startEsdbTestServer, type EsdbTestServer } from './esdb-test-server';

async function collect(items: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** A ledger over the server that records a table with two deals into `file`, then closes. */
async function recordTwoDeals(server: EsdbTestServer, file: string, tableId: string): Promise<string[]> {
  const ledger = await Ledger.withStore(await openEsdbEventStore(server.connectionString), { readModelUrl: `sqlite:${file}` });
  try {
    await ledger.execute({ type: 'OpenTable', tableId, players: ['Anna', 'Ben', 'Cleo'], firstDealer: 'Anna' }, ctx('admin', { role: 'admin' }));
    return [await playTableDeal(ledger, tableId, `${tableId}-1`), await playTableDeal(ledger, tableId, `${tableId}-2`)];
  } finally {
    await ledger.close();
  }
}

describe('listing deal streams from the read-model file (test double)', () => {
  let dir: string;
  let server: EsdbTestServer;
  let store: EventStore;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'skat-listing-'));
    server = await startEsdbTestServer();
    store = await openEsdbEventStore(server.connectionString);
  });
  afterEach(async () => {
    await store.dispose();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("lists the rows up to the checkpoint and the deals started after it, as the store's own listing does, without writing the file", async () => {
    const file = path.join(dir, 'rm.db');
    const deals = await recordTwoDeals(server, file, 'listed');
    // A deal recorded while no instance followed: after the file's checkpoint.
    const [later] = await recordTwoDeals(server, path.join(dir, 'other.db'), 'later');
    const written = statSync(file).mtimeMs;

    const listing = await openReadModelListing(store, `sqlite:${file}`);
    expect(listing).toBeDefined();
    try {
      const fromFile = await collect(listing!.dealStreams('deal-'));
      const fromStore = await collect(store.listStreams('deal-'));
      expect([...fromFile].sort()).toEqual([...fromStore].sort());
      expect(fromFile).toEqual(expect.arrayContaining([...deals, later].map((id) => `deal-${id}`)));
      expect(await collect(listing!.tableDealIds('listed'))).toEqual(deals);
      expect(await collect(listing!.tableDealIds('later'))).toContain(later);
      expect(await collect(listing!.dealStreams(`deal-${deals[0]}`))).toEqual([`deal-${deals[0]}`]);
    } finally {
      listing!.close();
    }
    expect(statSync(file).mtimeMs).toBe(written);
  }, 60_000);

  it('answers for nothing it cannot vouch for: a missing file, a file of another store', async () => {
    expect(await openReadModelListing(store, `sqlite:${path.join(dir, 'missing.db')}`)).toBeUndefined();
    const otherServer = await startEsdbTestServer();
    try {
      const foreign = path.join(dir, 'foreign.db');
      await recordTwoDeals(otherServer, foreign, 'elsewhere');
      await recordTwoDeals(server, path.join(dir, 'own.db'), 'here');
      expect(await openReadModelListing(store, `sqlite:${foreign}`)).toBeUndefined();
    } finally {
      await otherServer.stop();
    }
  }, 60_000);
});
