/**
 * 10,000 malformed or hostile requests against a live server holding a deal in play: wrong types,
 * unknown cards, out-of-turn plays, cards not held, stale revisions, oversized and deeply nested
 * queries, bad tokens, junk bodies. None may crash the server, none may answer 500 or leave an
 * error without a code, and no refused command may append an event.
 */
import { ERROR_CODES } from '../../src/api/errors/errorCode';
import { ALL_CARDS } from '../../src/rules/card';
import { startServer, type GqlResponse, type TestServer } from './harness';
import { newCommandId, openTableAndDeal, playOn, position } from './dealFlow';

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const CONCURRENCY = 12;
const SEATS = ['FOREHAND', 'MIDDLEHAND', 'REARHAND'];
const SEAT_KEYS = ['forehand', 'middlehand', 'rearhand'] as const;

/** Small seeded PRNG (mulberry32) so a failure can be replayed. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)];
  const str = (n: number) => Array.from({ length: n }, () => String.fromCharCode(32 + int(95))).join('');
  return { next, int, pick, str };
}

async function countEvents(s: TestServer): Promise<{ streams: number; events: number }> {
  let streams = 0;
  let events = 0;
  for await (const name of s.ledger.store.listStreams()) {
    streams++;
    events += (await s.ledger.store.readStream(name)).events.length;
  }
  return { streams, events };
}

describe('API fuzz (issue 5 acceptance)', () => {
  let s: TestServer;
  afterAll(async () => s?.close());

  it(`survives ${REQUESTS} malformed or hostile requests: no crash, no 500, every error coded, nothing appended`, async () => {
    s = await startServer({ limits: { maxBodyBytes: 200_000 } });
    const admin = s.token({ role: 'admin' });
    const recorder = s.token({ role: 'recorder', table: 'fz' });
    const live = await openTableAndDeal(s, 'fz', ['Anna', 'Ben', 'Cleo'], admin, recorder);
    await playOn(s, live, recorder, 10); // into the card play
    const { deal, last } = await position(s, live, recorder);
    const toAct: string = last.toAct;
    const held: string[] = last.hands[toAct.toLowerCase()].map((c: any) => c.code);
    const legal = new Set<string>(last.legalMoves.filter((m: any) => m.kind === 'play').map((m: any) => m.card.code));
    const illegalHeld = held.filter((c) => !legal.has(c));
    const notHeld = ALL_CARDS.filter((c) => !held.includes(c));
    const otherSeats = SEATS.filter((x) => x !== toAct);
    const currentRevision = BigInt(deal.revision);
    const annaSeat = deal.players.indexOf('Anna');
    const before = await countEvents(s);

    const r = rng(20261129);
    const tokens = {
      recorder,
      otherTable: s.token({ role: 'recorder', table: 'elsewhere' }),
      player: s.token({ role: 'player', player: 'Anna' }),
      arbiter: s.token({ role: 'arbiter' }),
    };
    const badTokens = () =>
      r.pick([
        'Bearer ' + r.str(r.int(80)),
        'Bearer skl1.' + Buffer.from(JSON.stringify({ role: 'admin', jti: 'x', iat: 1 })).toString('base64url') + '.' + r.str(43),
        'Bearer ' + recorder.slice(0, -3) + 'abc',
        'Token ' + recorder,
        r.str(r.int(300)),
      ]);
    const play = (seat: unknown, card: unknown, extra = '') =>
      JSON.stringify({
        query: `mutation($c: ID!, $d: ID!, $s: Seat!, $card: String!${extra ? ', $rev: String' : ''}) { playCard(commandId: $c, dealId: $d, seat: $s, card: $card${extra ? ', expectedRevision: $rev' : ''}) { revision } }`,
        variables: { c: newCommandId(), d: live, s: seat, card, ...(extra ? { rev: extra } : {}) },
      });

    type Req = { body: string; headers?: Record<string, string>; kind: string };
    const auth = (t: string) => ({ authorization: `Bearer ${t}` });
    const generators: Array<() => Req> = [
      // Wrong types in variables and literals.
      () => ({ kind: 'wrong-type', body: play(r.pick([7, null, 'LEFT', {}, [], true]), r.pick([12, null, {}, ['CJ']])), headers: auth(recorder) }),
      () => ({ kind: 'wrong-type-literal', body: JSON.stringify({ query: `mutation { playCard(commandId: ${r.pick(['1', 'true', 'null', '[1]'])}, dealId: ${r.pick(['3.5', '{a:1}', 'FOREHAND'])}, seat: ${r.pick(['"FOREHAND"', '9', 'LEFT'])}, card: ${r.pick(['CJ', '1', 'null'])}) { revision } }` }), headers: auth(recorder) }),
      // Unknown cards.
      () => ({ kind: 'unknown-card', body: play(toAct, r.pick(['XX', 'C1', 'cj', 'CJJ', '', r.str(2), r.str(40), '🂡'])), headers: auth(recorder) }),
      // Out-of-turn plays and cards not held / not allowed.
      () => ({ kind: 'out-of-turn', body: play(r.pick(otherSeats), r.pick(ALL_CARDS)), headers: auth(recorder) }),
      () => ({ kind: 'not-held', body: play(toAct, r.pick(notHeld)), headers: auth(recorder) }),
      () => ({ kind: 'not-allowed', body: play(toAct, r.pick(illegalHeld.length ? illegalHeld : notHeld)), headers: auth(recorder) }),
      // A legal card with a stale or garbage expected revision.
      () => ({ kind: 'stale-revision', body: play(toAct, r.pick([...legal]), r.pick([String(currentRevision - 1n - BigInt(r.int(5))), String(currentRevision + 1n + BigInt(r.int(5))), '-1', 'abc', '1e3', '99999999999999999999'])), headers: auth(recorder) }),
      // Bidding and skat commands out of phase.
      () => ({
        kind: 'out-of-phase',
        body: JSON.stringify({
          query: `mutation($c: ID!, $d: ID!, $s: Seat!) { ${r.pick(['passBid', 'holdBid', 'takeSkat', 'callKontra', 'callRe'])}(commandId: $c, dealId: $d, seat: $s) { revision } }`,
          variables: { c: newCommandId(), d: live, s: r.pick(SEATS) },
        }),
        headers: auth(recorder),
      }),
      () => ({
        kind: 'bad-bid',
        body: JSON.stringify({ query: `mutation($c: ID!, $d: ID!, $v: Int!) { callBid(commandId: $c, dealId: $d, seat: ${r.pick(SEATS)}, value: $v) { revision } }`, variables: { c: newCommandId(), d: live, v: r.pick([0, -18, 17, 19, 2 ** 31, 1.5, 18, 264]) } }),
        headers: auth(recorder),
      }),
      // Unknown deals, forbidden roles, bad tokens, anonymous writers.
      () => ({ kind: 'unknown-deal', body: JSON.stringify({ query: `mutation($c: ID!, $d: ID!) { playCard(commandId: $c, dealId: $d, seat: FOREHAND, card: "CJ") { revision } }`, variables: { c: newCommandId(), d: r.pick(['nope', r.str(30), 'x'.repeat(500)]) } }), headers: auth(recorder) }),
      () => ({ kind: 'forbidden-role', body: play(toAct, r.pick([...legal])), headers: auth(r.pick([tokens.otherTable, tokens.player, tokens.arbiter])) }),
      () => ({ kind: 'bad-token', body: play(toAct, r.pick([...legal])), headers: { authorization: badTokens() } }),
      () => ({ kind: 'anonymous-write', body: play(toAct, r.pick([...legal])) }),
      () => ({ kind: 'bad-correction', body: JSON.stringify({ query: `mutation($c: ID!, $d: ID!) { correctScore(commandId: $c, input: { dealId: $d, reason: "${r.pick(['', ' '])}", correction: { correctedScore: ${r.int(200) - 100} } }) { revision } }`, variables: { c: newCommandId(), d: live } }), headers: auth(tokens.arbiter) }),
      () => ({
        kind: 'bad-start',
        body: JSON.stringify({
          query: `mutation($c: ID!, $i: StartDealInput!) { startDeal(commandId: $c, input: $i) { revision } }`,
          variables: { c: newCommandId(), i: { dealId: `fz-bad-${r.int(1e6)}`, tableId: 'fz', dealer: 'Anna', players: r.pick([['Anna', 'Ben'], ['a', 'b', 'c', 'd'], ['Anna', 'Ben', 'Cleo']]), cards: { shuffle: 'GIVEN', hands: [ALL_CARDS.slice(0, 10), ALL_CARDS.slice(0, 10), ALL_CARDS.slice(20, r.pick([29, 30]))], skat: ['CJ', r.pick(['XX', 'D7'])] } } },
        }),
        headers: auth(recorder),
      }),
      // Deeply nested, oversized, complex and junk queries.
      () => {
        const depth = r.pick([20, 100, 1000, 3000]);
        return { kind: 'deep', body: JSON.stringify({ query: '{' + ' deal(id:"x") {'.repeat(depth) + ' id' + ' }'.repeat(depth) + ' }' }) };
      },
      () => ({ kind: 'deep-valid', body: JSON.stringify({ query: `{ deals { nodes { frames { completedTricks { cards { card { code ${'... on Card { code '.repeat(r.int(30))}${'}'.repeat(0)} } } } } } } }` }) }),
      () => ({ kind: 'wide', body: JSON.stringify({ query: '{ ' + Array.from({ length: 200 + r.int(300) }, (_, i) => `a${i}: deal(id: "${live}") { frames { step hands { forehand { code } } } }`).join(' ') + ' }' }) }),
      () => ({ kind: 'oversized', body: r.int(20) === 0 ? JSON.stringify({ query: '{ __typename }', variables: { pad: 'x'.repeat(250_000) } }) : JSON.stringify({ query: '{ __typename }' }) }),
      () => ({ kind: 'junk-json', body: r.pick(['', '{', '[]', 'null', '"query"', '{"query": 5}', '{"query": "{"}', '{"variables": {}}', r.str(r.int(200)), '[{"query":"{ __typename }"}]']) }),
      () => ({ kind: 'junk-query', body: JSON.stringify({ query: r.str(r.int(120)) }) }),
      () => {
        const asAnna = r.next() < 0.5;
        return {
          kind: asAnna ? 'peek-as-anna' : 'peek-anonymous',
          body: JSON.stringify({ query: `query($d: ID!) { deal(id: $d) { frame(step: ${r.pick([-1, 0, 5, 99999, 2 ** 31 - 1])}, perspective: ${r.pick(['ALL', 'FOREHAND', 'MIDDLEHAND', 'REARHAND', 'PUBLIC', 'AUTO'])}) { hands { forehand { code } middlehand { code } rearhand { code } } skat { code } } } }`, variables: { d: live } }),
          headers: asAnna ? auth(tokens.player) : {},
        };
      },
      () => ({ kind: 'bad-filter', body: JSON.stringify({ query: `{ deals(first: ${r.pick([0, -1, 101, 1000000, 5])}, after: "${r.str(10).replace(/["\\]/g, '')}", filter: { from: "${r.pick(['yesterday', '2026-13-45', '2026-01-01'])}" }) { totalCount } }` }) }),
    ];

    const allowed = new Set<string>(ERROR_CODES.filter((c) => c !== 'INTERNAL_SERVER_ERROR'));
    const tally = new Map<string, number>();
    const problems: string[] = [];
    let sent = 0;
    const timing = new Map<string, number>();

    const check = (req: Req, res: GqlResponse) => {
      const text = JSON.stringify(res.body);
      const key = `${req.kind}:${res.status}:${(res.body.errors ?? []).map((e) => e.extensions?.code).join(',') || 'ok'}`;
      tally.set(key, (tally.get(key) ?? 0) + 1);
      if (res.status >= 500) problems.push(`${req.kind}: HTTP ${res.status} ${text.slice(0, 200)}`);
      if (/stacktrace|\s+at \S+ \(/.test(text)) problems.push(`${req.kind}: stack trace leaked`);
      if (res.status >= 400 && !res.body.errors) problems.push(`${req.kind}: HTTP ${res.status} without errors: ${text.slice(0, 200)}`);
      for (const e of res.body.errors ?? []) {
        if (!allowed.has(String(e.extensions?.code))) problems.push(`${req.kind}: error without an allowed code: ${JSON.stringify(e).slice(0, 300)}`);
      }
      // Peeks at the live deal: Anna sees her own hand at most, anonymous readers no hand at all.
      const frame = res.body.data?.deal?.frame;
      if (frame && req.kind.startsWith('peek')) {
        const seen = (['forehand', 'middlehand', 'rearhand'] as const).filter((k) => frame.hands[k].length > 0);
        const mayBe = req.kind === 'peek-as-anna' ? [SEAT_KEYS[annaSeat]] : [];
        if (seen.some((k) => !mayBe.includes(k)) || frame.skat.length > 0) problems.push(`${req.kind}: hidden cards leaked: ${text.slice(0, 300)}`);
      }
      // A command that came back without errors would have been accepted: none of these may be.
      if (!res.body.errors && /mutation/.test(req.body) && res.body.data && Object.values(res.body.data).some((v) => v !== null)) {
        problems.push(`${req.kind}: a hostile command was accepted: ${req.body.slice(0, 200)}`);
      }
    };

    async function worker() {
      while (sent < REQUESTS) {
        sent++;
        const req = r.pick(generators)();
        const t0 = performance.now();
        const res = await s.raw(req.body, req.headers);
        timing.set(req.kind, (timing.get(req.kind) ?? 0) + performance.now() - t0);
        check(req, res);
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));

    if (process.env.FUZZ_TIMING) console.log([...timing.entries()].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v.toFixed(0)}ms`).join('\n') + '\n' + [...tally.entries()].sort().map(([k, n]) => `${k} ${n}`).join('\n'));
    if (problems.length) throw new Error(`${problems.length} problems, first:\n${problems.slice(0, 10).join('\n')}`);
    expect(sent).toBeGreaterThanOrEqual(REQUESTS);
    // Nothing was appended by any refused command, and the server still answers.
    expect(await countEvents(s)).toEqual(before);
    expect((await s.gql('{ __typename }')).body).toEqual({ data: { __typename: 'Query' } });
    const summary = [...tally.entries()].sort().map(([k, n]) => `${k} ${n}`);
    // Every family of refusal was exercised, each with a code of its own.
    expect(summary.join('\n')).toMatch(/out-of-turn:200:ILLEGAL_MOVE/);
    expect(summary.join('\n')).toMatch(/stale-revision:200:CONFLICT/);
    expect(summary.join('\n')).toMatch(/bad-token:401:UNAUTHENTICATED/);
    expect(summary.join('\n')).toMatch(/forbidden-role:200:FORBIDDEN/);
    expect(summary.join('\n')).toMatch(/oversized:413:BAD_USER_INPUT/);
    expect(summary.join('\n')).toMatch(/unknown-card:200:BAD_USER_INPUT/);
    expect(summary.join('\n')).toMatch(/peek-as-anna:200:ok/);
  }, 900_000);
});
