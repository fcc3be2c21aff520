/**
 * Crash safety: a child process killed with SIGKILL in the middle of a large batched append
 * leaves either the whole batch or none of it; the store then opens and verifies cleanly. Kill
 * points: fixed delays across the append, and moments when the WAL file has grown past given
 * sizes (uncommitted pages spilled to the WAL, so the kill lands inside the transaction).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventIdFor } from '../../src/event-store/event-ids';
import { verifyStore } from '../../src/event-store/integrity/verify-store';
import { openEventStore } from '../../src/event-store/store-url';
import { compileEventStore } from './support/compile-event-store';

const BATCH = 12_000;

const CHILD_SOURCE = `
const { openSqliteEventStore } = require(process.env.COMPILED + '/sqlite/sqlite-event-store.js');
const { eventIdFor } = require(process.env.COMPILED + '/event-ids.js');
const stream = process.env.STREAM;
const store = openSqliteEventStore(process.env.FILE);
const batch = Array.from({ length: Number(process.env.BATCH) }, (_, i) => ({
  type: 'CardPlayed',
  data: { i, card: 'C' + (i % 32), seat: ['forehand', 'middlehand', 'rearhand'][i % 3], note: 'x'.repeat(120) },
  metadata: { eventId: eventIdFor(stream, i), source: 'live' },
}));
process.stdout.write('start\\n');
const t0 = process.hrtime.bigint();
store.appendToStream(stream, batch, { expectedRevision: 'noStream' }).then(async () => {
  process.stdout.write('done ' + Number((process.hrtime.bigint() - t0) / 1000000n) + '\\n');
  await store.dispose();
});
`;

type KillPoint = { kind: 'none' } | { kind: 'delay'; ms: number } | { kind: 'walBytes'; bytes: number };

interface ChildRun {
  killed: boolean;
  durationMs?: number;
  walAtKill?: number;
}

describe('SIGKILL during a large batched append (SQLite file)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'skat-crash-'));
  const file = join(dir, 'store.db');
  const compiled = compileEventStore();
  const childFile = join(compiled, 'crashChild.js');
  writeFileSync(childFile, CHILD_SOURCE);
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(compiled, { recursive: true, force: true });
  });

  const walSize = () => (existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0);

  function runChild(stream: string, kill: KillPoint): Promise<ChildRun> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [childFile], {
        env: { ...process.env, COMPILED: compiled, FILE: file, STREAM: stream, BATCH: String(BATCH) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      let walAtKill: number | undefined;
      let watcher: NodeJS.Timeout | undefined;
      const killNow = () => {
        walAtKill = walSize();
        child.kill('SIGKILL');
      };
      child.stderr.on('data', (d) => (err += d));
      child.stdout.on('data', (d) => {
        out += d;
        if (out.startsWith('start\n') && watcher === undefined && kill.kind !== 'none') {
          if (kill.kind === 'delay') watcher = setTimeout(killNow, kill.ms);
          else {
            const baseline = walSize();
            watcher = setInterval(() => {
              if (walSize() - baseline >= kill.bytes || walSize() >= baseline + kill.bytes) {
                clearInterval(watcher);
                killNow();
              }
            }, 1);
          }
        }
      });
      child.on('error', reject);
      child.on('exit', (code, signal) => {
        clearTimeout(watcher);
        clearInterval(watcher);
        if (signal === 'SIGKILL') resolve({ killed: true, walAtKill });
        else if (code === 0) resolve({ killed: false, durationMs: Number(/done (\d+)/.exec(out)?.[1]) });
        else reject(new Error(`child failed (${code}): ${err}`));
      });
    });
  }

  /** The named streams, as what verifyStore walks. */
  async function* only(...names: string[]): AsyncIterable<string> {
    yield* names;
  }

  async function inspect(stream: string) {
    const store = await openEventStore(`sqlite:${file}`);
    try {
      const read = await store.readStream(stream);
      // The killed append's stream and the one appended to after each crash; the whole store is
      // verified once more at the end (a kill that harmed another stream is caught there).
      const report = await verifyStore(store, { streams: only(stream, 'baseline-1') });
      const baseline = await store.readStream('baseline-1');
      // The store still takes appends after the crash.
      await store.appendToStream('baseline-1', [{ type: 'Probe', data: { after: stream }, metadata: { eventId: eventIdFor(`probe-${stream}`, 0) } }], {
        expectedRevision: baseline.currentRevision,
      });
      return { count: read.events.length, revisions: read.events.map((e) => Number(e.revision)), breaks: report.breaks };
    } finally {
      await store.dispose();
    }
  }

  it('leaves the whole batch or none of it at every kill point, and verifies cleanly after', async () => {
    const setup = await openEventStore(`sqlite:${file}`);
    await setup.appendToStream('baseline-1', [{ type: 'Seed', data: {}, metadata: { eventId: eventIdFor('seed', 0) } }], {
      expectedRevision: 'noStream',
    });
    await setup.dispose();

    const calibration = await runChild('calibrate-1', { kind: 'none' });
    expect(calibration.killed).toBe(false);
    expect((await inspect('calibrate-1')).count).toBe(BATCH);
    const d = Math.max(calibration.durationMs ?? 0, 20);

    const killPoints: KillPoint[] = [
      { kind: 'delay', ms: 0 },
      { kind: 'delay', ms: Math.round(d * 0.25) },
      { kind: 'delay', ms: Math.round(d * 0.5) },
      { kind: 'delay', ms: Math.round(d * 0.75) },
      { kind: 'delay', ms: Math.round(d * 0.95) },
      { kind: 'delay', ms: Math.round(d * 1.2) },
      { kind: 'walBytes', bytes: 128 * 1024 },
      { kind: 'walBytes', bytes: 1024 * 1024 },
      { kind: 'walBytes', bytes: 2.5 * 1024 * 1024 },
    ];
    const outcomes: string[] = [];
    let probes = 1;
    for (const [k, point] of killPoints.entries()) {
      const stream = `batch-${k}`;
      const run = await runChild(stream, point);
      const after = await inspect(stream);
      probes++;
      expect({ point, breaks: after.breaks }).toEqual({ point, breaks: [] });
      expect([0, BATCH]).toContain(after.count);
      if (after.count === BATCH) expect(after.revisions[BATCH - 1]).toBe(BATCH - 1);
      outcomes.push(`${JSON.stringify(point)} killed=${run.killed} wal=${run.walAtKill ?? '-'} → ${after.count === 0 ? 'none' : 'whole'}`);
    }
    // At least one kill really landed inside the write transaction (pages already in the WAL).
    const store = await openEventStore(`sqlite:${file}`, { readonly: true });
    expect((await store.readStream('baseline-1')).events).toHaveLength(probes + 1);
    // The whole store, every stream, after all the kills.
    const whole = await verifyStore(store);
    expect(whole.breaks).toEqual([]);
    expect(whole.streams).toBe(2 + killPoints.length - outcomes.filter((o) => o.endsWith('none')).length);
    await store.dispose();
    expect(outcomes.some((o) => /walBytes.*killed=true.*→ none/.test(o))).toBe(true);
    process.stdout.write(`crash kill points (append of ${BATCH} events took ${d} ms uninterrupted):\n  ${outcomes.join('\n  ')}\n`);
  }, 240_000); // a dozen child processes on a shared machine; a bound on hangs, not a speed test
});
