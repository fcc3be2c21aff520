/**
 * The response cache's front door (src/api/cache/cached-answers.ts, issue 29 item 6) on a real
 * server: a repeated POST is answered byte for byte as the full path answered it, and every rule
 * of the full path still holds for it: the caller's view, the rate limit, the cost budget, a
 * refused token, and a write that makes the kept answer stale.
 */
import { GIVEN_CARDS, newCommandId } from './deal-flow';
import { startServer, type TestServer } from './harness';

const HIDDEN = { tournament: 'front-door-cup', table: 'fd-t1' };

async function post(s: TestServer, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(s.url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return {
    status: res.status,
    text: await res.text(),
    type: res.headers.get('content-type'),
    length: res.headers.get('content-length'),
    id: res.headers.get('x-request-id'),
  };
}

describe('the response cache front door', () => {
  let s: TestServer;
  let admin: string;
  const ok = async (query: string, variables: Record<string, unknown>) => {
    const r = await s.gql(query, variables, admin);
    if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
    return r.body.data;
  };

  beforeAll(async () => {
    // One rate window for the whole spec: with the default 10 s a window could roll over inside a
    // counting loop on a loaded machine and give the 41st request a fresh budget.
    s = await startServer({
      responseCacheMs: 60_000,
      privateTournaments: [HIDDEN.tournament],
      limits: { ratePerWindow: 40, costPerWindow: 2_000, rateWindowMs: 3_600_000 },
    });
    admin = s.token({ role: 'admin' });
    await ok(`mutation($c: ID!) { createTournament(commandId: $c, input: { tournamentId: "${HIDDEN.tournament}", name: "Hidden" }) { revision } }`, {
      c: newCommandId(),
    });
    await ok(`mutation($c: ID!, $i: OpenTableInput!) { openTable(commandId: $c, input: $i) { revision } }`, {
      c: newCommandId(),
      i: { tableId: HIDDEN.table, players: ['Anna', 'Ben', 'Cleo'], firstDealer: 'Anna', tournamentId: HIDDEN.tournament, round: 1 },
    });
  });
  afterAll(async () => s?.close());

  it('answers a repeated query with the same bytes and headers (its own request id), per Accept', async () => {
    const body = { query: '{ __typename }' };
    const first = await post(s, body);
    const again = await post(s, body);
    expect(again).toEqual({ ...first, id: again.id });
    expect(again.id).not.toBe(first.id);
    expect(first.type).toBe('application/json; charset=utf-8');
    const preferred = { accept: 'application/graphql-response+json' };
    expect((await post(s, body, preferred)).type).toBe('application/graphql-response+json; charset=utf-8');
    expect((await post(s, body, preferred)).type).toBe('application/graphql-response+json; charset=utf-8');
  });

  it('never gives a caller an answer kept for a view that sees more, and sees a write at once', async () => {
    const count = { query: '{ deals { totalCount } }' };
    const bearer = { authorization: `Bearer ${admin}` };
    expect(JSON.parse((await post(s, count, bearer)).text)).toEqual({ data: { deals: { totalCount: 0 } } });
    await ok(`mutation($c: ID!, $i: StartTableDealInput!) { startTableDeal(commandId: $c, input: $i) { dealId } }`, {
      c: newCommandId(),
      i: { tableId: HIDDEN.table, cards: GIVEN_CARDS },
    });
    // Kept at 0 before the deal began: the write made it stale.
    expect(JSON.parse((await post(s, count, bearer)).text)).toEqual({ data: { deals: { totalCount: 1 } } });
    expect(JSON.parse((await post(s, count, bearer)).text)).toEqual({ data: { deals: { totalCount: 1 } } });
    // The deal is in a private tournament: an anonymous caller asking the same never counts it.
    expect(JSON.parse((await post(s, count)).text)).toEqual({ data: { deals: { totalCount: 0 } } });
    expect(JSON.parse((await post(s, count)).text)).toEqual({ data: { deals: { totalCount: 0 } } });
  });

  it('refuses a token that is not valid, however often its question was answered for others', async () => {
    const body = { query: '{ __typename }' };
    await post(s, body);
    const refused = await post(s, body, { authorization: 'Bearer not-a-token' });
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.text).errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('counts kept answers against the rate limit and the cost budget', async () => {
    const caller = { authorization: `Bearer ${s.token({ role: 'player', player: 'Flood' })}` };
    const statuses: number[] = [];
    for (let i = 0; i < 41; i++) statuses.push((await post(s, { query: '{ __typename }' }, caller)).status);
    expect(statuses.slice(0, 40).every((c) => c === 200)).toBe(true);
    const over = await post(s, { query: '{ __typename }' }, caller);
    expect(over.status).toBe(429);
    expect(JSON.parse(over.text).errors[0].extensions.code).toBe('RATE_LIMITED');

    // 20 aliased lists cost 20 × (20 + the page) points: a few fit in 2,000, then the budget is spent.
    const costly = { authorization: `Bearer ${s.token({ role: 'player', player: 'Costly' })}` };
    const query = `{ ${Array.from({ length: 20 }, (_, i) => `d${i}: deals(first: 1) { totalCount }`).join(' ')} }`;
    const answers: Array<{ status: number; text: string }> = [];
    for (let i = 0; i < 12; i++) answers.push(await post(s, { query }, costly));
    expect(answers[0].status).toBe(200);
    expect(answers[1].status).toBe(200);
    const last = answers[answers.length - 1];
    expect(last.status).toBe(429);
    expect(JSON.parse(last.text).errors[0].extensions.reason).toBe('COST_BUDGET');
  });
});
