/**
 * `npm run bench -- import-export`: imports BENCH_RECORDS (default 100,000) ISS records into a
 * fresh SQLite store through the Ledger (the path `skat-ledger import iss` takes: read, decide,
 * append one batch per deal, projections caught up every 1000 deals), and in the same run inserts
 * the rows it stored (hash chain fields included) raw with better-sqlite3 into a fresh file with
 * the store's schema, one transaction per deal or table append. Prints records/s, events/s, peak
 * RSS and the import/raw ratio (target >= 0.5, peak RSS <= 300 MB); then exports every deal as
 * NDJSON (deals/s) and as ISS lines.
 * The records are the 33 corpus records repeated with fresh IDs; a series spans 20 copies.
 */
import { createWriteStream, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Ledger } from '../../src/ledger/ledger';
import { importIssFiles } from '../../src/archive/importIss';
import { bulkImportTarget } from '../../src/archive/bulkImportTarget';
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

/**
 * The raw baseline: the rows the import stored (stream, revision, id, type, data and metadata
 * exactly as written, hash chain fields included), read back from the imported file and inserted
 * raw into a fresh file with the same schema, one transaction per appended batch (a deal or a
 * table). It runs interleaved with the import (after every progress report) so both see the same
 * machine load; only its transactions are timed, and its whole time is taken off the import's.
 */
class RawBaseline {
  private readonly source: Database.Database;
  private readonly db: Database.Database;
  private readonly read: Database.Statement;
  private readonly tx: (rows: Row[]) => void;
  private after = 0;
  private group: Row[] = [];
  insertNs = 0n;
  /** Everything this baseline did while the import's clock ran (reads included). */
  spentNs = 0n;
  batches = 0;
  events = 0;

  constructor(importedDb: string, rawDb: string) {
    this.source = new Database(importedDb, { readonly: true });
    this.db = new Database(rawDb);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(SCHEMA_SQL);
    const insert = this.db.prepare('INSERT INTO events (stream_name, revision, event_id, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)');
    const stream = this.db.prepare('INSERT INTO streams (stream_name, current_revision, last_hash) VALUES (?, ?, ?)');
    this.tx = this.db.transaction((rows: Row[]) => {
      for (const r of rows) insert.run(r.stream_name, r.revision, r.event_id, r.type, r.data, r.metadata);
      stream.run(rows[0].stream_name, rows[rows.length - 1].revision, '');
    });
    this.read = this.source.prepare('SELECT position, stream_name, revision, event_id, type, data, metadata FROM events WHERE position > ? ORDER BY position');
  }

  /** Copies the rows stored since the last call; the last group waits until it is complete. */
  catchUp(final = false): void {
    const t0 = process.hrtime.bigint();
    for (const row of this.read.iterate(this.after) as IterableIterator<Row & { position: number }>) {
      this.after = row.position;
      if (this.group.length > 0 && (row.stream_name !== this.group[0].stream_name || row.revision === 0)) this.flush();
      this.group.push(row);
    }
    if (final) this.flush();
    this.spentNs += process.hrtime.bigint() - t0;
  }

  private flush(): void {
    if (this.group.length === 0) return;
    const t0 = process.hrtime.bigint();
    this.tx(this.group);
    this.insertNs += process.hrtime.bigint() - t0;
    this.batches++;
    this.events += this.group.length;
    this.group = [];
  }

  close(): void {
    this.source.close();
    this.db.close();
  }
}

type Row = { stream_name: string; revision: number; event_id: string; type: string; data: string; metadata: string };

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-import-'));
  const file = path.join(dir, 'records.sgf');
  try {
    await writeRecords(file);
    process.stdout.write(`${N} records, ${mb(statSync(file).size)} MB file\n`);
    const timer = setInterval(sampleRss, 50);
    sampleRss();
    const baseRss = process.memoryUsage().rss;

    const importDb = path.join(dir, 'import.db');
    const ledger = await Ledger.open({ storeUrl: `sqlite:${importDb}` });
    const raw = new RawBaseline(importDb, path.join(dir, 'raw.db'));
    let t = process.hrtime.bigint();
    const target = bulkImportTarget(ledger);
    const summary = await importIssFiles(target, [file], {}, () => {
      sampleRss();
      raw.catchUp();
    });
    await target.flush();
    const importS = Number(process.hrtime.bigint() - t - raw.spentNs) / 1e9;
    await ledger.close();
    raw.catchUp(true);
    raw.close();
    sampleRss();
    const importPeak = peakRss;
    process.stdout.write(
      `import (Ledger, SQLite file)   ${(summary.records / importS).toFixed(0).padStart(7)} records/s ${(summary.events / importS).toFixed(0).padStart(8)} events/s   ${importS.toFixed(1)} s   imported ${summary.imported}, rejected ${summary.rejectedCount}   peak RSS ${mb(importPeak)} MB (start ${mb(baseRss)} MB)\n`,
    );
    const rawS = Number(raw.insertNs) / 1e9;
    const rawDealsPerS = summary.imported / rawS;
    process.stdout.write(
      `raw inserts (same stored rows) ${rawDealsPerS.toFixed(0).padStart(7)} records/s ${(raw.events / rawS).toFixed(0).padStart(8)} events/s   ${rawS.toFixed(1)} s (insert time only, interleaved; ${raw.batches} transactions, one per deal or table append; ${raw.events} rows incl. tables)\n`,
    );
    process.stdout.write(`import / raw rate              ${(summary.records / importS / rawDealsPerS).toFixed(2)}   (records/s over records/s; target >= 0.5; peak RSS target <= 300 MB: ${importPeak <= 300 * 1024 * 1024 ? 'met' : 'NOT met'})\n`);

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
