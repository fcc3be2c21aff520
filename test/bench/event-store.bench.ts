/**
 * Event store benchmark (`npm run bench -- event-store`). In one run on one machine:
 *   (a) raw better-sqlite3 inserts of the same rows, in transactions of one deal (40 events),
 *       and for reference in transactions of 1000;
 *   (b) appends through the port of the same events, one deal (40 events) per append;
 *   (c) a raw scan of the log with JSON.parse of data and metadata;
 *   (d) a full read of the global log through the port (readAll).
 * Prints events/s for each and the ratios b/a and d/c (targets ≥ 0.5), and the peak memory of
 * reading a 1M-event log; (c) and (d) each run in a fresh child process so their peak is their own.
 * Env: BENCH_EVENTS (default 1_000_000) log size, BENCH_WRITE_EVENTS (default 200_000) for (a)/(b).
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { NewEvent } from '../../src/eventStore/eventStore';
import { prepareEvent, sealEvents, type SealedEvent } from '../../src/eventStore/hashChain';
import { openSqliteEventStore } from '../../src/eventStore/sqlite/sqliteEventStore';
import { SCHEMA_SQL } from '../../src/eventStore/sqlite/schema';

const DEAL = 40;
const SEATS = ['forehand', 'middlehand', 'rearhand'] as const;
const CARDS = ['CJ', 'SJ', 'HJ', 'DJ', 'CA', 'CT', 'CK', 'CQ', 'C9', 'C8', 'C7', 'SA', 'ST', 'SK', 'SQ', 'S9'];

/** One deal's events, shaped like the real ones (a start, bids, a declaration, cards, a score). */
function dealEvents(deal: number): NewEvent[] {
  const commandId = randomUUID();
  return Array.from({ length: DEAL }, (_, i) => {
    const type = i === 0 ? 'DealStarted' : i < 6 ? 'BidMade' : i === 6 ? 'GameDeclared' : i === DEAL - 1 ? 'DealScored' : 'CardPlayed';
    const data =
      type === 'CardPlayed'
        ? { seat: SEATS[i % 3], card: CARDS[(deal + i) % CARDS.length], trick: Math.floor((i - 7) / 3) + 1 }
        : type === 'BidMade'
          ? { seat: SEATS[i % 3], value: 18 + i }
          : type === 'DealScored'
            ? { declarerWon: deal % 2 === 0, gameValue: 48, points: 72, matadors: 2 }
            : { seat: SEATS[deal % 3], dealer: SEATS[(deal + 2) % 3], rulesetVersion: 'isa-2024' };
    return {
      type,
      data,
      metadata: {
        eventId: randomUUID(),
        commandId,
        actorId: `player-${deal % 97}`,
        source: 'live',
        recordedAt: new Date(1_700_000_000_000 + deal * 60_000 + i * 1000).toISOString(),
        schemaVersion: '1',
        rulesVersion: 'isa-2024',
        $correlationId: commandId,
      },
    };
  });
}

const streamOf = (deal: number) => `skatDeal-${deal.toString(16).padStart(8, '0')}`;
const rate = (events: number, ms: number) => Math.round((events / ms) * 1000);
const fmt = (n: number) => n.toLocaleString('en-US');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

function rawInsert(file: string, deals: SealedEvent[][], perTransaction: number): number {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(SCHEMA_SQL);
  const insert = db.prepare('INSERT INTO events (stream_name, revision, event_id, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)');
  const rows = deals.flatMap((events, deal) => events.map((e, revision) => [streamOf(deal), revision, e] as const));
  const writeChunk = db.transaction((chunk: typeof rows) => {
    for (const [stream, revision, e] of chunk) insert.run(stream, revision, e.eventId, e.type, e.dataJson, e.metadataJson);
  });
  const t0 = performance.now();
  for (let i = 0; i < rows.length; i += perTransaction) writeChunk(rows.slice(i, i + perTransaction));
  const ms = performance.now() - t0;
  db.close();
  return ms;
}

