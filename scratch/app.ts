import { readFileSync, readdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readIssRecord } from '../src/format/iss/IssReader';
import { issRecordToEvents } from '../src/format/iss/import/issRecordToEvents';
import { openSqliteEventStore } from '../src/eventStore/sqlite/sqliteEventStore';
const ISS_DIR = path.resolve(__dirname, '..', '..', 'shared', 'data', 'iss');
const corpus = readdirSync(ISS_DIR).filter((f) => f.endsWith('.sgf')).sort().flatMap((f) => readFileSync(path.join(ISS_DIR, f), 'utf8').split('\n').filter((l) => l.trim() !== ''));
const N = Number(process.env.N ?? 5000);
async function main() {
  const deals: any[] = [];
  for (let i = 0; i < N; i++) { const k = Math.floor(i / corpus.length); const l = corpus[i % corpus.length].replace(/ID\[(\d+)\]/, `ID[${k}x$1]`); const r = readIssRecord(l); if (!r.ok) continue; const d = issRecordToEvents(r.record, { line: l, lineNumber: i + 1, file: null }); if (d.ok) deals.push(d.deal); }
  const dir = mkdtempSync(path.join(tmpdir(), 'scratch-app-'));
  const store = openSqliteEventStore(path.join(dir, 's.db'));
  let ev = 0; for (const d of deals) ev += d.events.length;
  const t = process.hrtime.bigint(); const c0 = process.cpuUsage();
  for (let i = 0; i < deals.length; i += 550) await store.appendMany(deals.slice(i, i + 550).map((d) => ({ streamName: 'deal-' + d.dealId, events: d.events, expectedRevision: 'noStream' as const })));
  const c = process.cpuUsage(c0);
  console.log(ev, 'events', (Number(process.hrtime.bigint() - t) / 1e9).toFixed(2), 's wall', ((c.user + c.system) / 1e6).toFixed(2), 's cpu', (ev / ((c.user + c.system) / 1e6)).toFixed(0), 'events/s cpu');
  await store.dispose(); rmSync(dir, { recursive: true, force: true });
}
main();
