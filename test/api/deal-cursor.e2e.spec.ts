/**
 * Issue 13: the deal list's cursors tell nothing. They used to be the store's sort key in base64
 * (start time and deal id), so a page's endCursor that ended on a deal the caller may not list
 * named it. Now every cursor is sealed by the server: paging works as before, nothing of any deal
 * can be read from a cursor, and a cursor the server did not hand out is refused.
 */
import { CursorSeal } from '../../src/api/mapping/cursor-seal';
import { codesOf, startServer, type GqlResponse, type TestServer } from './harness';

const PAGE = `query($after: String) { deals(first: 2, newestFirst: false, after: $after) {
  edges { cursor node { id } } pageInfo { hasNextPage startCursor endCursor } } }`;

/** Every way a cursor could be read without the key. */
const readings = (cursor: string): string[] => [cursor, Buffer.from(cursor, 'base64url').toString('utf8'), Buffer.from(cursor, 'base64url').toString('latin1')];

describe('deal list cursors (issue 13)', () => {
  let s: TestServer;
  const ids = ['cur-a', 'cur-b', 'cur-c', 'cur-d', 'cur-e'];
  const startedAt = (i: number) => `2026-10-0${i + 1}T19:30:00.000Z`;
  beforeAll(async () => {
    s = await startServer({ responseCacheMs: 0 });
    for (const [i, dealId] of ids.entries()) {
      await s.ledger.execute(
        { type: 'StartDeal', dealId, dealer: 'Cleo', players: ['Anna', 'Ben', 'Cleo'], cards: { kind: 'seeded', seed: dealId }, startedAt: startedAt(i) },
        { commandId: `start-${dealId}`, actorId: 'test' },
      );
    }
  });
  afterAll(async () => s.close());

  it('pages through every deal once, in order, and no cursor holds a deal id or start time', async () => {
    const seen: string[] = [];
    const cursors: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 10; page++) {
      const r: GqlResponse = await s.gql(PAGE, { after });
      expect(r.body.errors).toBeUndefined();
      const { edges, pageInfo } = r.body.data.deals as {
        edges: Array<{ cursor: string; node: { id: string } }>;
        pageInfo: { hasNextPage: boolean; startCursor: string; endCursor: string };
      };
      seen.push(...edges.map((e) => e.node.id));
      cursors.push(...edges.map((e) => e.cursor), pageInfo.startCursor, pageInfo.endCursor);
      if (!pageInfo.hasNextPage) break;
      after = pageInfo.endCursor;
    }
    expect(seen).toEqual(ids);
    for (const cursor of cursors.filter((c) => c !== null)) {
      for (const text of readings(cursor)) {
        for (const [i, id] of ids.entries()) {
          expect(text).not.toContain(id);
          expect(text).not.toContain(startedAt(i).slice(0, 10));
        }
      }
    }
    // The same position gives the same cursor (answers stay identical).
    const again = await s.gql(PAGE, { after: null });
    expect(again.body.data.deals.pageInfo.endCursor).toBe(cursors[3]);
  });

  it("refuses a cursor it did not hand out: the store's own form, one sealed with another secret, a changed one, junk", async () => {
    const storeForm = Buffer.from(JSON.stringify([startedAt(1), 'cur-b'])).toString('base64url');
    const foreign = new CursorSeal(Buffer.from('some-other-server-secret-0123456789')).seal(storeForm);
    const first = (await s.gql(PAGE, { after: null })).body.data.deals.pageInfo.endCursor as string;
    const changed = first.slice(0, -2) + (first.endsWith('AA') ? 'BB' : 'AA');
    for (const after of [storeForm, foreign, changed, 'x', 'x'.repeat(5000)]) {
      const r = await s.gql(PAGE, { after });
      expect(codesOf(r)).toEqual(['BAD_USER_INPUT']);
      expect(JSON.stringify(r.body)).not.toContain('cur-');
    }
  });
});
