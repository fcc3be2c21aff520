/**
 * Issue 13: requests a hostile caller sends, over real HTTP and graphql-ws, each a finding of the
 * adversarial review: persisted queries sharing a cache entry, costly aliasing, a frozen event
 * loop, tokens outliving their expiry or revocation on open sockets, uncapped subscriptions.
 */
import { createHash } from 'node:crypto';
import { codesOf, startServer, type TestServer } from './harness';

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

describe('abuse: persisted queries and the response cache (issue 13 item 5)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ responseCacheMs: 60_000 });
  });
  afterAll(async () => s.close());

  it('two persisted queries sent by hash only never share an answer', async () => {
    const q1 = '{ deals(first: 1) { totalCount } }';
    const q2 = '{ __typename }';
    const apq = (query: string | undefined, hash: string) => s.raw(JSON.stringify({ ...(query ? { query } : {}), extensions: { persistedQuery: { version: 1, sha256Hash: hash } } }));
    // Register both (query + hash), then ask by hash only, several times each.
    expect((await apq(q1, sha256(q1))).body.data).toEqual({ deals: { totalCount: 0 } });
    expect((await apq(q2, sha256(q2))).body.data).toEqual({ __typename: 'Query' });
    for (let i = 0; i < 3; i++) {
      expect((await apq(undefined, sha256(q1))).body.data).toEqual({ deals: { totalCount: 0 } });
      expect((await apq(undefined, sha256(q2))).body.data).toEqual({ __typename: 'Query' });
    }
    // A hash nobody registered is refused, not answered from the cache.
    const unknown = await apq(undefined, sha256('{ nothing }'));
    expect(codesOf(unknown)).toEqual(['BAD_USER_INPUT']);
    expect(unknown.body.data).toBeUndefined();
  });
});
