import { createWriteStream, readFileSync, readdirSync, rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ledger } from '../src/ledger/ledger';
import { importIssFiles } from '../src/archive/importIss';
import { bulkImportTarget } from '../src/archive/bulkImportTarget';
const ISS_DIR = path.resolve(__dirname, '..', '..', 'shared', 'data', 'iss');
const corpus = readdirSync(ISS_DIR).filter((f) => f.endsWith('.sgf')).sort().flatMap((f) => readFileSync(path.join(ISS_DIR, f), 'utf8').split('\n').filter((l) => l.trim() !== ''));
const N = Number(process.env.N ?? 5000);
async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'scratch-imp-'));
  const file = path.join(dir, 'r.sgf');
  const out: string[] = [];
  for (let i = 0; i < N; i++) { const k = Math.floor(i / corpus.length); out.push(corpus[i % corpus.length].replace(/ID\[(\d+)\]/, `ID[${k}x$1]`).replace(/SE\[(\d+)\]/, `SE[${Math.floor(k / 20)}x$1]`)); }
  require('fs').writeFileSync(file, out.join('\n') + '\n');
  const ledger = await Ledger.open({ storeUrl: `sqlite:${path.join(dir, 'i.db')}` });
  const t = process.hrtime.bigint(); const c0 = process.cpuUsage();
  const target = bulkImportTarget(ledger);
  let appendNs = 0n, catchNs = 0n, appendCpu = 0;
  const st = target.store as any; const orig = st.appendMany.bind(st);
  (target as any).store = Object.create(st); (target as any).store.appendMany = async (b: any) => { const t0 = process.hrtime.bigint(); const c = process.cpuUsage(); try { return await orig(b); } finally { appendNs += process.hrtime.bigint() - t0; const d = process.cpuUsage(c); appendCpu += d.user + d.system; } };
  const oc = target.catchUp!; (target as any).catchUp = async () => { const t0 = process.hrtime.bigint(); await oc(); catchNs += process.hrtime.bigint() - t0; };
  const s = await importIssFiles(target, [file], { batchEvents: Number(process.env.B ?? 20000) });

  const c = process.cpuUsage(c0);
  console.log('append wall', Number(appendNs)/1e9, 'cpu', appendCpu/1e6, 'catchUp wall', Number(catchNs)/1e9);
  console.log(s.imported, s.events, Number(process.hrtime.bigint() - t) / 1e9, 's wall', (c.user + c.system) / 1e6, 's cpu');
  await ledger.close();
  console.log(path.join(dir, 'i.db'));
}
main();
