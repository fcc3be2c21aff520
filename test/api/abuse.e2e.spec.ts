/**
 * Issue 13: requests a hostile caller sends, over real HTTP and graphql-ws, each a finding of the
 * adversarial review: persisted queries sharing a cache entry, costly aliasing, a frozen event
 * loop, tokens outliving their expiry or revocation on open sockets, uncapped subscriptions.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import type { TokenRevocations } from '../../src/auth/token-revocations';
import { DealEventHub } from '../../src/api/subscriptions/deal-event-hub';
import { CLOSE_FORBIDDEN } from '../../src/api/subscriptions/socket-sessions';
import { API_REVOCATIONS } from '../../src/settings/tokens';
import { openTableAndDeal, playOn } from './deal-flow';
import { codesOf, collect, startServer, type TestServer } from './harness';

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
    const apq = (query: string | undefined, hash: string) =>
      s.raw(JSON.stringify({ ...(query ? { query } : {}), extensions: { persistedQuery: { version: 1, sha256Hash: hash } } }));
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

const tokenId = (token: string): string => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')).jti;

/** A client that connects at once and keeps its one socket until disposed (the harness's are lazy). */
function eager(s: TestServer, token?: string): Client {
  return createClient({
    url: s.wsUrl,
    webSocketImpl: WebSocket,
    lazy: false,
    retryAttempts: 0,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    onNonLazyError: () => undefined,
  });
}

/** Resolves with the close code of a graphql-ws client's socket. */
function closeCodeOf(client: Client): Promise<number> {
  return new Promise((resolve) => client.on('closed', (e) => resolve((e as { code: number }).code)));
}

