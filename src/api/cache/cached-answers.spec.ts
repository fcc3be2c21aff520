import type { IncomingMessage, ServerResponse } from 'node:http';
import { RateLimiter } from '../../auth/rate-limiter';
import { anonymous, type Principal } from '../../auth/role';
import { CachedAnswers } from './cached-answers';

/** A response that records what was sent. */
function response() {
  const headers = new Map<string, unknown>();
  const res = {
    statusCode: 200,
    sent: undefined as unknown,
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), value),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
    end(chunk?: unknown) {
      res.sent = chunk;
      return res;
    },
    headers,
  };
  return res;
}

const QUERY = 'query($id: ID!) { deal(id: $id) { id } }';
const request = (body: unknown, headers: Record<string, string> = {}, method = 'POST', url = '/graphql') =>
  ({ method, url, headers, body, socket: {} }) as unknown as IncomingMessage;

/** A server's front door over a cache with a change token of our choosing; `token` in the Authorization header names a player. */
function setUp(options: { rate?: number; points?: number } = {}) {
  let token = 'a';
  const limiter = new RateLimiter(options.rate ?? 100, 60_000);
  const points = new RateLimiter(options.points ?? 10_000, 60_000);
  const answers = new CachedAnswers(
    60_000,
    () => token,
    (req): Principal => {
      const auth = req.headers.authorization;
      if (auth === 'bad') throw new Error('refused');
      return auth ? { role: 'player', player: auth, tokenId: auth, key: `token:${auth}` } : anonymous('1.2.3.4');
    },
    limiter,
    points,
  );
  const door = answers.middleware();
  /** One request through the front door: 'next' when it went on to the full path, else what it answered. */
  const send = (req: IncomingMessage, fullPath?: { keep: boolean; cost?: number; body?: string; status?: number; during?: () => void }) => {
    const res = response();
    let passed = false;
    door(req, res as unknown as ServerResponse, () => (passed = true));
    if (passed && fullPath) {
      // What the GraphQL context, the cost limit and the response cache plugin do on the full path.
      const key = answers.principalOf(req).key;
      limiter.take(key);
      points.take(key, fullPath.cost ?? 1);
      const toKeep = answers.toKeepOf(req);
      if (toKeep) {
        toKeep.cost = fullPath.cost ?? 1;
        if (fullPath.keep) toKeep.stamp = answers.cache.stamp();
      }
      fullPath.during?.();
      res.statusCode = fullPath.status ?? 200;
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      (res as unknown as ServerResponse).end(fullPath.body ?? '{"data":{"deal":null}}');
    }
    return { passed, res };
  };
  return { answers, send, limiter, points, moveToken: () => (token += 'x') };
}

const body = (id: string) => ({ query: QUERY, variables: { id } });

describe('CachedAnswers (the response cache front door)', () => {
  it('answers a repeated POST with the bytes and content type the full path sent, spending the rate and cost budgets', () => {
    const { send, limiter, points } = setUp();
    expect(send(request(body('d1')), { keep: true, cost: 40, body: '{"data":{"deal":{"id":"d1"}}}' }).passed).toBe(true);
    const hit = send(request(body('d1')));
    expect(hit.passed).toBe(false);
    expect(Buffer.isBuffer(hit.res.sent) && hit.res.sent.toString()).toBe('{"data":{"deal":{"id":"d1"}}}');
    expect(hit.res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(hit.res.headers.get('content-length')).toBe(29);
    expect(hit.res.statusCode).toBe(200);
    // The front door took one request and the answer's 40 points, as the full path did on the miss.
    expect(limiter.room('anon:1.2.3.4')).toBe(100 - 2);
    expect(points.room('anon:1.2.3.4')).toBe(10_000 - 80);
    // Variables absent or null are the same question, as Apollo reads them.
    send(request({ query: '{ __typename }' }), { keep: true });
    expect(send(request({ query: '{ __typename }', variables: null, operationName: null })).passed).toBe(false);
  });

  it('keeps nothing the response cache plugin would not keep, nor an answer that is not a 200', () => {
    const { send } = setUp();
    send(request(body('d1')), { keep: false });
    expect(send(request(body('d1'))).passed).toBe(true);
    send(request(body('d2')), { keep: true, status: 400 });
    expect(send(request(body('d2'))).passed).toBe(true);
  });

  it('never serves an answer to another view, another Accept, other variables or another operation', () => {
    const { send } = setUp();
    send(request(body('d1'), { authorization: 'Anna' }), { keep: true });
    expect(send(request(body('d1'), { authorization: 'Anna' })).passed).toBe(false);
    expect(send(request(body('d1'), { authorization: 'Ben' })).passed).toBe(true);
    expect(send(request(body('d1'))).passed).toBe(true);
    expect(send(request(body('d1'), { authorization: 'Anna', accept: 'application/graphql-response+json' })).passed).toBe(true);
    expect(send(request(body('d2'), { authorization: 'Anna' })).passed).toBe(true);
    expect(send(request({ ...body('d1'), operationName: 'Other' }, { authorization: 'Anna' })).passed).toBe(true);
  });

  it('misses once a write through the server or the change token (another process) moved, and keeps nothing computed across it', () => {
    const { send, answers, moveToken } = setUp();
    send(request(body('d1')), { keep: true });
    answers.cache.invalidate();
    expect(send(request(body('d1'))).passed).toBe(true);
    send(request(body('d1')), { keep: true });
    moveToken();
    expect(send(request(body('d1'))).passed).toBe(true);
    // Stamped before the token moved, sent after: not kept.
    send(request(body('d3')), { keep: true, during: moveToken });
    expect(send(request(body('d3'))).passed).toBe(true);
    send(request(body('d3')), { keep: true, during: () => answers.cache.invalidate() });
    expect(send(request(body('d3'))).passed).toBe(true);
  });

  it('leaves a caller over either budget to the full path (which refuses it), taking nothing', () => {
    const rate = setUp({ rate: 2 });
    rate.send(request(body('d1')), { keep: true });
    expect(rate.send(request(body('d1'))).passed).toBe(false);
    expect(rate.limiter.room('anon:1.2.3.4')).toBe(0);
    expect(rate.send(request(body('d1'))).passed).toBe(true);
    expect(rate.limiter.room('anon:1.2.3.4')).toBe(0);

    const costly = setUp({ points: 100 });
    costly.send(request(body('d1')), { keep: true, cost: 60 });
    expect(costly.send(request(body('d1'))).passed).toBe(true);
    expect(costly.points.room('anon:1.2.3.4')).toBe(40);
  });

  it('leaves refused tokens, GET requests, batches, persisted queries and other paths to the full path', () => {
    const { send } = setUp();
    send(request(body('d1')), { keep: true });
    expect(send(request(body('d1'), { authorization: 'bad' })).passed).toBe(true);
    expect(send(request(body('d1'), {}, 'GET')).passed).toBe(true);
    expect(send(request([body('d1')])).passed).toBe(true);
    expect(send(request({ ...body('d1'), extensions: { persistedQuery: { version: 1, sha256Hash: 'x' } } })).passed).toBe(true);
    expect(send(request(body('d1'), {}, 'POST', '/graphql?x=1')).passed).toBe(true);
    expect(send(request({ query: 7 })).passed).toBe(true);
    expect(send(request({ query: QUERY, variables: [1] })).passed).toBe(true);
  });
});
