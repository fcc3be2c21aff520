/**
 * Event store benchmark (`npm run bench -- event-store`). In one run on one machine:
 *   (a) raw better-sqlite3 inserts of the same events as text rows (the earlier layout), in
 *       transactions of one deal (40 events), and for reference in transactions of 1000;
 *   (b) appends through the port of the same events, one deal (40 events) per append;
 *   (c) a raw scan of the log's compact rows with their data decoded;
 * and the log file's bytes per event (event store, read models, file).
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
import type { NewEvent } from '../../src/event-store/event-store';
import { prepareEvent, sealEvents, type SealedEvent } from '../../src/event-store/hash-chain';
import { openSqliteEventStore } from '../../src/event-store/sqlite/sqlite-event-store';
import { SCHEMA_V2_SQL } from '../../src/event-store/sqlite/schema';
import { decodeData } from '../../src/event-store/sqlite/stored-rows';
import { storeBytes, storeBytesLine } from './store-bytes';

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

/** Wall and CPU time of one variant, summed over the interleaved rounds. */
interface Timing {
  wallMs: number;
  cpuMs: number;
}
const timing = (): Timing => ({ wallMs: 0, cpuMs: 0 });
async function timed(into: Timing, work: () => unknown): Promise<void> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await work();
  into.wallMs += performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  into.cpuMs += (cpu.user + cpu.system) / 1000;
}

/**
 * Raw better-sqlite3 inserting the pre-sealed rows as text (the earlier text layout: stream name,
 * type, id, data and metadata JSON per row, both unique indexes and the type index), `perTransaction` at a time.
 */
function rawWriter(file: string, perTransaction: number) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(SCHEMA_V2_SQL);
  const insert = db.prepare('INSERT INTO events (stream_name, revision, event_id, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)');
  type Row = readonly [string, number, SealedEvent];
  const writeChunk = db.transaction((chunk: readonly Row[]) => {
    for (const [stream, revision, e] of chunk) insert.run(stream, revision, e.eventId, e.type, e.dataJson, e.metadataJson);
  });
  return {
    write(rows: readonly Row[]) {
      for (let i = 0; i < rows.length; i += perTransaction) writeChunk(rows.slice(i, i + perTransaction));
    },
    close: () => db.close(),
  };
}

async function main(): Promise<void> {
  const total = Number(process.env.BENCH_EVENTS ?? 1_000_000);
  const writeEvents = Math.min(total, Number(process.env.BENCH_WRITE_EVENTS ?? 200_000));
  const rounds = 5;
  const dir = mkdtempSync(join(tmpdir(), 'skat-bench-store-'));
  try {
    const writeDeals = Math.ceil(writeEvents / DEAL);
    const deals = Array.from({ length: writeDeals }, (_, d) => dealEvents(d));
    // (a) gets the exact rows the port would write: same JSON text, same hashes.
    const rows = deals.flatMap((events, deal) =>
      sealEvents(
        null,
        events.map((e, i) => prepareEvent(e, i)),
      ).map((e, revision) => [streamOf(deal), revision, e] as const),
    );
    const n = writeDeals * DEAL;

    // The machine is shared, so (a) and (b) take turns in rounds: both see the same load.
    const raw40 = rawWriter(join(dir, 'raw40.db'), DEAL);
    const raw1000 = rawWriter(join(dir, 'raw1000.db'), 1000);
    const logFile = join(dir, 'log.db');
    const store = openSqliteEventStore(logFile);
    const [a, a1000, b] = [timing(), timing(), timing()];
    const dealsPerRound = Math.ceil(writeDeals / rounds);
    for (let r = 0; r < rounds; r++) {
      const from = r * dealsPerRound;
      const to = Math.min(writeDeals, from + dealsPerRound);
      const roundRows = rows.slice(from * DEAL, to * DEAL);
      await timed(a, () => raw40.write(roundRows));
      await timed(a1000, () => raw1000.write(roundRows));
      await timed(b, async () => {
        for (let d = from; d < to; d++) await store.appendToStream(streamOf(d), deals[d], { expectedRevision: 'noStream' });
      });
    }
    raw40.close();
    raw1000.close();
    deals.length = 0;
    rows.length = 0;

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

    const row = (label: string, events: number, t: Timing, extra = '') =>
      `${label.padEnd(48)} ${fmt(rate(events, t.wallMs)).padStart(10)} events/s wall  ${fmt(rate(events, t.cpuMs)).padStart(10)} events/s CPU${extra}`;
    const ratio = (x: Timing, y: Timing, events: number) =>
      `${(rate(events, x.wallMs) / rate(events, y.wallMs)).toFixed(2)} wall, ${(rate(events, x.cpuMs) / rate(events, y.cpuMs)).toFixed(2)} CPU`;
    const cT = { wallMs: c.ms, cpuMs: c.cpuMs };
    const dT = { wallMs: d.ms, cpuMs: d.cpuMs };
    const lines = [
      `write set: ${fmt(n)} events in ${fmt(writeDeals)} deals of ${DEAL}, ${rounds} interleaved rounds; log: ${fmt(logEvents)} events, file ${mb(statSync(logFile).size)}`,
      storeBytesLine(storeBytes(logFile)).trimEnd(),
      row('(a)  raw text-row inserts, 1 deal (40) per tx', n, a),
      row('     raw inserts, 1000 per transaction (ref.)', n, a1000),
      row('(b)  port appends, 1 deal (40) per append', n, b),
      row('(c)  raw scan + data decoded', c.events, cT, `   peak RSS ${mb(c.maxRss)}, heap ${mb(c.peakHeap)}`),
      row('(d)  port readAll, full log', d.events, dT, `   peak RSS ${mb(d.maxRss)}, heap ${mb(d.peakHeap)}`),
      `b/a = ${ratio(b, a, n)} (target ≥ 0.5; against 1000-per-transaction raw: ${ratio(b, a1000, n)})`,
      `d/c = ${ratio(dT, cT, logEvents)} (target ≥ 0.5)`,
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
  cpuMs: number;
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
  const cpu0 = process.cpuUsage();
  if (mode === '--read-raw') {
    const db = new Database(file, { readonly: true });
    // The compact rows as stored, their data decoded (the metadata is the runs': not read here).
    const scan = db.prepare('SELECT position, run_id, type_id, hash, data, own FROM events ORDER BY position').raw(true);
    const t0 = performance.now();
    let check = 0;
    for (const row of scan.iterate() as IterableIterator<unknown[]>) {
      const data = decodeData(row[4] as Buffer);
      if (data !== undefined && row[3]) check++;
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
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const maxRss = process.resourceUsage().maxRSS * 1024;
  process.stdout.write(JSON.stringify({ events, ms, cpuMs, maxRss, idleRss, peakHeap }) + '\n');
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