describe('abuse: tokens on open graphql-ws connections (issue 13 item 3)', () => {
  let s: TestServer;
  let dealId: string;
  let admin: string;
  beforeAll(async () => {
    s = await startServer();
    admin = s.token({ role: 'admin' });
    dealId = await openTableAndDeal(s, 'w1', ['Anna', 'Ben', 'Cleo'], admin, s.token({ role: 'recorder', table: 'w1' }));
  });
  afterAll(async () => s.close());

  const DEAL = `query($id: ID!) { deal(id: $id) { id frames(perspective: ALL) { hands { forehand { code } } } } }`;
  const UPDATES = `subscription($id: ID!) { dealUpdates(dealId: $id) { eventType } }`;

  it('closes the socket when its token expires, ending its subscriptions; the token then opens nothing', async () => {
    // Long enough for the first answer on a loaded machine; the socket must close when it runs out.
    const short = s.token({ role: 'admin', ttlSeconds: 5 });
    const client = eager(s, short);
    const closed = closeCodeOf(client);
    const first = await wsResult(client, DEAL, { id: dealId });
    expect(first.data?.deal?.frames[0].hands.forehand).toHaveLength(10);
    const sub = collect(client, UPDATES, { id: dealId });
    expect(await closed).toBe(CLOSE_FORBIDDEN);
    await sub.until(() => false, 2000).catch(() => undefined);
    expect(sub.failure).not.toBeNull();
    // HTTP and a new socket refuse the expired token too.
    expect((await s.gql('{ __typename }', {}, short)).status).toBe(401);
    const again = eager(s, short);
    const code = closeCodeOf(again);
    await wsResult(again, '{ __typename }', {}).catch(() => undefined);
    expect(await code).toBe(CLOSE_FORBIDDEN);
  }, 30_000);

  it('the revocation hook closes every open socket of that token at once, and the token is refused everywhere after', async () => {
    const token = s.token({ role: 'admin' });
    const clients = [eager(s, token), eager(s, token)];
    const codes = clients.map(closeCodeOf);
    for (const c of clients) expect((await wsResult(c, DEAL, { id: dealId })).data?.deal?.id).toBe(dealId);
    const subs = clients.map((c) => collect(c, UPDATES, { id: dealId }));
    const hub = s.app.get(DealEventHub);
    while (hub.subscriberCount(dealId) < 2) await new Promise((r) => setTimeout(r, 10));
    const bystander = eager(s, admin);
    expect((await wsResult(bystander, '{ __typename }', {})).data).toEqual({ __typename: 'Query' });

    s.app.get<TokenRevocations>(API_REVOCATIONS).revoke(tokenId(token));
    expect(await Promise.all(codes)).toEqual([CLOSE_FORBIDDEN, CLOSE_FORBIDDEN]);
    for (const sub of subs) await sub.until(() => false, 2000).catch(() => undefined);
    expect(subs.every((x) => x.failure !== null)).toBe(true);
    expect((await s.gql('{ __typename }', {}, token)).status).toBe(401);
    // Other tokens' sockets stay open.
    expect((await wsResult(bystander, '{ __typename }', {})).data).toEqual({ __typename: 'Query' });
    await bystander.dispose();
  });

  it("the revokeToken mutation (the organiser's way) closes an open socket of that token and ends its subscriptions", async () => {
    const issued = await s.gql(
      `mutation($c: ID!, $i: IssueTokenInput!) { issueToken(commandId: $c, input: $i) { token tokenId } }`,
      { c: `issue-${Date.now()}`, i: { role: 'RECORDER', tableId: 'w1', ttlSeconds: 3600 } },
      admin,
    );
    const { token, tokenId: id } = issued.body.data.issueToken;
    const client = eager(s, token);
    const closed = closeCodeOf(client);
    expect((await wsResult(client, DEAL, { id: dealId })).data?.deal?.frames[0].hands.forehand).toHaveLength(10);
    const sub = collect(client, UPDATES, { id: dealId });
    const hub = s.app.get(DealEventHub);
    while (hub.subscriberCount(dealId) < 1) await new Promise((r) => setTimeout(r, 10));
    const revoked = await s.gql(
      `mutation($c: ID!, $i: RevokeTokenInput!) { revokeToken(commandId: $c, input: $i) { revision } }`,
      { c: `revoke-${Date.now()}`, i: { tokenId: id, reason: 'handed to the wrong table' } },
      admin,
    );
    expect(revoked.body.errors).toBeUndefined();
    expect(await closed).toBe(CLOSE_FORBIDDEN);
    await sub.until(() => false, 2000).catch(() => undefined);
    expect(sub.failure).not.toBeNull();
    expect((await s.gql('{ __typename }', {}, token)).status).toBe(401);
  });
});

describe('abuse: graphql-ws operation caps and one render per perspective (issue 13 item 7)', () => {
  let s: TestServer;
  let dealId: string;
  beforeAll(async () => {
    s = await startServer({ limits: { maxOperationsPerConnection: 2, maxOperationsPerCaller: 3 } });
    dealId = await openTableAndDeal(s, 'c1', ['Anna', 'Ben', 'Cleo'], s.token({ role: 'admin' }), s.token({ role: 'recorder', table: 'c1' }));
  });
  afterAll(async () => s.close());
  const UPDATES = `subscription($id: ID!) { dealUpdates(dealId: $id) { eventType frame { step legalMoves { kind } } } }`;

  it('refuses a subscription beyond the per-connection and per-caller caps with RATE_LIMITED, and admits again once one ends', async () => {
    const hub = s.app.get(DealEventHub);
    const one = eager(s);
    const a = [collect(one, UPDATES, { id: dealId }), collect(one, UPDATES, { id: dealId })];
    while (hub.subscriberCount(dealId) < 2) await new Promise((r) => setTimeout(r, 10));
    const third = collect(one, UPDATES, { id: dealId });
    await third.until(() => false, 2000).catch(() => undefined);
    expect((third.failure as any[])[0].extensions.code).toBe('RATE_LIMITED');

    const two = eager(s); // the same anonymous caller (one address)
    const b = collect(two, UPDATES, { id: dealId });
    while (hub.subscriberCount(dealId) < 3) await new Promise((r) => setTimeout(r, 10));
    const over = collect(two, UPDATES, { id: dealId });
    await over.until(() => false, 2000).catch(() => undefined);
    expect((over.failure as any[])[0].extensions.code).toBe('RATE_LIMITED');

    a[0].stop();
    while (hub.subscriberCount(dealId) > 2) await new Promise((r) => setTimeout(r, 10));
    const again = collect(two, UPDATES, { id: dealId });
    while (hub.subscriberCount(dealId) < 3) await new Promise((r) => setTimeout(r, 10));
    expect(again.failure).toBeNull();
    for (const x of [a[1], b, again]) x.stop();
    await Promise.all([one.dispose(), two.dispose()]);
  });
});

