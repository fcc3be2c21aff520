/**
 * `npm run bench -- import-export`: BENCH_RECORDS ISS records (default 100,000; the headline is
 * 1,000,000) imported into a fresh SQLite store the way `skat-ledger import iss` does it (read,
 * decide, many deals per transaction, read models loaded at the end), against the best SQLite
 * itself does with the same rows: raw better-sqlite3 inserts of exactly the rows the import stored
 * (events and streams, hash chain fields included), into a fresh file with the same schema and the
 * same indexes, batched in transactions of BENCH_RAW_BATCH rows (default 100,000). Both run in the
 * same run, each in its own child process (so each peak RSS is its own); the raw side's reads of
 * the rows are not timed. Prints events/s of both (wall and CPU: the machines are shared), the
 * ratio (target >= 0.5), the import's peak RSS (target <= 300 MB) and the time a 9M-record dump
 * would take at this rate; then NDJSON and ISS export rates over the first BENCH_EXPORT_DEALS deals
 * (default 100,000); then the import once more from each input format (plain, .gz, .bz2, standard
 * input through a pipe) over the first BENCH_FORMAT_RECORDS records (default 20,000), with each
 * one's peak RSS.
 * The records are the 33 corpus records repeated with fresh IDs; a series spans 20 copies.
 * Prints the store's bytes per event on disk (event store, read models, the file; goal <= 120 for
 * the event store). Disk: about 250 bytes per event for each of the two files, which never exist
 * together (1M records: ~9 GB, plus the dumps).
 */
