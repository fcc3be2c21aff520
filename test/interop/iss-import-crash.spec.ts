/**
 * Crash safety of a bulk ISS import: a child process importing ~200 records (many deals per
 * transaction) is killed with SIGKILL at several points. Afterwards every deal is wholly present
 * (all its events, ending with its record) or absent, the store verifies, and running the same
 * import again completes it without duplicates: the store then holds exactly what one
 * uninterrupted import writes (same streams, event ids, deal numbers and series tables). One kill
 * and its re-run go through the worker thread large inputs use.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { verifyStore } from '../../src/event-store/integrity/verify-store';
import type { EventStore } from '../../src/event-store/event-store';
import { openEventStore } from '../../src/event-store/store-url';
import { compileSources } from './support/compile-sources';

const ISS_DIR = path.resolve(__dirname, '..', '..', '..', 'shared', 'data', 'iss');
const COPIES = 6;

const CHILD_SOURCE = `
const { Ledger } = require(process.env.COMPILED + '/ledger/ledger.js');
const { importIssFiles } = require(process.env.COMPILED + '/archive/import/import-iss.js');
const { bulkImportTarget } = require(process.env.COMPILED + '/archive/import/bulk-import-target.js');
const { ledgerStore } = require(process.env.COMPILED + '/ledger/store-port.js');
(async () => {
  const ledger = await Ledger.open({ storeUrl: 'sqlite:' + process.env.FILE });
  const pauseAfter = Number(process.env.PAUSE_AFTER_COMMITS || 0);
  const group = process.env.GROUP === '1';
  if (pauseAfter > 0) {
    // A kill point that does not depend on timing: after that many committed transactions the
    // child says so and blocks, and the parent kills it there, part way through the import.
    const store = ledgerStore(ledger);
    let commits = 0;
    const pause = () => {
      if (++commits === pauseAfter) {
        process.stdout.write('committed\\n');
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 120000);
      }
    };
    if (group) {
      // The CLI's way: batches joined into a group that commits every 3,000 events here.
      const commit = store.groupCommit.commit;
      store.groupCommit.commit = () => { commit(); pause(); };
    } else {
      const appendMany = store.appendMany.bind(store);
      store.appendMany = async (batches) => {
        const result = await appendMany(batches);
        pause();
        return result;
      };
    }
  }
  process.stdout.write('start\\n');
  const t0 = Date.now();
  const summary = await importIssFiles(bulkImportTarget(ledger), [process.env.RECORDS], { batchEvents: 1000, worker: process.env.WORKER === '1', ...(group ? { groupCommitEvents: 3000 } : {}) });
  await ledger.close();
  process.stdout.write('done ' + (Date.now() - t0) + ' ' + JSON.stringify(summary) + '\\n');
})().catch((err) => { process.stderr.write(String(err && err.stack || err)); process.exitCode = 1; });
`;

/**
 * `worker`: the records are judged, decided and sealed on the import's worker thread (as for large
 * inputs); `group`: batches are joined into group commits, as the CLI imports.
 */
type KillPoint = ({ kind: 'none' } | { kind: 'delay'; ms: number } | { kind: 'walBytes'; bytes: number } | { kind: 'afterCommits'; commits: number }) & {
  readonly worker?: boolean;
  readonly group?: boolean;
};

interface Snapshot {
  /** stream → event ids in order. */
  readonly streams: Map<string, string[]>;
  /** deal stream → its deal number and the type of its last event. */
  readonly deals: Map<string, { dealNumber: number; last: string; count: number }>;
  readonly breaks: number;
}

async function snapshot(store: EventStore): Promise<Snapshot> {
  const streams = new Map<string, string[]>();
  const deals = new Map<string, { dealNumber: number; last: string; count: number }>();
  for await (const name of store.listStreams()) {
    const read = await store.readStream(name);
    streams.set(
      name,
      read.events.map((e) => e.eventId),
    );
    if (name.startsWith('deal-')) {
      const started = read.events.find((e) => e.type === 'DealStarted')?.data as { dealNumber: number } | undefined;
      deals.set(name, { dealNumber: started?.dealNumber ?? -1, last: read.events.at(-1)?.type ?? '', count: read.events.length });
    }
  }
  const report = await verifyStore(store);
  return { streams, deals, breaks: report.breaks.length };
}

