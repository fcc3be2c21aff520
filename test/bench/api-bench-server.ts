/**
 * The server side of api.bench.ts, in its own process so autocannon does not share its event
 * loop: records three finished deals through the API and imports ROTATION_DEALS random finished
 * deals as ISS records (for the rotations over many deals) into a SQLite file, starts the API on
 * it, and reports its URL and the deal ids to the parent.
 */
import '../../src/app/production-defaults';
import { writeLiveIssRecord } from '../../src/format/iss/iss-writer';
import { importIssText } from '../../src/archive/import/import-iss';
import { getProfile } from '../../src/rules/variant';
import { playRandomGame, seededRandom } from '../iss/random-games';
import { startServer } from '../api/harness';
import { openTableAndDeal, playOn } from '../api/deal-flow';
import { ledgerImportTarget } from '../support/ledger-import-target';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { settingsFromEnv } from '../../src/settings/api-settings';

const ROTATION_DEALS = Number(process.env.BENCH_ROTATION_DEALS ?? 1500);

/** Random legal ISS deals (passed-in ones included), one series per 36. */
function randomRecords(n: number): string {
  const rand = seededRandom(7);
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const g = playRandomGame(rand, getProfile('iss'));
    const w = writeLiveIssRecord({
      players: ['p0', 'p1', 'p2'],
      date: new Date(Date.UTC(2026, 10, 29)),
      series: 1 + Math.floor(i / 36),
      id: 500000 + i,
      dealt: g.dealt,
      moves: g.moves,
    });
    if (!w.ok) throw new Error(w.reason);
    lines.push(w.line);
  }
  return lines.join('\n');
}

async function main() {
  // The store is filled by a first server, then served by a second one started on it as main.ts
  // starts (its warm-up included: BENCH_WARM_UP requests, default the server's), so "the first
  // 3 s after start" are those of a server that has just started on a store.
  const dir = mkdtempSync(join(tmpdir(), 'api-bench-'));
  const storeUrl = `sqlite:${join(dir, 'bench.db')}`;
  const responseCacheMs = Number(process.env.BENCH_RESPONSE_CACHE_MS ?? 1000);
  const filler = await startServer({ storeUrl, responseCacheMs });
  const admin = filler.token({ role: 'admin' });
  const recorder = filler.token({ role: 'recorder', table: 'bench' });
  const dealIds: string[] = [];
  for (let i = 0; i < 3; i++) {
    const id = await openTableAndDeal(filler, 'bench', ['Anna', 'Ben', 'Cleo'], admin, recorder);
    await playOn(filler, id, recorder);
    dealIds.push(id);
  }
  const imported = await importIssText(ledgerImportTarget(filler.ledger), randomRecords(ROTATION_DEALS));
  if (imported.imported !== ROTATION_DEALS) throw new Error(`imported ${imported.imported} of ${ROTATION_DEALS} records`);
  await filler.close();
  const warmUpRequests = Number(process.env.BENCH_WARM_UP ?? settingsFromEnv({}, { storeUrl, tokenSecret: Buffer.alloc(32) }).warmUpRequests);
  const server = await startServer({ storeUrl, responseCacheMs, warmUpRequests });
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  const rotationIds = Array.from({ length: ROTATION_DEALS }, (_, i) => `iss-${500000 + i}`);
  process.send?.({ url: server.url, dealIds, rotationIds });
  process.on('message', async (m) => {
    // The parent reads the server's own CPU time around each run: the machine is shared, so wall
    // time alone does not say what one request costs.
    if (m === 'cpu') {
      const used = process.cpuUsage();
      const rssBytes = process.memoryUsage().rss;
      // Between runs only: what stays reachable (caches), apart from garbage not yet collected.
      (globalThis as { gc?: () => void }).gc?.();
      process.send?.({ cpuMicros: used.user + used.system, rssBytes, heapBytes: process.memoryUsage().heapUsed });
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
