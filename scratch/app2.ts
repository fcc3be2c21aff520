import { readFileSync, readdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { readIssRecord } from '../src/format/iss/IssReader';
import { issRecordToEvents } from '../src/format/iss/import/issRecordToEvents';
import { prepareEvent, sealMetadata } from '../src/eventStore/hashChain';
import { SCHEMA_SQL, MIGRATIONS } from '../src/eventStore/sqlite/schema';
const ISS_DIR = path.resolve(__dirname, '..', '..', 'shared', 'data', 'iss');
const corpus = readdirSync(ISS_DIR).filter((f) => f.endsWith('.sgf')).sort().flatMap((f) => readFileSync(path.join(ISS_DIR, f), 'utf8').split('\n').filter((l) => l.trim() !== ''));
const N = Number(process.env.N ?? 5000);
const cpu = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1e6; };
async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'scratch-app2-'));
  const db = new Database(path.join(dir, 'x.db')); db.pragma('journal_mode = WAL'); db.pragma('synchronous = NORMAL'); db.exec(SCHEMA_SQL); for (const m of MIGRATIONS) db.exec(m.sql);
  const ins = db.prepare('INSERT INTO events (stream_name, revision, event_id, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)');
  let tConv = 0, tPrep = 0, tSeal = 0, tIns = 0, ev = 0;
  let rows: any[] = [];
  const tx = db.transaction((rs: any[]) => { for (const r of rs) ins.run(r[0], r[1], r[2], r[3], r[4], r[5]); });
  for (let i = 0; i < N; i++) {
    const k = Math.floor(i / corpus.length); const l = corpus[i % corpus.length].replace(/ID\[(\d+)\]/, `ID[${k}x$1]`);
    let c = cpu(); const r = readIssRecord(l); if (!r.ok) continue; const d = issRecordToEvents(r.record, { line: l, lineNumber: i + 1, file: null }); if (!d.ok) continue; tConv += cpu() - c;
    c = cpu(); const p = d.deal.events.map((e, j) => prepareEvent(e, j, 1 << 20, { recordedAt: 'x' })); tPrep += cpu() - c;
    c = cpu(); let prev = '0'.repeat(64); p.forEach((e, j) => { const s = sealMetadata(prev, e); prev = s.hash; rows.push(['deal-' + d.deal.dealId, j, e.eventId, e.type, e.dataJson, s.metadataJson]); }); tSeal += cpu() - c;
    ev += p.length;
    if (rows.length >= 20000) { c = cpu(); tx(rows); tIns += cpu() - c; rows = []; }
  }
  let c = cpu(); tx(rows); tIns += cpu() - c;
  console.log(ev, 'events; us/event cpu: convert', (tConv / ev * 1e6).toFixed(1), 'prepare', (tPrep / ev * 1e6).toFixed(1), 'seal', (tSeal / ev * 1e6).toFixed(1), 'insert', (tIns / ev * 1e6).toFixed(1));
  db.close(); rmSync(dir, { recursive: true, force: true });
}
main();
