/**
 * The server side of abuse.bench.ts, in its own process (the client's timers and fetches must not
 * share its event loop): builds, or reuses, a SQLite store of DEALS imported random ISS deals
 * (cached under the temp folder, keyed by a version and the size), starts the API on it with the
 * default limits (response cache off: a hostile caller varies its query anyway) and reports its
 * URL to the parent. `cpu` asks for its CPU time, `stop` ends it.
 */
import '../../src/app/production-defaults';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bulkImportTarget } from '../../src/archive/import/bulk-import-target';
import { importIssText } from '../../src/archive/import/import-iss';
import { writeLiveIssRecord } from '../../src/format/iss/iss-writer';
import { Ledger } from '../../src/ledger/ledger';
import { getProfile } from '../../src/rules/variant';
import { startServer } from '../api/harness';
import { parseProxyTrust } from '../../src/auth/client-address';
import { playRandomGame, seededRandom } from '../iss/random-games';

/** Bump when the generated store changes shape (players, series, record ids). */
const STORE_VERSION = 1;
const DEALS = Number(process.env.DEALS ?? 100_000);
/** The export idle time the server runs with (SKAT_LEDGER_EXPORT_IDLE_MS; the product's default is 30 s). */
const EXPORT_IDLE_MS = Number(process.env.EXPORT_IDLE_MS ?? 5_000);
const SERIES_LENGTH = 36;
/** Player pools: an `a` player sits in 1/6 of all deals, a `b` in 1/50, a `c` in 1/500. */
const A = 6;
const B = 50;
const C = 500;

export const playersOfSeries = (s: number): [string, string, string] => [`a${s % A}`, `b${s % B}`, `c${s % C}`];

/** Random legal ISS deals, SERIES_LENGTH per series with the same three players. */
function records(from: number, to: number, rand: () => number): string {
  const lines: string[] = [];
  const profile = getProfile('iss');
  for (let i = from; i < to; i++) {
    const series = Math.floor(i / SERIES_LENGTH);
    const g = playRandomGame(rand, profile);
    const w = writeLiveIssRecord({
      players: playersOfSeries(series),
      date: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
      series: 1 + series,
      id: 1_000_000 + i,
      dealt: g.dealt,
      moves: g.moves,
    });
    if (!w.ok) throw new Error(w.reason);
    lines.push(w.line);
  }
  return lines.join('\n');
}

async function buildStore(file: string): Promise<void> {
  const building = `${file}.building`;
  for (const f of [building, `${building}-wal`, `${building}-shm`]) rmSync(f, { force: true });
  const started = Date.now();
  const ledger = await Ledger.open({ storeUrl: `sqlite:${building}` });
  const rand = seededRandom(13);
  const chunk = 10_000;
  for (let from = 0; from < DEALS; from += chunk) {
    const summary = await importIssText(bulkImportTarget(ledger), records(from, Math.min(DEALS, from + chunk), rand));
    if (summary.imported !== Math.min(chunk, DEALS - from)) throw new Error(`imported ${summary.imported} records of ${Math.min(chunk, DEALS - from)}`);
    process.stderr.write(`  ... ${Math.min(DEALS, from + chunk)} deals imported (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
  }
  await ledger.close();
  renameSync(building, file);
  for (const f of ['-wal', '-shm']) rmSync(`${building}${f}`, { force: true });
}

async function main(): Promise<void> {
  const dir = join(tmpdir(), 'skat-ledger-bench');
  mkdirSync(dir, { recursive: true });
  const file = process.env.BENCH_DB ?? join(dir, `abuse-v${STORE_VERSION}-${DEALS}.db`);
  const reused = existsSync(file);
  if (!reused) await buildStore(file);
  // Behind a proxy on loopback (the bench's anonymous lanes name their addresses in X-Forwarded-For); a short export idle time.
  const server = await startServer({
    storeUrl: `sqlite:${file}`,
    responseCacheMs: 0,
    limits: { exportIdleMs: EXPORT_IDLE_MS },
    settings: { trustProxy: parseProxyTrust('loopback') },
  });
  process.send?.({
    url: server.url,
    file,
    reused,
    deals: DEALS,
    seriesLength: SERIES_LENGTH,
    firstId: 1_000_000,
    pools: { a: A, b: B, c: C },
    exportIdleMs: EXPORT_IDLE_MS,
    tokens: {
      admin: server.token({ role: 'admin' }),
      arbiter: server.token({ role: 'arbiter' }),
      player: server.token({ role: 'player', player: 'bench', table: 'none' }),
    },
  });
  process.on('message', async (m) => {
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
  process.stderr.write(`abuse bench server failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