import { spawnSync } from 'node:child_process';
import { closeSync, createWriteStream, mkdtempSync, openSync, readFileSync, readSync, readdirSync, rmSync, statSync, statfsSync, writeSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { once } from 'node:events';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { eventStoreDealSource } from '../../src/archive/export/deal-stream-source';
import { exportIssLines } from '../../src/archive/export/export-iss';
import { ndjsonDealBlocks, writeLines } from '../../src/archive/ndjson/ndjson-writer';
import { Ledger } from '../../src/ledger/ledger';
import { openEventStore } from '../../src/event-store/store-url';
import { ledgerDealSource } from '../../src/archive/ndjson/ledger-deal-source';
import { SCHEMA_SQL } from '../../src/event-store/sqlite/schema';
import { storeBytes, storeBytesLine } from './store-bytes';
import { DEFAULT_CACHE_SIZE_KIB } from '../../src/event-store/sqlite/sqlite-event-store';
import { bzip2Program } from '../../src/archive/bzip2-chunks';

const N = Number(process.env.BENCH_RECORDS ?? 100_000);
const RAW_BATCH = Number(process.env.BENCH_RAW_BATCH ?? 100_000);
const EXPORT_DEALS = Number(process.env.BENCH_EXPORT_DEALS ?? 100_000);
/** Records imported once more from each input format (plain, .gz, .bz2, standard input). */
const FORMAT_RECORDS = Number(process.env.BENCH_FORMAT_RECORDS ?? 20_000);
const ISS_DIR = path.resolve(__dirname, '..', '..', '..', 'shared', 'data', 'iss');
const BYTES_PER_EVENT = 300;

const mb = (b: number) => (b / 1024 / 1024).toFixed(0);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const cpuSeconds = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1e6;

interface PhaseResult {
  readonly wallS: number;
  readonly cpuS: number;
  /** The import's main thread alone (its worker thread decides and seals records beside it). */
  readonly mainCpuS?: number;
  readonly maxRssBytes: number;
  readonly events: number;
  readonly rows?: number;
  readonly records?: number;
  readonly imported?: number;
  readonly rejected?: number;
}

async function writeRecords(file: string): Promise<void> {
  const corpus = readdirSync(ISS_DIR)
    .filter((f) => f.endsWith('.sgf'))
    .sort()
    .flatMap((f) =>
      readFileSync(path.join(ISS_DIR, f), 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== ''),
    );
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

const ROOT = path.resolve(__dirname, '..', '..');

/**
 * Child: the import as the CLI runs it, from the built code in dist/ (what `npx skat-ledger` runs,
 * without ts-node's compiler in memory), timed from opening the store to the read models caught up.
 */
const IMPORT_CHILD = `
const [file, db, root] = process.argv.slice(1);
const { Ledger } = require(root + '/dist/ledger/ledger');
const { importIssFiles, SOLE_WRITER_IMPORT } = require(root + '/dist/archive/import/import-iss');
const { bulkImportTarget } = require(root + '/dist/archive/import/bulk-import-target');
// The main thread's own CPU (Linux: its task's utime + stime); process.cpuUsage() counts the worker too.
const mainCpu = () => {
  try {
    const f = require('fs').readFileSync('/proc/self/task/' + process.pid + '/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch { return NaN; }
};
(async () => {
  const t = process.hrtime.bigint();
  const c = process.cpuUsage();
  const m = mainCpu();
  const ledger = await Ledger.open({ storeUrl: 'sqlite:' + db });
  const summary = await importIssFiles(bulkImportTarget(ledger), [file], SOLE_WRITER_IMPORT);
  await ledger.close();
  const u = process.cpuUsage(c);
  process.stdout.write(JSON.stringify({
    wallS: Number(process.hrtime.bigint() - t) / 1e9, cpuS: (u.user + u.system) / 1e6, mainCpuS: mainCpu() - m, maxRssBytes: process.resourceUsage().maxRSS * 1024,
    events: summary.events, records: summary.records, imported: summary.imported, rejected: summary.rejectedCount,
  }) + '\\n');
})().catch((err) => { process.stderr.write(String(err && err.stack || err) + '\\n'); process.exitCode = 1; });
`;

/** How the records reach the import: the file as it is, gzipped, bzip2'd, or piped to standard input. */
type InputFormat = 'plain' | 'gz' | 'bz2' | 'stdin';

function importPhase(file: string, db: string, format: InputFormat = 'plain'): PhaseResult {
  const built = path.join(ROOT, 'dist', 'archive', 'import', 'import-iss.js');
  const source = path.join(ROOT, 'src', 'archive', 'import', 'import-iss.ts');
  try {
    if (statSync(built).mtimeMs < statSync(source).mtimeMs) process.stderr.write('warning: dist/ is older than src/ (run npm run build)\n');
  } catch {
    throw new Error('dist/ is missing: run npm run build first');
  }
  // Standard input through a real pipe (cat | node), as `... | skat-ledger import iss -` gets it.
  const r =
    format === 'stdin'
      ? spawnSync('sh', ['-c', 'cat "$0" | "$1" -e "$2" - "$3" "$4"', file, process.execPath, IMPORT_CHILD, db, ROOT], { encoding: 'utf8', maxBuffer: 1 << 20 })
      : spawnSync(process.execPath, ['-e', IMPORT_CHILD, file, db, ROOT], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (r.status !== 0) throw new Error(`import phase (${format}) failed: ${r.stderr || r.stdout}`);
  return JSON.parse(r.stdout.trim().split('\n').pop() as string) as PhaseResult;
}

/** Rows per block of a dump file: a 4-byte length, then the block's rows as gzipped JSON. */
const DUMP_BLOCK_ROWS = 10_000;

/** The event store's tables in the order the raw inserts fill them, each with its columns (the first: its key). */
const STORE_TABLES: readonly (readonly [string, string])[] = [
  ['event_types', 'type_id, name'],
  ['streams', 'stream_id, stream_name, current_revision, last_hash'],
  ['event_runs', 'run_id, stream_id, first_revision, first_position, count, id_command, id_scoped, first_k, metadata'],
  ['events', 'position, run_id, type_id, hash, data, own'],
  ['event_ids', 'position, event_id'],
];

/**
 * Child, untimed: the rows the import stored (every table of the event store, compact as they
 * are), copied to compressed dump files, so the import's file can be deleted before the raw
 * inserts write theirs.
 */
function dumpPhase(importedDb: string, dumpDir: string): PhaseResult {
  const source = new Database(importedDb, { readonly: true });
  const dump = (table: string, columns: string): number => {
    const key = columns.split(',')[0];
    const read = source.prepare(`SELECT ${columns} FROM ${table} WHERE ${key} > ? ORDER BY ${key} LIMIT ?`).raw(true);
    const fd = openSync(path.join(dumpDir, `${table}.dump`), 'w');
    let n = 0;
    try {
      for (let after = -1; ;) {
        const chunk = read.all(after, DUMP_BLOCK_ROWS) as unknown[][];
        if (chunk.length === 0) break;
        after = chunk[chunk.length - 1][0] as number;
        const block = gzipSync(JSON.stringify(chunk), { level: 1 });
        const head = Buffer.alloc(4);
        head.writeUInt32LE(block.length);
        writeSync(fd, head);
        writeSync(fd, block);
        n += chunk.length;
      }
    } finally {
      closeSync(fd);
    }
    return n;
  };
  let rows = 0;
  let events = 0;
  for (const [table, columns] of STORE_TABLES) {
    const n = dump(table, columns);
    rows += n;
    if (table === 'events') events = n;
  }
  source.close();
  return { wallS: 0, cpuS: 0, maxRssBytes: 0, events, rows };
}

/** JSON of a Buffer ({type: 'Buffer', data}) read back as one. */
const revive = (_: string, v: unknown) =>
  v !== null && typeof v === 'object' && (v as { type?: unknown }).type === 'Buffer' && Array.isArray((v as { data?: unknown }).data)
    ? Buffer.from((v as { data: number[] }).data)
    : v;

/** The blocks of a dump file, in order. */
function* dumpBlocks(file: string): Generator<unknown[][]> {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(4);
    while (readSync(fd, head, 0, 4, null) === 4) {
      const block = Buffer.alloc(head.readUInt32LE(0));
      if (readSync(fd, block, 0, block.length, null) !== block.length) throw new Error(`${file}: truncated block`);
      yield JSON.parse(gunzipSync(block).toString('utf8'), revive) as unknown[][];
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Child: the rows the import stored, inserted raw into a fresh file with the store's schema,
 * indexes and pragmas (WAL, synchronous=NORMAL, the store's page cache), RAW_BATCH rows per
 * transaction: the same information held as compactly as the store holds it. Rows are read from
 * the dumps outside the clock.
 */
function rawPhase(dumpDir: string, rawDb: string): PhaseResult {
  const db = new Database(rawDb);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma(`cache_size = ${-DEFAULT_CACHE_SIZE_KIB}`);
  db.exec(SCHEMA_SQL);
  let wallNs = 0n;
  let cpu = 0;
  let eventRows = 0;
  let rows = 0;
  const timed = (write: () => void) => {
    const t = process.hrtime.bigint();
    const c = process.cpuUsage();
    write();
    cpu += cpuSeconds(process.cpuUsage(c));
    wallNs += process.hrtime.bigint() - t;
  };
  const insertAll = (file: string, insert: (rows: unknown[][]) => void): number => {
    let batch: unknown[][] = [];
    let n = 0;
    for (const block of dumpBlocks(file)) {
      for (const r of block) batch.push(r);
      if (batch.length >= RAW_BATCH) {
        const full = batch;
        timed(() => insert(full));
        n += full.length;
        batch = [];
      }
    }
    if (batch.length > 0) timed(() => insert(batch));
    return n + batch.length;
  };
  for (const [table, columns] of STORE_TABLES) {
    const stmt = db.prepare(
      `INSERT INTO ${table} (${columns}) VALUES (${columns
        .split(',')
        .map(() => '?')
        .join(', ')})`,
    );
    const n = insertAll(
      path.join(dumpDir, `${table}.dump`),
      db.transaction((batch: unknown[][]) => {
        for (const r of batch) stmt.run(...r);
      }),
    );
    rows += n;
    if (table === 'events') eventRows = n;
  }
  timed(() => db.pragma('wal_checkpoint(TRUNCATE)'));
  db.close();
  return { wallS: Number(wallNs) / 1e9, cpuS: cpu, maxRssBytes: process.resourceUsage().maxRSS * 1024, events: eventRows, rows };
}

function child(phase: string, ...args: string[]): PhaseResult {
  const r = spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', __filename, phase, ...args], {
    encoding: 'utf8',
    env: { ...process.env, TS_NODE_TRANSPILE_ONLY: 'true' },
    maxBuffer: 1 << 20,
  });
  if (r.status !== 0) throw new Error(`${phase} phase failed: ${r.stderr || r.stdout}`);
  return JSON.parse(r.stdout.trim().split('\n').pop() as string) as PhaseResult;
}

/**
 * The exports as the CLI runs them: `export ndjson` selects the deals from the read models (the
 * Ledger, caught up first, 500 a page), reads their streams 100 at a time and writes their lines
 * in blocks to /dev/null, on this thread alone and then as the CLI does by default, with the
 * lines built on worker threads beside it (one per core but one); `export iss` reads the deal
 * streams in recording order. Wall and CPU both shown (the machine is shared).
 */
async function exports(db: string): Promise<void> {
  const rate = (label: string, deals: number, t: bigint, c: NodeJS.CpuUsage) => {
    const wallS = Number(process.hrtime.bigint() - t) / 1e9;
    const cpuS = cpuSeconds(process.cpuUsage(c));
    process.stdout.write(
      `${label.padEnd(30)} ${fmt(deals / wallS).padStart(9)} deals/s wall ${fmt(deals / cpuS).padStart(9)} deals/s CPU   ${wallS.toFixed(1)} s wall ${cpuS.toFixed(1)} s CPU   (${fmt(deals)} deals; target >= 10,000/s)\n`,
    );
  };
  const ledger = await Ledger.open({ storeUrl: `sqlite:${db}` });
  try {
    await ledger.catchUp();
    const t = process.hrtime.bigint();
    const c = process.cpuUsage();
    let deals = 0;
    // As `export ndjson --out /dev/null` writes them: blocks of lines, each one write of the file.
    const out = createWriteStream('/dev/null');
    const source = ledgerDealSource(ledger, {}, { pageSize: 500, max: EXPORT_DEALS, include: () => (deals++, true) });
    await writeLines(out, ndjsonDealBlocks(source));
    out.end();
    await once(out, 'finish');
    rate('export NDJSON (this thread)', deals, t, c);
    // As the CLI runs it by default: the lines built on worker threads beside this one (the built
    // worker script from dist/, as the installed CLI starts it; CPU counts every thread).
    const built = require(
      path.join(ROOT, 'dist', 'archive', 'ndjson', 'ndjson-export-pool.js'),
    ) as typeof import('../../src/archive/ndjson/ndjson-export-pool');
    const workers = Math.max(1, availableParallelism() - 1);
    const tw = process.hrtime.bigint();
    const cw = process.cpuUsage();
    deals = 0;
    const outW = createWriteStream('/dev/null');
    const sourceW = ledgerDealSource(ledger, {}, { pageSize: 500, max: EXPORT_DEALS, include: () => (deals++, true) });
    await writeLines(outW, built.ndjsonDealBlocksOnWorkers(sourceW, {}, undefined, { storeUrl: `sqlite:${db}`, workers }));
    outW.end();
    await once(outW, 'finish');
    rate(`export NDJSON (CLI: +${workers} worker)`, deals, tw, cw);
  } finally {
    await ledger.close();
  }
  const store = await openEventStore(`sqlite:${db}`, { readonly: true, mustExist: true });
  try {
    const t = process.hrtime.bigint();
    const c = process.cpuUsage();
    let lines = 0;
    for await (const l of exportIssLines(eventStoreDealSource(store))) {
      if (l.line !== null) lines++;
      if (lines >= EXPORT_DEALS) break;
    }
    rate('export ISS (CLI path)', lines, t, c);
  } finally {
    await store.dispose();
  }
}

/**
 * The same import from each input format (the first FORMAT_RECORDS records): peak RSS (target
 * <= 300 MB whatever the size) and wall time; .bz2 goes through `bzip2 -dc` when it is on the
 * PATH, else the built-in decoder, and the compressors' own times are shown beside it.
 */
function formats(file: string, dir: string, plain: PhaseResult): void {
  const n = Math.min(N, FORMAT_RECORDS);
  let source = file;
  if (n < N) {
    source = path.join(dir, 'format-records.sgf');
    const r = spawnSync('sh', ['-c', 'head -n "$0" "$1" > "$2"', String(n), file, source]);
    if (r.status !== 0) throw new Error(`head failed: ${r.stderr}`);
  }
  const timed = (cmd: string): number => {
    const t = process.hrtime.bigint();
    const r = spawnSync('sh', ['-c', cmd, source], { stdio: 'ignore' });
    if (r.status !== 0) throw new Error(`${cmd} failed`);
    return Number(process.hrtime.bigint() - t) / 1e9;
  };
  const gz = `${source}.gz`;
  const bz2 = `${source}.bz2`;
  timed('gzip -c "$0" > "$0.gz"');
  timed('bzip2 -c "$0" > "$0.bz2"');
  const bunzip2S = timed('bzip2 -dc "$0.bz2" > /dev/null');
  const bzip2 = bzip2Program();
  process.stdout.write(
    `formats, ${fmt(n)} records (${mb(statSync(source).size)} MB; .gz ${mb(statSync(gz).size)} MB, .bz2 ${mb(statSync(bz2).size)} MB; bzip2 -dc alone ${bunzip2S.toFixed(2)} s; .bz2 read by ${bzip2 ?? 'the built-in decoder'})\n`,
  );
  for (const [format, input] of [
    ['plain', source],
    ['gz', gz],
    ['bz2', bz2],
    ['stdin', source],
  ] as const) {
    const db = path.join(dir, `format-${format}.db`);
    const r = n === N && format === 'plain' ? plain : importPhase(input, db, format);
    for (const suffix of ['', '-wal', '-shm']) rmSync(db + suffix, { force: true });
    process.stdout.write(
      `  import ${format.padEnd(6)}              ${fmt(r.events / r.wallS).padStart(9)} events/s wall   ${r.wallS.toFixed(1)} s wall ${r.cpuS.toFixed(1)} s CPU   peak RSS ${mb(r.maxRssBytes)} MB (<= 300: ${r.maxRssBytes <= 300 * 1024 * 1024 ? 'met' : 'NOT met'})\n`,
    );
  }
  for (const f of [gz, bz2, ...(source === file ? [] : [source])]) rmSync(f, { force: true });
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-import-'));
  const file = path.join(dir, 'records.sgf');
  try {
    const free = statfsSync(dir);
    // The import's file, then its rows' dumps (about a quarter of it), then the raw file: the
    // import's file is deleted before the raw inserts start.
    const needed = 1.3 * N * 36 * BYTES_PER_EVENT;
    if (free.bavail * free.bsize < needed * 1.1) {
      throw new Error(`not enough disk in ${dir}: ${mb(free.bavail * free.bsize)} MB free, about ${mb(needed)} MB needed for ${fmt(N)} records`);
    }
    await writeRecords(file);
    process.stdout.write(`${fmt(N)} records, ${mb(statSync(file).size)} MB file (machine shared: wall and CPU time both shown)\n`);
    const importDb = path.join(dir, 'import.db');
    const imp = importPhase(file, importDb);
    const line = (label: string, events: number, r: PhaseResult, extra: string) =>
      `${label.padEnd(30)} ${fmt(events / r.wallS).padStart(9)} events/s wall ${fmt(events / r.cpuS).padStart(9)} events/s CPU   ${r.wallS.toFixed(1)} s wall ${r.cpuS.toFixed(1)} s CPU   ${extra}\n`;
    process.stdout.write(
      line(
        'import (CLI path, SQLite file)',
        imp.events,
        imp,
        `${fmt(imp.records ?? 0)} records, ${fmt(imp.imported ?? 0)} imported, ${fmt(imp.rejected ?? 0)} rejected; peak RSS ${mb(imp.maxRssBytes)} MB`,
      ),
    );
    if (imp.mainCpuS !== undefined && Number.isFinite(imp.mainCpuS)) {
      process.stdout.write(
        `  of which the main thread        ${imp.mainCpuS.toFixed(1)} s CPU (the rest: the worker thread judging, deciding and sealing records)\n`,
      );
    }
    process.stdout.write(storeBytesLine(storeBytes(importDb)));
    await exports(importDb);
    child('dump', importDb, dir);
    for (const suffix of ['', '-wal', '-shm']) rmSync(importDb + suffix, { force: true });
    const raw = child('raw', dir, path.join(dir, 'raw.db'));
    process.stdout.write(
      line(
        `raw inserts, ${fmt(RAW_BATCH)}-row tx`,
        raw.events,
        raw,
        `${fmt(raw.rows ?? 0)} rows (events, runs, streams, types), the store's compact rows, schema and indexes; peak RSS ${mb(raw.maxRssBytes)} MB`,
      ),
    );
    const ratioWall = imp.events / imp.wallS / (raw.events / raw.wallS);
    const ratioCpu = imp.events / imp.cpuS / (raw.events / raw.cpuS);
    process.stdout.write(
      `import / raw                   ${ratioWall.toFixed(2)} wall, ${ratioCpu.toFixed(2)} CPU of all threads   (target >= 0.5: ${ratioWall >= 0.5 ? 'met' : 'NOT met'}; peak RSS <= 300 MB: ${imp.maxRssBytes <= 300 * 1024 * 1024 ? 'met' : 'NOT met'})\n`,
    );
    const perRecordS = imp.wallS / Math.max(1, imp.records ?? N);
    process.stdout.write(
      `a 9,000,000-record dump        ${((perRecordS * 9_000_000) / 3600).toFixed(1)} h at this rate (${fmt((imp.events / Math.max(1, imp.imported ?? 1)) * 9_000_000)} events)\n`,
    );
    formats(file, dir, imp);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const [phase, ...args] = process.argv.slice(2);
if (phase === 'dump') {
  process.stdout.write(JSON.stringify(dumpPhase(args[0], args[1])) + '\n');
} else if (phase === 'raw') {
  process.stdout.write(JSON.stringify(rawPhase(args[0], args[1])) + '\n');
} else {
  main().catch((err) => {
    process.stderr.write(`${(err as Error).stack ?? err}\n`);
    process.exitCode = 1;
  });
}
