/** Request-level protections over real HTTP and WebSocket: limits, tokens, error shapes. */
import { getIntrospectionQuery } from 'graphql';
import WebSocket from 'ws';
import { DealEventHub } from '../../src/api/subscriptions/deal-event-hub';
import { openTableAndDeal } from './deal-flow';
import { collect, codesOf, startServer, type TestServer } from './harness';
import { ledgerStore } from '../../src/ledger/store-port';

describe('API limits and error shapes', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ limits: { maxDepth: 4, maxComplexity: 300, maxBodyBytes: 4000, ratePerWindow: 30, rateWindowMs: 60_000 } });
  });
  afterAll(async () => s.close());
  const tok = () => s.token({ role: 'admin' });

  it('serves /health and GraphiQL (not the Playground)', async () => {
    const health = await fetch(s.url.replace('/graphql', '/health'));
    expect(await health.json()).toEqual({ status: 'ok' });
    const page = await fetch(s.url, { headers: { accept: 'text/html' } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html.toLowerCase()).toContain('graphiql');
    expect(html).not.toMatch(/graphql-playground/i);
    // GraphiQL's introspection query passes the depth and complexity limits.
    const schema = await s.gql(getIntrospectionQuery());
    expect(schema.body.errors).toBeUndefined();
    expect(schema.body.data.__schema.queryType.name).toBe('Query');
  });

  it('refuses a query deeper than the depth limit with BAD_USER_INPUT', async () => {
    const r = await s.gql(`{ deals { nodes { frames { hands { forehand { code } } } } } }`, {}, tok());
    expect(r.status).toBe(400);
    expect(codesOf(r)).toEqual(['BAD_USER_INPUT']);
    expect(r.body.errors![0].message).toMatch(/depth/);
  });

  it('refuses a query above the complexity limit', async () => {
    const aliases = Array.from({ length: 4 }, (_, i) => `d${i}: deal(id: "x") { frames { step phase } }`).join(' ');
    const r = await s.gql(`{ ${aliases} }`, {}, tok());
    expect(codesOf(r)).toEqual(['BAD_USER_INPUT']);
    expect(r.body.errors![0].extensions!.reason).toBe('QUERY_TOO_COMPLEX');
  });

  it('refuses an oversized body and malformed JSON with a code, not a crash', async () => {
    const big = await s.raw(JSON.stringify({ query: `{ __typename }`, variables: { pad: 'x'.repeat(10_000) } }));
    expect(big.status).toBe(413);
    expect(codesOf(big)).toEqual(['BAD_USER_INPUT']);
    const bad = await s.raw('{"query": ');
    expect(bad.status).toBe(400);
    expect(codesOf(bad)).toEqual(['BAD_USER_INPUT']);
  });

  it('refuses a bad or forged token with UNAUTHENTICATED (HTTP 401), never as anonymous', async () => {
    for (const auth of ['Bearer nonsense', 'Basic abc', `Bearer ${tok().slice(0, -2)}xx`]) {
      const r = await s.raw(JSON.stringify({ query: '{ __typename }' }), { authorization: auth });
      expect(r.status).toBe(401);
      expect(codesOf(r)).toEqual(['UNAUTHENTICATED']);
    }
  });

  it('closes a WebSocket that presents a bad token (4403)', async () => {
    const code = await new Promise<number>((resolve) => {
      const ws = new WebSocket(s.wsUrl, 'graphql-transport-ws');
      ws.on('open', () => ws.send(JSON.stringify({ type: 'connection_init', payload: { authorization: 'Bearer forged' } })));
      ws.on('close', (c) => resolve(c));
    });
    expect(code).toBe(4403);
  });

  it('closes a WebSocket that sends a message above the size limit (1009)', async () => {
    const code = await new Promise<number>((resolve) => {
      const ws = new WebSocket(s.wsUrl, 'graphql-transport-ws');
      ws.on('open', () => ws.send(JSON.stringify({ type: 'connection_init', payload: { pad: 'x'.repeat(10_000) } })));
      ws.on('close', (c) => resolve(c));
    });
    expect(code).toBe(1009);
    expect((await s.gql('{ __typename }', {}, tok())).status).toBe(200);
  });

  it('answers a subscription to an unknown deal with NOT_FOUND, and an over-deep one with BAD_USER_INPUT', async () => {
    const client = s.ws(tok());
    const sub = collect(client, `subscription { dealUpdates(dealId: "nope") { eventType } }`, {});
    await sub.until(() => sub.failure !== null || sub.received.length > 0);
    const errors = (sub.failure as any[]) ?? sub.received[0].errors;
    expect(errors.map((e: any) => e.extensions?.code)).toEqual(['NOT_FOUND']);
    const deep = collect(client, `subscription { dealUpdates(dealId: "x") { frame { completedTricks { cards { card { code } } } } } }`, {});
    await deep.until(() => deep.failure !== null);
    expect((deep.failure as any[]).map((e: any) => e.extensions?.code)).toEqual(['BAD_USER_INPUT']);
  });

  it('frees a deal subscriber as soon as the client unsubscribes, even when no event comes', async () => {
    const hub = s.app.get(DealEventHub);
    const admin = tok();
    const dealId = await openTableAndDeal(s, 'sub-t', ['Anna', 'Ben', 'Cleo'], admin, admin);
    const sub = collect(s.ws(admin), `subscription($id: ID!) { dealUpdates(dealId: $id) { eventType } }`, { id: dealId });
    const deadline = Date.now() + 5000;
    while (hub.subscriberCount(dealId) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(hub.subscriberCount(dealId)).toBe(1);
    sub.stop();
    while (hub.subscriberCount(dealId) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(hub.subscriberCount(dealId)).toBe(0);
  });

  it('limits requests per token: over the limit is RATE_LIMITED (429), other tokens go on', async () => {
    const mine = s.token({ role: 'player', player: 'Flood' });
    const codes: number[] = [];
    for (let i = 0; i < 32; i++) codes.push((await s.gql('{ __typename }', {}, mine)).status);
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    const over = await s.gql('{ __typename }', {}, mine);
    expect(over.status).toBe(429);
    expect(codesOf(over)).toEqual(['RATE_LIMITED']);
    expect((await s.gql('{ __typename }', {}, s.token({ role: 'player', player: 'Calm' }))).status).toBe(200);
  });
});

describe('a store that goes away', () => {
  it('answers STORE_UNAVAILABLE, without a stack trace, and the server keeps serving', async () => {
    const s = await startServer();
    try {
      await ledgerStore(s.ledger).dispose();
      const r = await s.gql('{ deals { totalCount } }');
      expect(codesOf(r)).toEqual(['STORE_UNAVAILABLE']);
      expect(JSON.stringify(r.body)).not.toMatch(/stacktrace|\.ts:\d+/);
      expect((await s.gql('{ __typename }')).body).toEqual({ data: { __typename: 'Query' } });
    } finally {
      await s.app.close().catch(() => undefined);
    }
  });
});
