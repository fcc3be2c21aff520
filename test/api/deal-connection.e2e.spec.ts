/**
 * The deals connection: newest first unless asked otherwise, Relay PageInfo in full, any edge's
 * cursor accepted as `after`, and date filters that are strict ISO 8601 instants compared as
 * instants (an offset names the same instant as its UTC spelling).
 */
import { readFileSync } from 'node:fs';
import { corpusFiles } from '../iss/corpus';
import { startServer, type TestServer } from './harness';

const PAGE = `query($first: Int, $after: String, $newestFirst: Boolean, $filter: DealFilter) {
  deals(first: $first, after: $after, newestFirst: $newestFirst, filter: $filter) {
    totalCount
    edges { cursor node { id startedAt } }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
  }
}`;

describe('deals: order, cursors, PageInfo, date filters', () => {
  let s: TestServer;
  const page = async (variables: Record<string, unknown>) => {
    const res = await s.gql(PAGE, variables);
    if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
    return res.body.data.deals as {
      totalCount: number;
      edges: Array<{ cursor: string; node: { id: string; startedAt: string } }>;
      pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
    };
  };

  beforeAll(async () => {
    s = await startServer();
    const records = corpusFiles()
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const imported = await s.gql('mutation($r: String!) { importIss(records: $r) { imported } }', { r: records }, s.token({ role: 'admin' }));
    expect(imported.body.errors).toBeUndefined();
  });
  afterAll(async () => s?.close());

  it('newestFirst is the default and means it; newestFirst: false gives the oldest first', async () => {
    const newest = await page({ first: 33 });
    const times = newest.edges.map((e) => Date.parse(e.node.startedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const oldest = await page({ first: 33, newestFirst: false });
    expect(oldest.edges.map((e) => e.node.id)).toEqual(newest.edges.map((e) => e.node.id).reverse());
  });

  it("any edge's cursor continues the list after that deal; PageInfo has both ends", async () => {
    const all = await page({ first: 10 });
    const first = await page({ first: 3 });
    expect(first.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: false, startCursor: first.edges[0].cursor, endCursor: first.edges[2].cursor });
    const afterSecond = await page({ first: 3, after: first.edges[1].cursor });
    expect(afterSecond.edges.map((e) => e.node.id)).toEqual(all.edges.slice(2, 5).map((e) => e.node.id));
    expect(afterSecond.pageInfo.hasPreviousPage).toBe(true);
    const fromEnd = await page({ first: 3, after: first.pageInfo.endCursor });
    expect(fromEnd.edges.map((e) => e.node.id)).toEqual(all.edges.slice(3, 6).map((e) => e.node.id));
  });

  it('date filters compare instants: +02:00 selects what its UTC spelling selects', async () => {
    const all = await page({ first: 33, newestFirst: false });
    const pivot = new Date(Date.parse(all.edges[12].node.startedAt));
    const utc = pivot.toISOString();
    const plusTwo = new Date(pivot.getTime() + 2 * 3600_000).toISOString().slice(0, 19) + '+02:00';
    const a = await page({ first: 33, filter: { from: utc } });
    const b = await page({ first: 33, filter: { from: plusTwo } });
    expect(b.edges.map((e) => e.node.id)).toEqual(a.edges.map((e) => e.node.id));
    expect(a.totalCount).toBe(all.edges.filter((e) => Date.parse(e.node.startedAt) >= pivot.getTime()).length);
    const before = await page({ first: 33, filter: { to: plusTwo } });
    expect(before.totalCount + a.totalCount).toBe(33);
  });

  it('a date that is not a strict ISO 8601 instant is BAD_USER_INPUT, never some date', async () => {
    for (const from of ["' OR '1'='1", '2017-02-30', 'yesterday', '2017-09-04T14:00:00']) {
      const res = await s.gql(PAGE, { first: 1, filter: { from } });
      expect([from, res.body.errors?.[0]?.extensions?.code]).toEqual([from, 'BAD_USER_INPUT']);
      expect(res.body.errors?.[0]?.message).toContain('ISO 8601');
    }
  });
});
