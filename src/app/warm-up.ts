/**
 * Requests run through the whole server before it listens (issue 29 item 6): a fresh process
 * answered its first few thousand requests with code V8 had not compiled yet (the trivial query
 * at about 4,000 req/s in the first 3 s against 5,500 warm). The warm-up sends the queries the
 * server answers most (the trivial one, a deal's replay with every frame, a page of deals) over a
 * loopback socket on a port of its own, half of them past the response cache and half answered by
 * it, so the HTTP parser, the middleware, Apollo's pipeline, the executor and the cache's front
 * door are compiled before the first caller comes. They write no log line, spend no caller's rate
 * or cost budget, and leave nothing in the response cache.
 */
import { request as httpRequest, Agent, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Ledger } from '../ledger/ledger';
import type { RateLimiter } from '../auth/rate-limiter';
import type { CachedAnswers } from '../api/cache/cached-answers';
import { API_CACHED_ANSWERS, API_RATE_LIMITER } from '../settings/tokens';
import { accessLogPaused } from './access-log';

/** The longest the warm-up's requests may hold the start, however slow the machine (the app's start before them not counted). */
const MAX_MS = 3_000;
/** Requests in flight at once (the callers' connections run interleaved too). */
const CONNECTIONS = 4;

/** A deal's replay with every frame, as the viewer asks for it. */
export const REPLAY_QUERY = `query($id: ID!) { deal(id: $id) { id status result { score won game } frames { step phase event { type }
  hands { forehand { code } middlehand { code } rearhand { code } } skat { code }
  currentTrick { leader cards { seat card { code } } } completedTricks { winner points cards { seat card { code } } }
  cardPoints { declarer defenders } toAct legalMoves { kind card { code } } } } }`;
const DEALS_QUERY = '{ deals(first: 20) { totalCount edges { cursor node { id status } } } }';

/** What a warm-up did: the requests it sent and how long it took (ms), start-up included. */
export interface WarmUpReport {
  readonly requests: number;
  readonly ms: number;
}

/**
 * Sends `requests` requests (0: none) through the initialised app on an ephemeral loopback port,
 * then closes that port again; call before `app.listen`. The rate and cost budgets and the
 * response cache are emptied afterwards (the warm-up's own client is the loopback address).
 */
export async function warmUp(app: NestExpressApplication, requests: number): Promise<WarmUpReport> {
  if (requests <= 0) return { requests: 0, ms: 0 };
  const started = performance.now();
  await app.init();
  const ledger = app.get(Ledger);
  const answers = app.get<CachedAnswers>(API_CACHED_ANSWERS);
  const limiter = app.get<RateLimiter>(API_RATE_LIMITER);
  const server = app.getHttpServer() as Server;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const pause = accessLogPaused();
  let sent = 0;
  try {
    const { port } = server.address() as AddressInfo;
    const page = await ledger.deals({}, { first: 20, count: false });
    const dealIds = page.items.map((d) => d.dealId);
    const trivial = JSON.stringify({ query: '{ __typename }' });
    const list = JSON.stringify({ query: DEALS_QUERY });
    const replays = dealIds.map((id) => JSON.stringify({ query: REPLAY_QUERY, variables: { id } }));
    // Mostly the trivial query (the path every request takes), a page of deals and replays beside it.
    const bodyOf = (i: number): string => (i % 8 < 5 || replays.length === 0 ? trivial : i % 8 === 5 ? list : replays[(i >> 3) % replays.length]);
    const deadline = performance.now() + MAX_MS;
    const worker = async (): Promise<void> => {
      while (sent < requests && performance.now() < deadline) {
        const i = sent++;
        // Every other request past the cache (the full path), the others answered by its front door.
        if (i % 2 === 0) answers.cache.invalidate();
        await post(agent, port, bodyOf(i >> 1));
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  } catch {
    // A warm-up that fails (a store that stopped answering) only leaves the server colder: the
    // first callers get the same failure with its own answer.
  } finally {
    agent.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    pause.end();
    answers.cache.invalidate();
    limiter.clear();
    answers.points.clear();
  }
  return { requests: sent, ms: Math.round(performance.now() - started) };
}

function post(agent: Agent, port: number, body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/graphql',
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.once('end', () => resolve());
        res.once('error', reject);
      },
    );
    req.once('error', reject);
    req.end(body);
  });
}