describe('abuse: one render per event and perspective (issue 13 item 7)', () => {
  let s: TestServer;
  let dealId: string;
  beforeAll(async () => {
    s = await startServer();
    dealId = await openTableAndDeal(s, 'r1', ['Anna', 'Ben', 'Cleo'], s.token({ role: 'admin' }), s.token({ role: 'recorder', table: 'r1' }));
  });
  afterAll(async () => s.close());
  const UPDATES = `subscription($id: ID!) { dealUpdates(dealId: $id) { eventType frame { step legalMoves { kind } } } }`;

  it('renders each event once per perspective, however many subscribers share it', async () => {
    const hub = s.app.get(DealEventHub);
    const anonymous = [s.ws(), s.ws(), s.ws()].map((c) => collect(c, UPDATES, { id: dealId }));
    const players = ['Anna', 'Ben'].flatMap((p) => [1, 2].map(() => collect(s.ws(s.token({ role: 'player', player: p })), UPDATES, { id: dealId })));
    while (hub.subscriberCount(dealId) < 7) await new Promise((r) => setTimeout(r, 10));
    const frames = jest.spyOn(s.ledger, 'frames');
    // Middlehand speaks first (R6).
    await s.ledger.execute(
      { type: 'CallBid', dealId, seat: 1, value: 18 },
      { commandId: 'render-once-1', actorId: 'recorder', role: 'player', source: 'live' },
    );
    for (const sub of [...anonymous, ...players]) await sub.until((r) => r.length >= 1);
    // Three perspectives: the public, Anna's seat, Ben's seat.
    expect(frames).toHaveBeenCalledTimes(3);
    frames.mockRestore();
    for (const sub of [...anonymous, ...players]) sub.stop();
  });
});

describe('abuse: the NDJSON export shares the rate limit and is capped (issue 13 item 7)', () => {
  let s: TestServer;
  let base: string;
  beforeAll(async () => {
    s = await startServer({ limits: { ratePerWindow: 6, rateWindowMs: 60_000, maxConcurrentExports: 2, maxConcurrentExportsPerCaller: 1 } });
    base = s.url.replace('/graphql', '/api/export/deals.ndjson');
    await openTableAndDeal(s, 'e1', ['Anna', 'Ben', 'Cleo'], s.token({ role: 'admin' }), s.token({ role: 'recorder', table: 'e1' }));
  });
  afterAll(async () => s.close());

  it('refuses a second export of one caller while the first still streams, and a third in all', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // The export reads its deals many at once (dealEventsOfMany).
    const events = jest.spyOn(s.ledger, 'dealEventsOfMany').mockImplementation(async (ids) => {
      await held;
      events.mockRestore();
      return s.ledger.dealEventsOfMany(ids);
    });
    const admin = { authorization: `Bearer ${s.token({ role: 'admin' })}` };
    const first = fetch(base, { headers: admin });
    // The first export is streaming once it reads its first deals (held there).
    while (events.mock.calls.length < 1) await new Promise((r) => setTimeout(r, 10));
    const second = await fetch(base, { headers: admin });
    expect(second.status).toBe(429);
    expect((await second.json()).error.code).toBe('RATE_LIMITED');
    const other = fetch(base, { headers: { authorization: `Bearer ${s.token({ role: 'arbiter' })}` } });
    while (events.mock.calls.length < 2) await new Promise((r) => setTimeout(r, 10));
    const third = await fetch(base, { headers: { authorization: `Bearer ${s.token({ role: 'admin' })}` } });
    expect(third.status).toBe(429);
    release();
    expect((await first).status).toBe(200);
    expect((await other).status).toBe(200);
  });

  it('counts exports against the same per-caller budget as GraphQL', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const r = await fetch(base);
      await r.text();
      statuses.push(r.status);
    }
    expect(statuses.filter((x) => x === 200).length).toBeLessThanOrEqual(6);
    expect(statuses[statuses.length - 1]).toBe(429);
    const gql = await s.gql('{ __typename }');
    expect(codesOf(gql)).toEqual(['RATE_LIMITED']);
  });
});