describe('SIGKILL during a bulk ISS import (SQLite file)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'skat-import-crash-'));
  const compiled = compileSources();
  const childFile = path.join(compiled, 'importCrashChild.js');
  writeFileSync(childFile, CHILD_SOURCE);
  const records = path.join(dir, 'records.sgf');
  const corpus = readdirSync(ISS_DIR)
    .filter((f) => f.endsWith('.sgf'))
    .sort()
    .flatMap((f) =>
      readFileSync(path.join(ISS_DIR, f), 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== ''),
    );
  const lines: string[] = [];
  for (let k = 0; k < COPIES; k++)
    for (const l of corpus) lines.push(l.replace(/ID\[(\d+)\]/, `ID[${k}x$1]`).replace(/SE\[(\d+)\]/, `SE[${Math.floor(k / 4)}x$1]`));
  writeFileSync(records, lines.join('\n') + '\n');
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(compiled, { recursive: true, force: true });
  });

  function runChild(
    file: string,
    kill: KillPoint,
  ): Promise<{ killed: boolean; durationMs?: number; summary?: { imported: number; alreadyPresent: number; rejectedCount: number } }> {
    const wal = () => (existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0);
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [childFile], {
        env: {
          ...process.env,
          COMPILED: compiled,
          FILE: file,
          RECORDS: records,
          PAUSE_AFTER_COMMITS: kill.kind === 'afterCommits' ? String(kill.commits) : '',
          WORKER: kill.worker ? '1' : '0',
          GROUP: kill.group ? '1' : '0',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      let watcher: NodeJS.Timeout | undefined;
      child.stderr.on('data', (d) => (err += d));
      child.stdout.on('data', (d) => {
        out += d;
        if (kill.kind === 'afterCommits') {
          if (out.includes('committed\n')) child.kill('SIGKILL');
        } else if (out.startsWith('start\n') && watcher === undefined && kill.kind !== 'none') {
          if (kill.kind === 'delay') watcher = setTimeout(() => child.kill('SIGKILL'), kill.ms);
          else {
            const baseline = wal();
            watcher = setInterval(() => {
              if (wal() >= baseline + kill.bytes) {
                clearInterval(watcher);
                child.kill('SIGKILL');
              }
            }, 1);
          }
        }
      });
      child.on('error', reject);
      child.on('exit', (code, signal) => {
        clearTimeout(watcher);
        clearInterval(watcher);
        const done = /done (\d+) (.*)/.exec(out);
        if (signal === 'SIGKILL') resolve({ killed: true });
        else if (code === 0 && done) resolve({ killed: false, durationMs: Number(done[1]), summary: JSON.parse(done[2]) });
        else reject(new Error(`child failed (${code}): ${err}`));
      });
    });
  }

  async function snapshotOf(file: string): Promise<Snapshot> {
    const store = await openEventStore(`sqlite:${file}`);
    try {
      return await snapshot(store);
    } finally {
      await store.dispose();
    }
  }

  it('every deal is wholly present or absent after a kill; a re-run completes the import exactly once', async () => {
    const referenceFile = path.join(dir, 'reference.db');
    const calibration = await runChild(referenceFile, { kind: 'none' });
    expect(calibration.summary).toMatchObject({ imported: lines.length, rejectedCount: 0 });
    const reference = await snapshotOf(referenceFile);
    expect(reference.breaks).toBe(0);
    const d = Math.max(calibration.durationMs ?? 0, 50);

    const killPoints: KillPoint[] = [
      { kind: 'delay', ms: Math.round(d * 0.3) },
      { kind: 'delay', ms: Math.round(d * 0.7) },
      { kind: 'walBytes', bytes: 256 * 1024 },
      { kind: 'afterCommits', commits: 3 },
      // The worker path (sealed rows adopted by the store) killed part way, and re-run through it:
      // the re-run's guessed deal numbers are off by the deals already stored, so it decides those again itself.
      { kind: 'afterCommits', commits: 2, worker: true },
      // The CLI's group commits: killed after a group committed, and (most likely) inside an open one.
      { kind: 'afterCommits', commits: 2, worker: true, group: true },
      { kind: 'walBytes', bytes: 256 * 1024, group: true },
    ];
    const outcomes: string[] = [];
    for (const [k, point] of killPoints.entries()) {
      const file = path.join(dir, `killed-${k}.db`);
      const run = await runChild(file, point);
      const after = await snapshotOf(file);
      expect({ point, breaks: after.breaks }).toEqual({ point, breaks: 0 });
      // Wholly present or absent: a stored deal has every event the reference has, its record last.
      for (const [stream, deal] of after.deals) {
        expect({ stream, ...deal }).toEqual({ stream, ...reference.deals.get(stream) });
        expect(after.streams.get(stream)).toEqual(reference.streams.get(stream));
      }
      const rerun = await runChild(file, { kind: 'none', worker: point.worker, group: point.group });
      expect(rerun.summary).toMatchObject({ imported: lines.length - after.deals.size, alreadyPresent: after.deals.size, rejectedCount: 0 });
      const completed = await snapshotOf(file);
      expect(completed.breaks).toBe(0);
      expect(completed.streams).toEqual(reference.streams);
      expect(completed.deals).toEqual(reference.deals);
      outcomes.push(`${JSON.stringify(point)} killed=${run.killed} → ${after.deals.size} of ${lines.length} deals stored`);
    }
    // The kills after a commit land part way whatever the machine's speed: some deals stored, not
    // all (the timed kill points may land before the first commit or after the last).
    const paused = outcomes.filter((o) => o.includes('afterCommits'));
    expect(paused).toHaveLength(3);
    for (const o of paused) {
      expect(o).toMatch(/killed=true → [1-9]\d* of/);
      expect(o).not.toContain(`→ ${lines.length} of`);
    }
    process.stdout.write(`import kill points (uninterrupted import of ${lines.length} records took ${d} ms):\n  ${outcomes.join('\n  ')}\n`);
  }, 300_000); // fifteen child processes on a shared machine; a bound on hangs, not a speed test
});
