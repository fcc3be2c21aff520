/**
 * `npm run bench -- import-export`: imports BENCH_RECORDS (default 100,000) ISS records into a
 * fresh SQLite store through the Ledger (the path `skat-ledger import iss` takes: read, decide,
 * append one batch per deal, projections caught up every 1000 deals), and in the same run inserts the same event rows raw with better-sqlite3
 * into a fresh file with the store's schema, one transaction per deal. Prints records/s, events/s,
 * peak RSS and the import/raw ratio (target >= 0.5, peak RSS <= 300 MB); then exports every deal
 * as NDJSON (deals/s) and as ISS lines.
 * The records are the 33 corpus records repeated with fresh IDs; a series spans 20 copies.
 */
import { createWriteStream, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { createReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Ledger } from '../../src/ledger/ledger';
import { importIssFiles } from '../../src/format/iss/import/importIss';
import { bulkImportTarget } from '../../src/format/iss/import/bulkImportTarget';
import { readIssRecord } from '../../src/format/iss/IssReader';
import { issRecordToEvents } from '../../src/format/iss/import/issRecordToEvents';
import { eventStoreDealSource } from '../../src/format/iss/export/dealStreamSource';
import { exportIssLines } from '../../src/format/iss/export/exportIss';
import { ndjsonDealLines, writeLines } from '../../src/format/ndjson/ndjsonWriter';
import { openEventStore } from '../../src/eventStore/storeUrl';
import { SCHEMA_SQL } from '../../src/eventStore/sqlite/schema';

const N = Number(process.env.BENCH_RECORDS ?? 100_000);
const ISS_DIR = path.resolve(__dirname, '..', '..', '..', 'shared', 'data', 'iss');

let peakRss = 0;
const sampleRss = () => (peakRss = Math.max(peakRss, process.memoryUsage().rss));
const mb = (b: number) => (b / 1024 / 1024).toFixed(0);

async function writeRecords(file: string): Promise<void> {
  const corpus = readdirSync(ISS_DIR)
    .filter((f) => f.endsWith('.sgf'))
    .sort()
    .flatMap((f) => readFileSync(path.join(ISS_DIR, f), 'utf8').split('\n').filter((l) => l.trim() !== ''));
  const out = createWriteStream(file);
  for (let i = 0; i < N; i++) {
    const k = Math.floor(i / corpus.length);
    // Fresh IDs for every copy; a series spans 20 copies (about 25 deals per table, as on ISS).
    const line = corpus[i % corpus.length].replace(/ID\[(\d+)\]/, `ID[${k}x$1]`).replace(/SE\[(\d+)\]/, `SE[${Math.floor(k / 20)}x$1]`);
    if (!out.write(line + '\n')) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** The same event rows the import appends, inserted raw: one transaction per deal. */
async function rawInsert(file: string, dbFile: string): Promise<{ seconds: number; deals: number; events: number }> {
  const db = new Database(dbFile);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(SCHEMA_SQL);
  const insert = db.prepare('INSERT INTO events (stream_name, revision, event_id, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)');
  const stream = db.prepare('INSERT INTO streams (stream_name, current_revision, last_hash) VALUES (?, ?, ?)');
  const tx = db.transaction((name: string, rows: { type: string; data: unknown; metadata: { eventId: string } }[]) => {
    rows.forEach((e, i) => insert.run(name, i, e.metadata.eventId, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata)));
    stream.run(name, rows.length - 1, '');
  });
  let ns = 0n;
  let deals = 0;
  let events = 0;
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let n = 0;
  for await (const line of lines) {
    n++;
    const read = readIssRecord(line);
    if (!read.ok) continue;
    const c = issRecordToEvents(read.record, { line, lineNumber: n, file });
    if (!c.ok) continue;
    const t0 = process.hrtime.bigint();
    tx(`deal-${c.deal.dealId}`, c.deal.events as never);
    ns += process.hrtime.bigint() - t0;
    deals++;
    events += c.deal.events.length;
  }
  db.close();
  return { seconds: Number(ns) / 1e9, deals, events };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-import-'));
  const file = path.join(dir, 'records.sgf');
  try {
    await writeRecords(file);
    process.stdout.write(`${N} records, ${mb(statSync(file).size)} MB file\n`);
    const timer = setInterval(sampleRss, 50);
    sampleRss();
    const baseRss = process.memoryUsage().rss;

    const ledger = await Ledger.open({ storeUrl: `sqlite:${path.join(dir, 'import.db')}` });
    let t = process.hrtime.bigint();
    const target = bulkImportTarget(ledger);
    const summary = await importIssFiles(target, [file], {}, sampleRss);
    await target.flush();
    const importS = Number(process.hrtime.bigint() - t) / 1e9;
    await ledger.close();
    sampleRss();
    const importPeak = peakRss;
    process.stdout.write(
      `import (Ledger, SQLite file)   ${(summary.records / importS).toFixed(0).padStart(7)} records/s ${(summary.events / importS).toFixed(0).padStart(8)} events/s   ${importS.toFixed(1)} s   imported ${summary.imported}, rejected ${summary.rejectedCount}   peak RSS ${mb(importPeak)} MB (start ${mb(baseRss)} MB)\n`,
    );

    const raw = await rawInsert(file, path.join(dir, 'raw.db'));
    process.stdout.write(
      `raw inserts (same rows)        ${(raw.deals / raw.seconds).toFixed(0).padStart(7)} records/s ${(raw.events / raw.seconds).toFixed(0).padStart(8)} events/s   ${raw.seconds.toFixed(1)} s (insert time only, one transaction per deal)\n`,
    );
    process.stdout.write(`import / raw rate              ${(summary.events / importS / (raw.events / raw.seconds)).toFixed(2)}   (target >= 0.5; peak RSS target <= 300 MB: ${importPeak <= 300 * 1024 * 1024 ? 'met' : 'NOT met'})\n`);

    const store = await openEventStore(`sqlite:${path.join(dir, 'import.db')}`, { readonly: true, mustExist: true });
    const sink = createWriteStream('/dev/null');
    t = process.hrtime.bigint();
    const deals = await writeLines(sink, ndjsonDealLines(eventStoreDealSource(store)));
    const ndjsonS = Number(process.hrtime.bigint() - t) / 1e9;
    process.stdout.write(`export NDJSON                  ${(deals / ndjsonS).toFixed(0).padStart(7)} deals/s   ${ndjsonS.toFixed(1)} s   (${deals} deals)\n`);
    t = process.hrtime.bigint();
    let lines = 0;
    for await (const l of exportIssLines(eventStoreDealSource(store))) if (l.line !== null) lines++;
    const issS = Number(process.hrtime.bigint() - t) / 1e9;
    process.stdout.write(`export ISS                     ${(lines / issS).toFixed(0).padStart(7)} deals/s   ${issS.toFixed(1)} s   (${lines} lines)\n`);
    sink.end();
    await store.dispose();
    clearInterval(timer);
    process.stdout.write(`peak RSS of the whole run      ${mb(peakRss)} MB\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack ?? err}\n`);
  process.exitCode = 1;
});
