/**
 * The response cache against writes by another process: a second Ledger on the same SQLite file
 * (as a CLI import would be) records deals; the server's next identical query must show them at
 * once, even with a TTL of a minute, because the store's change token moved.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importIssText } from '../../src/format/iss/import/importIss';
import { Ledger } from '../../src/ledger/ledger';
import { corpusLines } from '../iss/corpus';
import { startServer, type TestServer } from './harness';

const LIST = '{ deals(first: 50) { totalCount nodes { id } } }';

let dir: string;
let server: TestServer;
let other: Ledger;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'skat-cache-e2e-'));
  const storeUrl = `sqlite:${join(dir, 'ledger.db')}`;
  server = await startServer({ storeUrl, responseCacheMs: 60_000 });
  other = await Ledger.open({ storeUrl });
});

afterAll(async () => {
  await other?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('response cache and writes by another process on the same SQLite file', () => {
  it("answers the next identical query with the other process's deals, not the cached answer", async () => {
    const lines = corpusLines().slice(0, 3).map((l) => l.text);
    const empty = await server.gql(LIST);
    expect(empty.body.data.deals.totalCount).toBe(0);
    expect((await server.gql(LIST)).body.data.deals.totalCount).toBe(0); // now served from the cache

    expect((await importIssText(other, lines[0])).imported).toBe(1);
    const one = await server.gql(LIST);
    expect(one.body.data.deals.totalCount).toBe(1);

    expect((await importIssText(other, lines.slice(1).join('\n'))).imported).toBe(2);
    const three = await server.gql(LIST);
    expect(three.body.data.deals.totalCount).toBe(3);
    expect(three.body.data.deals.nodes.map((n: { id: string }) => n.id).sort()).toEqual(
      lines.map((l) => `iss-${/ID\[([^\]]+)\]/.exec(l)![1]}`).sort(),
    );
  });

  it('still answers repeated queries from the cache while nothing is written', async () => {
    const first = await server.gql(LIST);
    const again = await server.gql(LIST);
    expect(again.body).toEqual(first.body);
  });
});
