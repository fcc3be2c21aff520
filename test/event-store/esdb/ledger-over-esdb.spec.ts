/**
 * The whole product over the EventStoreDB adapter (against the in-process test double): the ISS
 * corpus imported through the Ledger, scored, listed, put on score sheets, verified and rescored,
 * with the same answers as over SQLite.
 */
import { importIssText } from '../../../src/archive/import/import-iss';
import { verifyStore } from '../../../src/event-store/integrity/verify-store';
import { Ledger } from '../../../src/ledger/ledger';
import { corpusLines } from '../../iss/corpus';
import { startEsdbTestServer, type EsdbTestServer } from './esdb-test-server';
import { ledgerStore } from '../../../src/ledger/store-port';
import { ledgerImportTarget } from '../../support/ledger-import-target';

const corpus = corpusLines()
  .map((l) => l.text)
  .join('\n');

async function importedInto(storeUrl: string): Promise<Ledger> {
  // Read models in memory here: the default for EventStoreDB is a file under ./data (read-model-binding.spec.ts covers files).
  const ledger = await Ledger.open({ storeUrl, readModelUrl: 'sqlite::memory:' });
  const summary = await importIssText(ledgerImportTarget(ledger), corpus);
  expect(summary).toMatchObject({ records: 33, imported: 33, rejectedCount: 0 });
  await ledger.catchUp();
  return ledger;
}

describe('Ledger over EventStoreDB (test double)', () => {
  let server: EsdbTestServer;
  let esdb: Ledger;
  let sqlite: Ledger;

  beforeAll(async () => {
    server = await startEsdbTestServer();
    esdb = await importedInto(server.connectionString);
    sqlite = await importedInto('sqlite::memory:');
  });

  afterAll(async () => {
    await esdb?.close();
    await sqlite?.close();
    await server?.stop();
  });

  it('scores every imported deal exactly as over SQLite', async () => {
    const page = { first: 100 };
    const viaEsdb = await esdb.deals({}, page);
    const viaSqlite = await sqlite.deals({}, page);
    expect(viaEsdb.totalCount).toBe(33);
    const byId = (items: typeof viaEsdb.items) => new Map(items.map((d) => [d.dealId, d]));
    const a = byId(viaEsdb.items);
    const b = byId(viaSqlite.items);
    expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
    for (const [id, d] of b) expect(a.get(id)).toEqual(d);
    expect(a.get('iss-4947663')).toMatchObject({ declarerName: 'goskat', gameType: 'clubs', won: false, score: -48 });
  });

  it('builds the same score sheet and replay frames', async () => {
    expect(await esdb.scoreSheet('iss-series-251395')).toEqual(await sqlite.scoreSheet('iss-series-251395'));
    const frames = await esdb.frames('iss-4947663', {}, { kind: 'all' });
    expect(frames.map((f) => f.hands)).toEqual((await sqlite.frames('iss-4947663', {}, { kind: 'all' })).map((f) => f.hands));
  });

  it('re-importing appends nothing, every chain verifies and rescoring finds no difference', async () => {
    const again = await importIssText(ledgerImportTarget(esdb), corpus);
    expect(again).toMatchObject({ imported: 0, alreadyPresent: 33, events: 0 });
    const report = await verifyStore(ledgerStore(esdb));
    expect(report.breaks).toEqual([]);
    expect(await esdb.rescore()).toEqual([]);
  });
});
