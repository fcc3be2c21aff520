/**
 * `npm run bench -- api`: drives the running server with autocannon on loopback. Three queries in
 * the same run: the trivial `{ __typename }` (the floor), a replay of one finished deal with all
 * frames, and a score sheet. Prints requests/s and p50/p99 latency of each.
 */
// autocannon ships without type declarations; only the fields printed below are used.
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (options: Record<string, unknown>) => Promise<AutocannonResult>;
import { startServer } from '../api/harness';
import { openTableAndDeal, playOn } from '../api/dealFlow';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function run(url: string, title: string, query: string, variables: Record<string, unknown> = {}) {
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  const bad = result.non2xx + result.errors;
  process.stdout.write(
    `${title.padEnd(34)} ${result.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   (${result.requests.total} requests, ${bad} failed)\n`,
  );
}

async function main() {
  const server = await startServer();
  try {
    const admin = server.token({ role: 'admin' });
    const recorder = server.token({ role: 'recorder', table: 'bench' });
    const dealIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const id = await openTableAndDeal(server, 'bench', ['Anna', 'Ben', 'Cleo'], admin, recorder);
      await playOn(server, id, recorder);
      dealIds.push(id);
    }
    const replay = `query($id: ID!) { deal(id: $id) { id status result { score won game } frames { step phase event { type }
      hands { forehand { code } middlehand { code } rearhand { code } } skat { code }
      currentTrick { leader cards { seat card { code } } } completedTricks { winner points cards { seat card { code } } }
      cardPoints { declarer defenders } toAct legalMoves { kind card { code } } } } }`;
    const frames = (await server.gql(replay, { id: dealIds[0] })).body.data.deal.frames.length;
    process.stdout.write(`API bench: ${CONNECTIONS} connections, ${DURATION_S} s each, one Node process (server + autocannon), ${frames} frames per replay\n`);
    await run(server.url, '{ __typename }', '{ __typename }');
    await run(server.url, `replay: deal with all ${frames} frames`, replay, { id: dealIds[0] });
    await run(server.url, 'scoreSheet (3 deals, totals)', `{ scoreSheet(tableId: "bench") { rows { dealNumber declarer entry totals { player total } } totals { player gamePoints won lost seegerFabian } } }`);
  } finally {
    await server.close();
  }
}

main().catch((err) => {
  process.stderr.write(`api bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exitCode = 1;
});
