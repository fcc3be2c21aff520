import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ledger } from '../src/ledger/ledger';
import { SCHEMA_SQL, MIGRATIONS } from '../src/eventStore/sqlite/schema';
async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'scratch-raw-'));
  const src = process.argv[2];
  const s = new Database(src, { readonly: true });
  const rows = s.prepare('SELECT stream_name, revision, event_id, type, data, metadata FROM events ORDER BY position').raw(true).all() as any[];
  console.log('rows', rows.length, 'db size MB', (statSync(src).size / 1e6).toFixed(0));
  for (const B of [2000, 20000, 100000]) {
    const f = path.join(dir, `raw${B}.db`);
    const db = new Database(f); db.pragma('journal_mode = WAL'); db.pragma('synchronous = NORMAL'); db.exec(SCHEMA_SQL); for (const m of MIGRATIONS) db.exec(m.sql);
    const ins = db.prepare('INSERT INTO events (stream_name, revision, event_id, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)');
    const st = db.prepare('INSERT INTO streams (stream_name, current_revision, last_hash) VALUES (?, ?, ?)');
    const tx = db.transaction((from: number, to: number) => { for (let i = from; i < to; i++) { const r = rows[i]; ins.run(r[0], r[1], r[2], r[3], r[4], r[5]); if (i + 1 === rows.length || rows[i + 1][1] === 0) st.run(r[0], r[1], ''); } });
    const t = process.hrtime.bigint(); const c0 = process.cpuUsage();
    for (let i = 0; i < rows.length; i += B) tx(i, Math.min(rows.length, i + B));
    const w = Number(process.hrtime.bigint() - t) / 1e9; const c = process.cpuUsage(c0);
    console.log(B, (rows.length / w).toFixed(0), 'rows/s wall', (rows.length / ((c.user + c.system) / 1e6)).toFixed(0), 'rows/s cpu');
    db.close();
  }
  rmSync(dir, { recursive: true, force: true });
}
main();
