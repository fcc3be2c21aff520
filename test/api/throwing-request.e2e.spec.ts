/**
 * Issue 13 (cost paid once): a query the fast path gives up on, because one of its resolvers
 * throws, is answered by graphql-js; before, graphql-js ran every resolver again, so a throwing
 * alias doubled what the rest of the request cost (each heavy read and audit asked twice). Now
 * graphql-js answers from the outcomes the fast path recorded: each resolver runs once, and the
 * answer is the one graphql-js alone gives (data beside a located error).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { startServer, type TestServer } from './harness';

const RECORDS = resolve(__dirname, '..', '..', '..', 'shared', 'data', 'iss', 'iss-dranidis-go-skat-history.sgf');

describe('a query whose resolver throws is executed once (issue 13)', () => {
  let s: TestServer;
  let player: string;
  let dealId: string;

  beforeAll(async () => {
    s = await startServer();
    const imported = await s.gql(
      'mutation($r: String!) { importIss(records: $r) { imported } }',
      { r: readFileSync(RECORDS, 'utf8') },
      s.token({ role: 'admin' }),
    );
    expect(imported.body.data.importIss.imported).toBeGreaterThan(0);
    const first = await s.gql('{ deals(first: 1) { nodes { id players } } }');
    dealId = first.body.data.deals.nodes[0].id;
    player = first.body.data.deals.nodes[0].players[0];
  });
  afterAll(async () => s?.close());

  it('calls each heavy resolver once beside a throwing alias, and answers data plus the error', async () => {
    const stats = jest.spyOn(s.ledger, 'playerStats');
    const audits = jest.spyOn(s.ledger, 'audit');
    try {
      const r = await s.gql(
        `query($p: String!, $d: ID!) { ok: playerStats(player: $p) { player dealsPlayed } a: audit(dealId: $d) { intact } bad: playerStats(player: "") { player } }`,
        { p: player, d: dealId },
      );
      expect(r.status).toBe(200);
      expect(r.body.data.ok).toEqual({ player, dealsPlayed: expect.any(Number) });
      expect(r.body.data.a).toEqual({ intact: true });
      expect(r.body.data.bad).toBeNull();
      expect(r.body.errors).toHaveLength(1);
      expect(r.body.errors![0]).toMatchObject({ path: ['bad'], extensions: { code: 'BAD_USER_INPUT' } });
      expect(stats.mock.calls.map((c) => c[0])).toEqual([player]); // the empty name is refused before the ledger is asked
      expect(audits).toHaveBeenCalledTimes(1);
    } finally {
      stats.mockRestore();
      audits.mockRestore();
    }
  });

  it('answers a throwing request as graphql-js alone does (fast path declined by a fragment)', async () => {
    const query = `query($p: String!) { ok: playerStats(player: $p) { player } bad: playerStats(player: "") { player } }`;
    const viaFastPath = await s.gql(query, { p: player });
    const viaGraphqlJs = await s.gql(`query($p: String!) { ... on Query { ok: playerStats(player: $p) { player } bad: playerStats(player: "") { player } } }`, {
      p: player,
    });
    expect(viaFastPath.body).toEqual({ ...viaGraphqlJs.body, errors: viaGraphqlJs.body.errors!.map((e) => ({ ...e, locations: expect.any(Array) })) });
  });

  it('keeps a record for one request only: the next one asks the ledger again', async () => {
    const stats = jest.spyOn(s.ledger, 'playerStats');
    try {
      for (const alias of ['first', 'second']) {
        const r = await s.gql(`query($p: String!) { ${alias}: playerStats(player: $p) { player } bad: playerStats(player: "") { player } }`, { p: player });
        expect(r.body.data[alias].player).toBe(player);
      }
      expect(stats).toHaveBeenCalledTimes(2);
    } finally {
      stats.mockRestore();
    }
  });
});
