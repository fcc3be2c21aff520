import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { startServer, type TestServer } from '../api/harness';
import { importIssText } from '../../src/archive/import/import-iss';
import { ledgerImportTarget } from '../support/ledger-import-target';

const ISS_DIR = path.resolve(__dirname, '..', '..', '..', 'shared', 'data', 'iss');
const corpusText = readdirSync(ISS_DIR)
  .filter((f) => f.endsWith('.sgf'))
  .sort()
  .map((f) => readFileSync(path.join(ISS_DIR, f), 'utf8'))
  .join('');

describe('GET /api/export/deals.ndjson in the real app (ExportModule inside AppModule)', () => {
  let server: TestServer;
  let base: string;
  beforeAll(async () => {
    server = await startServer();
    base = server.url.replace(/\/graphql$/, '');
    const summary = await importIssText(ledgerImportTarget(server.ledger), corpusText);
    expect(summary.imported).toBe(33);
    // A live deal in progress: its hands are secret from the public.
    await server.ledger.execute(
      { type: 'StartDeal', dealId: 'live-secret', dealer: 'C', players: ['A', 'B', 'C'], cards: { kind: 'seeded', seed: 'secret' } },
      { commandId: 'start-live-secret', actorId: 'test' },
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  const lines = async (url: string, token?: string) => {
    const res = await fetch(base + url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    const body = await res.text();
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      deals: body
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l)),
    };
  };

  it('serves every finished deal as application/x-ndjson to anyone, but a deal in progress only to those who may see every card', async () => {
    const anon = await lines('/api/export/deals.ndjson');
    expect(anon.status).toBe(200);
    expect(anon.type).toMatch(/^application\/x-ndjson/);
    expect(anon.deals).toHaveLength(33);
    expect(anon.deals.map((d) => d.dealId)).not.toContain('live-secret');
    const admin = await lines('/api/export/deals.ndjson', server.token({ role: 'admin' }));
    expect(admin.deals).toHaveLength(34);
    expect(admin.deals.find((d) => d.dealId === 'live-secret')).toMatchObject({ status: 'inProgress', result: null });
  });

  it('pushes the filters down to the read model', async () => {
    const nulls = await lines('/api/export/deals.ndjson?gameType=null&source=import:iss');
    expect(nulls.deals.map((d) => d.dealId).sort()).toEqual(['iss-1390253', 'iss-25']);
    const series = await lines('/api/export/deals.ndjson?table=iss-series-251395&result=won');
    expect(series.deals.length).toBeGreaterThan(0);
    expect(series.deals.every((d) => d.tableId === 'iss-series-251395' && d.result.won)).toBe(true);
    const bad = await lines('/api/export/deals.ndjson?from=never');
    expect(bad.status).toBe(400);
  });
});