/** One query or mutation over a graphql-ws client: its single result. */
function wsResult(client: Client, query: string, variables: Record<string, unknown>): Promise<{ data?: any; errors?: any[] }> {
  return new Promise((resolve, reject) => {
    let result: { data?: any; errors?: any[] } = {};
    client.subscribe({ query, variables }, { next: (v) => void (result = v as typeof result), error: reject, complete: () => resolve(result) });
  });
}

describe('abuse: costs that tell the truth, one computation per read model, a deadline, a responsive /health (issue 13 item 2)', () => {
  let s: TestServer;
  let fast: TestServer;
  let dealId: string;
  let admin: string;
  beforeAll(async () => {
    // `s` keeps the default limits; `fast` lets heavy requests through but stops them after 4 s (on a
    // loaded machine, parsing and validating 2,000 aliases alone took over 2 s: the deadline then came
    // before the first resolver, and the test could not see the request yield).
    [s, fast] = await Promise.all([
      startServer(),
      startServer({ limits: { maxComplexity: 10_000_000, maxDepth: 20, requestTimeoutMs: 4000, maxDocumentBytes: 10_000_000, maxDocumentTokens: 10_000_000 } }),
    ]);
    admin = s.token({ role: 'admin' });
    for (const server of [s, fast]) {
      dealId = await openTableAndDeal(server, 'h1', ['Anna', 'Ben', 'Cleo'], server.token({ role: 'admin' }), server.token({ role: 'recorder', table: 'h1' }));
      await playOn(server, dealId, server.token({ role: 'recorder', table: 'h1' }));
    }
  }, 60_000);
  afterAll(async () => Promise.all([s?.close(), fast?.close()]));

  it("refuses the review's 2,400 aliased audits (97 KB) before running any: by its 24,000 tokens before parsing (issue 24), too costly besides", async () => {
    const audits = jest.spyOn(s.ledger, 'audit');
    const query = `{ ${Array.from({ length: 2400 }, (_, i) => `a${i}: audit(dealId: "${dealId}") { intact }`).join(' ')} }`;
    expect(query.length).toBeGreaterThan(90_000);
    const r = await s.gql(query);
    expect(r.status).toBe(400);
    expect(r.body.errors![0].extensions!.reason).toBe('DOCUMENT_TOO_LARGE');
    expect(audits).not.toHaveBeenCalled();
    // Under the token limit, 600 of them are still refused by their cost.
    const fewer = await s.gql(`{ ${Array.from({ length: 600 }, (_, i) => `a${i}: audit(dealId: "${dealId}") { intact }`).join(' ')} }`);
    expect(fewer.body.errors![0].extensions!.reason).toBe('QUERY_TOO_COMPLEX');
    expect(audits).not.toHaveBeenCalled();
    audits.mockRestore();
  });

  it('computes a heavy read model once for many aliases of one request (audit, score sheet, player statistics)', async () => {
    const auditModule = require('../../src/projections/audit/build-audit');
    // Player statistics are read from the player's counters (issue 29): one read per request.
    const statsModule = require('../../src/projections/player-stats/player-stats-counters');
    const sheetModule = require('../../src/projections/score-sheet/build-score-sheet');
    const spies = [jest.spyOn(auditModule, 'buildAudit'), jest.spyOn(statsModule, 'playerStatsFromCounters'), jest.spyOn(sheetModule, 'buildScoreSheet')];
    const n = 20;
    const query = `{ ${Array.from({ length: n }, (_, i) => `a${i}: audit(dealId: "${dealId}") { intact } p${i}: playerStats(player: "Anna") { dealsPlayed } s${i}: scoreSheet(tableId: "h1") { rows { dealNumber } }`).join(' ')} }`;
    const r = await s.gql(query, {}, admin);
    expect(r.body.errors).toBeUndefined();
    expect(Object.keys(r.body.data)).toHaveLength(3 * n);
    const [audit, stats, sheet] = spies.map((x) => x.mock.calls.length);
    expect(audit).toBe(1);
    expect(stats).toBe(1);
    // Without seegerFabianPerSeries playerStats reads no sheet: the one sheet is the scoreSheet field's.
    expect(sheet).toBeLessThanOrEqual(1);
    spies.forEach((x) => x.mockRestore());
  });

  it('answers /health while a heavy request is still computing (the request yields the event loop)', async () => {
    const order: string[] = [];
    // Each alias's fold is made to cost 5 ms of synchronous CPU, on any machine: 2,000 aliases are
    // far more work than the 4 s deadline allows, so /health is answered first only if the request
    // gives the event loop back between its pieces of work.
    const original = fast.ledger.frames.bind(fast.ledger);
    const frames = jest.spyOn(fast.ledger, 'frames').mockImplementation((...args: Parameters<typeof original>) => {
      const until = performance.now() + 5;
      while (performance.now() < until);
      return original(...args);
    });
    const live = await openTableAndDeal(fast, 'h2', ['Anna', 'Ben', 'Cleo'], fast.token({ role: 'admin' }), fast.token({ role: 'recorder', table: 'h2' }));
    await playOn(fast, live, fast.token({ role: 'recorder', table: 'h2' }), 20);
    const query = `{ ${Array.from({ length: 2000 }, (_, i) => `d${i}: deal(id: "${live}") { frames(from: ${i % 20}, to: ${20 + (i % 7)}, perspective: PUBLIC) { step } }`).join(' ')} }`;
    const heavy = fast.gql(query).then((r) => (order.push('heavy'), r));
    let settled = false;
    void heavy.then(() => (settled = true));
    while (frames.mock.calls.length === 0 && !settled) await new Promise((r) => setImmediate(r));
    if (settled) throw new Error(`the heavy request ended before computing: ${JSON.stringify((await heavy).body).slice(0, 500)}`);
    const health = await fetch(fast.url.replace('/graphql', '/health'));
    order.push('health');
    expect(health.status).toBe(200);
    const r = await heavy;
    frames.mockRestore();
    expect(order).toEqual(['health', 'heavy']);
    // Whatever did not finish within its deadline is answered with a clear error, never a 500.
    expect(r.status).toBe(200);
    expect(codesOf(r).filter((c) => c !== 'TIMEOUT')).toEqual([]);
  });

  it('answers /health while many aliased deal lists are still counting (one list at a time, the event loop between them)', async () => {
    const order: string[] = [];
    // Each list is made to cost 5 ms of synchronous CPU: 2,000 aliases are far more than the 4 s deadline allows. Before,
    // every alias passed its time check at once and the lists then ran back to back, /health waiting for all of them.
    const original = fast.ledger.deals.bind(fast.ledger);
    const deals = jest.spyOn(fast.ledger, 'deals').mockImplementation((...args: Parameters<typeof original>) => {
      const until = performance.now() + 5;
      while (performance.now() < until);
      return original(...args);
    });
    const query = `{ ${Array.from({ length: 2000 }, (_, i) => `d${i}: deals(first: 1, filter: { player: "p${i}" }) { totalCount }`).join(' ')} }`;
    const heavy = fast.gql(query).then((r) => (order.push('heavy'), r));
    let settled = false;
    void heavy.then(() => (settled = true));
    while (deals.mock.calls.length === 0 && !settled) await new Promise((r) => setImmediate(r));
    if (settled) throw new Error(`the heavy request ended before computing: ${JSON.stringify((await heavy).body).slice(0, 500)}`);
    const health = await fetch(fast.url.replace('/graphql', '/health'));
    order.push('health');
    expect(health.status).toBe(200);
    const r = await heavy;
    deals.mockRestore();
    expect(order).toEqual(['health', 'heavy']);
    expect(r.status).toBe(200);
    expect(codesOf(r)).toContain('TIMEOUT');
    expect(codesOf(r).filter((c) => c !== 'TIMEOUT')).toEqual([]);
  });

  it('answers /health while the aliases of one solver result build their answers (one at a time, the event loop between them)', async () => {
    const order: string[] = [];
    // One result for every alias (a cached analysis), each answer made to cost 5 ms of synchronous CPU: before, all the
    // aliases got the result at once and built their answers back to back, /health waiting for all of them.
    const viewModule = require('../../src/api/mapping/analysis-view');
    const original = viewModule.analysisView;
    const views = jest.spyOn(viewModule, 'analysisView').mockImplementation((...args: unknown[]) => {
      const until = performance.now() + 5;
      while (performance.now() < until);
      return original(...args);
    });
    const analysis = jest
      .spyOn(fast.ledger.analyses, 'analysis')
      .mockResolvedValue({ dealId: 'x', game: null, declarer: null, note: 'none', steps: [], turningPoints: [], nodes: 0 } as never);
    const live = await openTableAndDeal(fast, 'h3', ['Anna', 'Ben', 'Cleo'], fast.token({ role: 'admin' }), fast.token({ role: 'recorder', table: 'h3' }));
    const query = `{ ${Array.from({ length: 300 }, (_, i) => `d${i}: deal(id: "${live}") { analysis { note } }`).join(' ')} }`;
    const heavy = fast.gql(query, {}, fast.token({ role: 'admin' })).then((r) => (order.push('heavy'), r));
    let settled = false;
    void heavy.then(() => (settled = true));
    while (views.mock.calls.length === 0 && !settled) await new Promise((r) => setImmediate(r));
    if (settled) throw new Error(`the heavy request ended before building an answer: ${JSON.stringify((await heavy).body).slice(0, 500)}`);
    const health = await fetch(fast.url.replace('/graphql', '/health'));
    order.push('health');
    expect(health.status).toBe(200);
    const r = await heavy;
    views.mockRestore();
    analysis.mockRestore();
    expect(order).toEqual(['health', 'heavy']);
    expect(r.status).toBe(200);
    expect(codesOf(r)).toEqual([]);
    expect(r.body.data.d299.analysis.note).toBe('none');
  });
});

