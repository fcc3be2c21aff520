/**
 * 50 writers, each a worker thread with its own connection to one SQLite file, append to one
 * stream at the same expected revision. Exactly one wins each revision, the rest get
 * ConcurrencyError; with retries, no event is lost or duplicated.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { verifyStore } from '../../src/event-store/integrity/verify-store';
import { openEventStore } from '../../src/event-store/store-url';
import { compileEventStore } from './support/compile-event-store';

const WRITERS = 50;
const RACE_ROUNDS = 5;
const APPENDS_PER_WRITER = 6;

/** Runs in each worker (plain JS: workers do not go through jest's transform). */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { openSqliteEventStore } = require(workerData.compiled + '/sqlite/sqlite-event-store.js');
const { eventIdFor } = require(workerData.compiled + '/event-ids.js');
const sync = new Int32Array(workerData.sync); // [ready count, released round]

async function main() {
  const store = openSqliteEventStore(workerData.file, { busyTimeoutMs: 60000 });
  const me = workerData.writer;
  const outcome = (err) => err && err.name === 'ConcurrencyError'
    ? { kind: 'conflict', expected: err.expected, actual: err.actual }
    : { kind: 'error', message: String(err && err.stack || err) };

  // Phase 1: every writer appends at the same expected revision, released together each round.
  for (let round = 0; round < workerData.rounds; round++) {
    Atomics.add(sync, 0, 1);
    let released;
    while ((released = Atomics.load(sync, 1)) <= round) Atomics.wait(sync, 1, released);
    const expectedRevision = round === 0 ? 'noStream' : BigInt(round - 1);
    const event = { type: 'RaceWon', data: { writer: me, round }, metadata: { eventId: eventIdFor('race-' + me, round) } };
    try {
      const r = await store.appendToStream('race-1', [event], { expectedRevision });
      parentPort.postMessage({ phase: 'race', round, writer: me, kind: 'won', revision: String(r.nextExpectedRevision) });
    } catch (err) {
      parentPort.postMessage({ phase: 'race', round, writer: me, ...outcome(err) });
    }
  }

  // Phase 2: read, decide, append at the exact revision; on conflict re-read and retry.
  let conflicts = 0;
  for (let i = 0; i < workerData.appends; i++) {
    const command = 'cmd-' + me + '-' + i;
    const batch = [0, 1].map((k) => ({ type: 'CardPlayed', data: { writer: me, i, k }, metadata: { eventId: eventIdFor(command, k), commandId: command } }));
    for (;;) {
      const { currentRevision } = await store.readStream('race-2', { direction: 'backwards', maxCount: 1 });
      const expectedRevision = currentRevision < 0n ? 'noStream' : currentRevision;
      try {
        const first = await store.appendToStream('race-2', batch, { expectedRevision });
        // The retried command (same ids, same expectation) must be a no-op reporting the same result.
        const again = await store.appendToStream('race-2', batch, { expectedRevision });
        if (again.nextExpectedRevision !== first.nextExpectedRevision || again.position !== first.position) {
          throw new Error('idempotent retry reported a different result');
        }
        break;
      } catch (err) {
        if (err && err.name === 'ConcurrencyError') { conflicts++; continue; }
        throw err;
      }
    }
  }
  await store.dispose();
  parentPort.postMessage({ phase: 'done', writer: me, conflicts });
}
main().catch((err) => parentPort.postMessage({ phase: 'failed', message: String(err && err.stack || err) }));
`;

describe('50 concurrent writers on one SQLite file (worker threads)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'skat-concurrency-'));
  const file = join(dir, 'store.db');
  const compiled = compileEventStore();
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(compiled, { recursive: true, force: true });
  });

  interface Message {
    phase: 'race' | 'done' | 'failed';
    round?: number;
    writer?: number;
    kind?: 'won' | 'conflict' | 'error';
    expected?: string;
    actual?: string;
    revision?: string;
    message?: string;
    conflicts?: number;
  }

  it('exactly one writer wins each revision, the rest get ConcurrencyError, and no event is lost or duplicated', async () => {
    // Create the file and schema first so 50 workers do not all race to create it.
    await (await openEventStore(`sqlite:${file}`)).dispose();
    const workerFile = join(compiled, 'raceWorker.js');
    writeFileSync(workerFile, WORKER_SOURCE);
    const sync = new Int32Array(new SharedArrayBuffer(8));
    const messages: Message[] = [];
    const roundResults = new Map<number, Message[]>();
    let finished = 0;
    const failures: string[] = [];
    const allDone = new Promise<void>((resolve) => {
      const workers = Array.from({ length: WRITERS }, (_, writer) => {
        const w = new Worker(workerFile, {
          workerData: { compiled, file, writer, sync: sync.buffer, rounds: RACE_ROUNDS, appends: APPENDS_PER_WRITER },
        });
        w.on('message', (m: Message) => {
          messages.push(m);
          if (m.phase === 'race') roundResults.set(m.round!, [...(roundResults.get(m.round!) ?? []), m]);
          if (m.phase === 'failed') failures.push(m.message!);
          if (m.phase === 'done' || m.phase === 'failed') finished++;
          if (finished === WRITERS) resolve();
        });
        w.on('error', (err) => {
          failures.push(String(err));
          finished++;
          if (finished === WRITERS) resolve();
        });
        return w;
      });
      return workers;
    });

    // Release each race round only when all 50 writers stand at the barrier.
    for (let round = 0; round < RACE_ROUNDS; round++) {
      while (Atomics.load(sync, 0) < WRITERS * (round + 1) && failures.length === 0) await new Promise((r) => setTimeout(r, 2));
      Atomics.store(sync, 1, round + 1);
      Atomics.notify(sync, 1);
      while ((roundResults.get(round)?.length ?? 0) < WRITERS && failures.length === 0) await new Promise((r) => setTimeout(r, 2));
    }
    await allDone;
    expect(failures).toEqual([]);

    for (let round = 0; round < RACE_ROUNDS; round++) {
      const results = roundResults.get(round)!;
      const won = results.filter((m) => m.kind === 'won');
      const conflicted = results.filter((m) => m.kind === 'conflict');
      expect({ round, won: won.length, conflicts: conflicted.length }).toEqual({ round, won: 1, conflicts: WRITERS - 1 });
      expect(won[0].revision).toBe(String(round));
      for (const c of conflicted) {
        expect(c.expected).toBe(round === 0 ? 'noStream' : String(round - 1));
        expect(c.actual).toBe(String(round));
      }
    }

    const store = await openEventStore(`sqlite:${file}`, { readonly: true });
    try {
      const race = await store.readStream('race-1');
      expect(race.events.map((e) => e.revision)).toEqual(Array.from({ length: RACE_ROUNDS }, (_, i) => BigInt(i)));
      expect(race.events.map((e) => (e.data as { round: number }).round)).toEqual([0, 1, 2, 3, 4]);

      const retried = await store.readStream('race-2');
      expect(retried.events).toHaveLength(WRITERS * APPENDS_PER_WRITER * 2);
      expect(retried.events.map((e) => e.revision)).toEqual(retried.events.map((_, i) => BigInt(i)));
      expect(new Set(retried.events.map((e) => e.eventId)).size).toBe(retried.events.length);
      const keys = new Set(retried.events.map((e) => JSON.stringify(e.data)));
      for (let writer = 0; writer < WRITERS; writer++)
        for (let i = 0; i < APPENDS_PER_WRITER; i++) for (const k of [0, 1]) expect(keys.has(JSON.stringify({ i, k, writer }))).toBe(true);
      // Both events of one command sit side by side: appends are atomic even under contention.
      for (let r = 0; r < retried.events.length; r += 2) {
        expect(retried.events[r].metadata.commandId).toBe(retried.events[r + 1].metadata.commandId);
      }
      expect((await verifyStore(store)).breaks).toEqual([]);
      const conflicts = messages.filter((m) => m.phase === 'done').reduce((n, m) => n + m.conflicts!, 0);
      expect(conflicts).toBeGreaterThan(0); // the writers really did collide
    } finally {
      await store.dispose();
    }
  });
});
