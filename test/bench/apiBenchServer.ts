/**
 * The server side of api.bench.ts, in its own process so autocannon does not share its event
 * loop: starts the API over an in-memory store, records three finished deals through the API,
 * and reports its URL and a deal id to the parent.
 */
import '../../src/app/productionDefaults';
import { startServer } from '../api/harness';
import { openTableAndDeal, playOn } from '../api/dealFlow';

async function main() {
  const server = await startServer({ responseCacheMs: Number(process.env.BENCH_RESPONSE_CACHE_MS ?? 1000) });
  const admin = server.token({ role: 'admin' });
  const recorder = server.token({ role: 'recorder', table: 'bench' });
  const dealIds: string[] = [];
  for (let i = 0; i < 3; i++) {
    const id = await openTableAndDeal(server, 'bench', ['Anna', 'Ben', 'Cleo'], admin, recorder);
    await playOn(server, id, recorder);
    dealIds.push(id);
  }
  process.send?.({ url: server.url, dealIds });
  process.on('message', async (m) => {
    // The parent reads the server's own CPU time around each run: the machine is shared, so wall
    // time alone does not say what one request costs.
    if (m === 'cpu') {
      const used = process.cpuUsage();
      process.send?.({ cpuMicros: used.user + used.system });
      return;
    }
    if (m === 'stop') {
      await server.close();
      process.exit(0);
    }
  });
}

main().catch((err) => {
  process.stderr.write(`bench server failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