describe('abuse: ids reserved for imports (issue 13 item 4)', () => {
  let s: TestServer;
  let recorder: string;
  beforeAll(async () => {
    s = await startServer();
    const admin = s.token({ role: 'admin' });
    recorder = s.token({ role: 'recorder', table: 't1' });
    await openTableAndDeal(s, 't1', ['Anna', 'Ben', 'Cleo'], admin, recorder);
  });
  afterAll(async () => s.close());

  const START = `mutation($c: ID!, $i: StartDealInput!) { startDeal(commandId: $c, input: $i) { revision } }`;
  const input = (dealId: string) => ({ dealId, tableId: 't1', dealer: 'Cleo', players: ['Mallory', 'Eve', 'Trudy'], cards: { shuffle: 'CRYPTO' } });

  it('refuses a live deal named iss-<ID> (the id of a record not yet imported), appending nothing', async () => {
    const before = (await s.ledger.dealEvents('iss-4947663')).length;
    const r = await s.gql(START, { c: 'squat-1', i: input('iss-4947663') }, recorder);
    expect(codesOf(r)).toEqual(['ILLEGAL_MOVE']);
    expect(r.body.errors![0].extensions!.ruleId).toBe('L17');
    expect((await s.ledger.dealEvents('iss-4947663')).length).toBe(before);
    // an admin may not either, nor open a table in the imports' series namespace
    const admin = s.token({ role: 'admin' });
    expect(codesOf(await s.gql(START, { c: 'squat-2', i: { ...input('iss-1'), tableId: null } }, admin))).toEqual(['ILLEGAL_MOVE']);
    const open = await s.gql(
      `mutation($c: ID!, $i: OpenTableInput!) { openTable(commandId: $c, input: $i) { revision } }`,
      { c: 'squat-3', i: { tableId: 'iss-series-1', players: ['A', 'B', 'C'], firstDealer: 'A' } },
      admin,
    );
    expect(codesOf(open)).toEqual(['ILLEGAL_MOVE']);
  });

  it('refuses command ids of the import:* namespace for live commands, so no live command can block an import', async () => {
    const r = await s.gql(START, { c: 'import:iss:4947663', i: input('t1-squat') }, recorder);
    expect(codesOf(r)).toEqual(['ILLEGAL_MOVE']);
    expect(r.body.errors![0].message).toMatch(/reserved for imports/);
    expect(await s.ledger.dealEvents('t1-squat')).toEqual([]);
  });

  it('the import itself still uses them', async () => {
    const line = readFileSync(join(__dirname, '..', '..', '..', 'shared', 'data', 'iss', 'iss-dranidis-go-skat-history.sgf'), 'utf8')
      .split('\n')
      .find((l) => l.trim() !== '')!;
    const r = await s.gql(`mutation($r: String!) { importIss(records: $r) { imported rejectedCount } }`, { r: line }, s.token({ role: 'admin' }));
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.importIss).toEqual({ imported: 1, rejectedCount: 0 });
  });
});

