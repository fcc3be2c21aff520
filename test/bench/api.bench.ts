/**
 * `npm run bench -- api`: drives the running server with autocannon on loopback. In the same run:
 * the trivial `{ __typename }` in the first 3 s after start and then warm (the floor), a replay of
 * one finished deal with all frames (the query), the same replay query over 100 and over
 * 200 deals in turn (warm: their frames are in the frame cache; issue 29: trivial and the
 * 200-deal rotation >= 5,000 req/s at p50 <= 2.5 ms, also just after start; cold >= 1,000 req/s at
 * p50 <= 5 ms) and over 1,500 deals in turn (cold: more deals than the frame cache's 1,000, so
 * every request reads the deal's events, folds every frame and serialises it), and a score sheet.
 * Prints requests/s, p50/p99 latency, the server's CPU time per request, its resident memory and
 * its heap after a collection (what the caches hold) after each; first with the response cache off
 * (the headline), then as served with it on.
 */
import '../../src/app/production-defaults';
// autocannon ships without type declarations; only the fields printed below are used.
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (options: Record<string, unknown>) => Promise<AutocannonResult>;
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

/** The server process's resident memory after the last run, and its heap after a collection (bytes). */
let serverRss = 0;
let serverHeap = 0;

/** The server process's CPU time so far (user + system, µs); notes its resident memory. */
function serverCpuMicros(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (m: unknown) => {
      if (m && typeof m === 'object' && 'cpuMicros' in m) {
        child.off('message', onMessage);
        serverRss = (m as unknown as { rssBytes: number }).rssBytes;
        serverHeap = (m as unknown as { heapBytes: number }).heapBytes;
        resolve((m as { cpuMicros: number }).cpuMicros);
      }
    };
    child.on('message', onMessage);
    child.send('cpu');
  });
}

/** One autocannon run; with several variable sets, each request takes the next set in turn. */
async function run(
  child: ChildProcess,
  url: string,
  title: string,
  query: string,
  variables: Record<string, unknown> | Record<string, unknown>[] = {},
  seconds = DURATION_S,
) {
  const bodies = (Array.isArray(variables) ? variables : [variables]).map((v) => JSON.stringify({ query, variables: v }));
  let next = 0;
  const cpuBefore = await serverCpuMicros(child);
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: bodies[0],
    ...(bodies.length > 1 ? { requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, body: bodies[next++ % bodies.length] }) }] } : {}),
    connections: CONNECTIONS,
    duration: seconds,
  });
  const cpuMs = ((await serverCpuMicros(child)) - cpuBefore) / 1000;
  const bad = result.non2xx + result.errors;
  const cpuPerRequest = result.requests.total > 0 ? cpuMs / result.requests.total : 0;
  process.stdout.write(
    `${title.padEnd(38)} ${result.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   server CPU ${cpuPerRequest.toFixed(2)} ms/req   RSS ${Math.round(serverRss / 2 ** 20)} MiB, heap ${Math.round(serverHeap / 2 ** 20)} MiB   (${result.requests.total} requests, ${bad} failed)\n`,
  );
}

const REPLAY = `query($id: ID!) { deal(id: $id) { id status result { score won game } frames { step phase event { type }
  hands { forehand { code } middlehand { code } rearhand { code } } skat { code }
  currentTrick { leader cards { seat card { code } } } completedTricks { winner points cards { seat card { code } } }
  cardPoints { declarer defenders } toAct legalMoves { kind card { code } } } } }`;
const SHEET = `{ scoreSheet(tableId: "bench") { rows { dealNumber declarer entry totals { player total } } totals { player gamePoints won lost seegerFabian } } }`;

/** One server process; runs the three queries against it. */
async function againstServer(label: string, responseCacheMs: number) {
  const child = fork(join(__dirname, 'api-bench-server.ts'), [], {
    // --expose-gc: the server collects garbage between runs (never during one) to report its live heap.
    execArgv: ['--expose-gc', '-r', join(__dirname, 'register-ts.js')],
    env: { ...process.env, TS_NODE_TRANSPILE_ONLY: 'true', BENCH_RESPONSE_CACHE_MS: String(responseCacheMs) },
  });
  const ready = await new Promise<{ url: string; dealIds: string[]; rotationIds: string[] }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { url: string; dealIds: string[]; rotationIds: string[] }));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  try {
    const check = await fetch(ready.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: REPLAY, variables: { id: ready.dealIds[0] } }),
    });
    const frames = ((await check.json()) as { data: { deal: { frames: unknown[] } } }).data.deal.frames.length;
    process.stdout.write(`\n${label} (response cache ${responseCacheMs} ms):\n`);
    // Issue 29 item 6: the first seconds after start (code not yet optimised by the JIT), then warm.
    await run(child, ready.url, '{ __typename }, first 3 s after start', '{ __typename }', {}, 3);
    await run(child, ready.url, '{ __typename }', '{ __typename }');
    await run(child, ready.url, `replay: one deal, all ${frames} frames`, REPLAY, { id: ready.dealIds[0] });
    const warm = ready.rotationIds.slice(0, 100).map((id) => ({ id }));
    await run(child, ready.url, `replay: ${warm.length} deals in turn (warm)`, REPLAY, warm);
    const rotation = ready.rotationIds.slice(0, 200).map((id) => ({ id }));
    await run(child, ready.url, `replay: ${rotation.length} deals in turn (warm)`, REPLAY, rotation);
    const cold = ready.rotationIds.map((id) => ({ id }));
    await run(child, ready.url, `replay: ${cold.length.toLocaleString('en-US')} deals in turn (cold)`, REPLAY, cold);
    await run(child, ready.url, 'scoreSheet (3 deals, totals)', SHEET);
  } finally {
    child.send('stop');
    await new Promise((r) => child.once('exit', r));
  }
}

async function main() {
  process.stdout.write(
    `API bench: server in its own process (NODE_ENV=production, SQLite store in a temporary file, warm-up as main.ts unless BENCH_WARM_UP says otherwise), autocannon ${CONNECTIONS} connections, ${DURATION_S} s per query\n`,
  );
  // The headline: what a viewer opening a deal nobody asked for a moment ago gets.
  await againstServer('HEADLINE: response cache off (every request executes)', 0);
  await againstServer('as served (repeated identical queries hit the response cache)', 1000);
}

main().catch((err) => {
  process.stderr.write(`api bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exitCode = 1;
});