async function main(): Promise<void> {
  const total = Number(process.env.BENCH_EVENTS ?? 1_000_000);
  const writeEvents = Math.min(total, Number(process.env.BENCH_WRITE_EVENTS ?? 200_000));
  const dir = mkdtempSync(join(tmpdir(), 'skat-bench-store-'));
  try {
    const writeDeals = Math.ceil(writeEvents / DEAL);
    const deals = Array.from({ length: writeDeals }, (_, d) => dealEvents(d));
    // (a) gets the exact rows the port would write: same JSON text, same hashes.
    const sealed = deals.map((events) => sealEvents(null, events.map((e, i) => prepareEvent(e, i))));
    const n = writeDeals * DEAL;

    const aMs = rawInsert(join(dir, 'raw40.db'), sealed, DEAL);
    const a1000Ms = rawInsert(join(dir, 'raw1000.db'), sealed, 1000);

    const logFile = join(dir, 'log.db');
    const store = openSqliteEventStore(logFile);
    const t0 = performance.now();
    for (let d = 0; d < writeDeals; d++) await store.appendToStream(streamOf(d), deals[d], { expectedRevision: 'noStream' });
    const bMs = performance.now() - t0;
    deals.length = 0;
    sealed.length = 0;

    // Grow the log to `total` events through the port (not timed), generating deals as we go.
    for (let d = writeDeals; d * DEAL < total; d++) {
      await store.appendToStream(streamOf(d), dealEvents(d), { expectedRevision: 'noStream' });
    }
    await store.dispose();
    const logEvents = Math.ceil(total / DEAL) * DEAL;

    const c = readInChild('raw', logFile);
    const d = readInChild('port', logFile);
    if (c.events !== logEvents || d.events !== logEvents) {
      throw new Error(`read ${c.events} (raw) / ${d.events} (port) events, expected ${logEvents}`);
    }

    const aRate = rate(n, aMs);
    const bRate = rate(n, bMs);
    const cRate = rate(c.events, c.ms);
    const dRate = rate(d.events, d.ms);
    const lines = [
      `write set: ${fmt(n)} events in ${fmt(writeDeals)} deals of ${DEAL}; log: ${fmt(logEvents)} events, file ${mb(statSync(logFile).size)}`,
      `(a)  raw inserts, 1 deal (40) per transaction     ${fmt(aRate).padStart(10)} events/s`,
      `     raw inserts, 1000 per transaction (ref.)      ${fmt(rate(n, a1000Ms)).padStart(10)} events/s`,
      `(b)  port appends, 1 deal (40) per append          ${fmt(bRate).padStart(10)} events/s`,
      `(c)  raw scan + JSON.parse                         ${fmt(cRate).padStart(10)} events/s   peak RSS ${mb(c.maxRss)}, heap ${mb(c.peakHeap)}`,
      `(d)  port readAll, full log                        ${fmt(dRate).padStart(10)} events/s   peak RSS ${mb(d.maxRss)}, heap ${mb(d.peakHeap)}`,
      `b/a = ${(bRate / aRate).toFixed(2)} (target ≥ 0.5; vs 1000-per-transaction raw: ${(bRate / rate(n, a1000Ms)).toFixed(2)})`,
      `d/c = ${(dRate / cRate).toFixed(2)} (target ≥ 0.5)`,
      `reading ${fmt(logEvents)} events through the port: peak RSS ${mb(d.maxRss)} (the process idles at ${mb(d.idleRss)} after opening the store)`,
    ];
    process.stdout.write(lines.join('\n') + '\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface ReadFigures {
  events: number;
  ms: number;
  maxRss: number;
  idleRss: number;
  peakHeap: number;
}

function readInChild(mode: 'raw' | 'port', file: string): ReadFigures {
  const r = spawnSync(process.execPath, ['--expose-gc', '-r', 'ts-node/register/transpile-only', __filename, `--read-${mode}`, file], {
    encoding: 'utf8',
    env: { ...process.env, TS_NODE_TRANSPILE_ONLY: 'true' },
    maxBuffer: 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`read child (${mode}) failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as ReadFigures;
}

/** Child: read the whole log one way and report events, time and peak memory. */
async function readChild(mode: string, file: string): Promise<void> {
  const idleRss = process.memoryUsage().rss;
  let peakHeap = 0;
  const sample = () => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed));
  let events = 0;
  let ms: number;
  if (mode === '--read-raw') {
    const db = new Database(file, { readonly: true });
    const scan = db.prepare('SELECT position, stream_name, revision, event_id, type, data, metadata FROM events ORDER BY position').raw(true);
    const t0 = performance.now();
    let check = 0;
    for (const row of scan.iterate() as IterableIterator<unknown[]>) {
      const data = JSON.parse(row[5] as string);
      const metadata = JSON.parse(row[6] as string);
      if (data && metadata.eventId) check++;
      if (++events % 100_000 === 0) sample();
    }
    ms = performance.now() - t0;
    if (check !== events) throw new Error('scan lost rows');
    db.close();
  } else {
    const store = openSqliteEventStore(file, { readonly: true });
    const t0 = performance.now();
    let check = 0;
    for await (const e of store.readAll()) {
      if (e.data && e.metadata.eventId) check++;
      if (++events % 100_000 === 0) sample();
    }
    ms = performance.now() - t0;
    if (check !== events) throw new Error('readAll lost events');
    await store.dispose();
  }
  sample();
  const maxRss = process.resourceUsage().maxRSS * 1024;
  process.stdout.write(JSON.stringify({ events, ms, maxRss, idleRss, peakHeap }) + '\n');
}

if (process.argv[2]?.startsWith('--read-')) {
  readChild(process.argv[2], process.argv[3]).catch((err) => {
    process.stderr.write(String(err?.stack ?? err) + '\n');
    process.exitCode = 1;
  });
} else {
  main().catch((err) => {
    process.stderr.write(String(err?.stack ?? err) + '\n');
    process.exitCode = 1;
  });
}