describe('abuse: a private tournament id cannot be confirmed (issue 13 item 8)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ privateTournaments: ['hidden-cup'] });
    const admin = s.token({ role: 'admin' });
    await s.gql(
      `mutation($c: ID!) { createTournament(commandId: $c, input: { tournamentId: "hidden-cup", name: "Hidden" }) { revision } }`,
      { c: 'tc-1' },
      admin,
    );
  });
  afterAll(async () => s.close());

  it('answers a private tournament exactly as one that does not exist, for every query that names it', async () => {
    const q = (id: string) =>
      `{ deals(filter: { tournamentId: "${id}" }) { totalCount edges { cursor } pageInfo { hasNextPage endCursor } } standings(tournamentId: "${id}") { name } }`;
    const hidden = await s.gql(q('hidden-cup'));
    const unknown = await s.gql(q('no-such-cup'));
    expect(hidden.status).toBe(unknown.status);
    expect(JSON.stringify(hidden.body)).toBe(JSON.stringify(unknown.body));
    expect(hidden.body.errors).toBeUndefined();
  });
});

describe('abuse: documents too deep for the parser (issue 13 item 8)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(async () => s.close());

  it('answers 3,000 chained fragments and a deeply nested selection with 400 and a code, not 500', async () => {
    const frags = Array.from({ length: 3000 }, (_, i) => `fragment f${i} on Query { ...f${i + 1} }`).join(' ') + ' fragment f3000 on Query { __typename }';
    const chained = await s.gql(`query { ...f0 } ${frags}`);
    expect(chained.status).toBe(400);
    expect(codesOf(chained)).toEqual(['BAD_USER_INPUT']);
    const nested = await s.gql(`{ ${'deals { nodes { '.repeat(2000)} id ${'} } '.repeat(2000)} }`);
    expect(nested.status).toBe(400);
    expect(codesOf(nested)).toEqual(['BAD_USER_INPUT']);
    for (const r of [chained, nested]) expect(JSON.stringify(r.body)).not.toMatch(/at .*\.js:\d+/);
  });
});
