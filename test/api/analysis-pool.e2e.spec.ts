/**
 * Issue 13 item 2 for the solver: every solver field runs in a bounded pool of worker threads,
 * never on the event loop. The pool here runs a stand-in worker (canned answers) that can be held
 * like a long search, so each test orders events instead of measuring durations.
 */
import { Worker } from 'node:worker_threads';
import type { SolverPool } from '../../src/analysis/workers/analysis-pool';
import { typedPool } from '../../src/analysis/workers/analysis-pool';
import { WorkerPool, type WorkerPoolLimits } from '../../src/analysis/workers/worker-pool';
import { openTableAndDeal, playOn } from './deal-flow';
import { codesOf, startServer, type TestServer } from './harness';

/** Answers every job with a canned result once the shared gate is open (or never, with `spin`). */
const STAND_IN = `
const { parentPort, workerData } = require('node:worker_threads');
const gate = new Int32Array(workerData.gate);
parentPort.on('message', ({ id, job }) => {
  Atomics.wait(gate, 0, 0);
  if (workerData.spin) for (;;) {}
  const result = job.kind === 'steps' ? { dealId: job.dealId, game: null, declarer: null, note: 'stand-in', steps: [], turningPoints: [], nodes: 0 } : job.kind === 'claims' ? [] : null;
  parentPort.postMessage({ id, result });
});`;

function standInPool(limits: Partial<WorkerPoolLimits> & { open?: boolean; spin?: boolean } = {}): { pool: SolverPool; open: () => void } {
  const gate = new SharedArrayBuffer(4);
  const open = () => {
    Atomics.store(new Int32Array(gate), 0, 1);
    Atomics.notify(new Int32Array(gate), 0);
  };
  if (limits.open) open();
  const pool = new WorkerPool(() => new Worker(STAND_IN, { eval: true, workerData: { gate, spin: !!limits.spin } }), {
    workers: 1,
    queue: 4,
    jobTimeoutMs: 60_000,
    ...limits,
  });
  return { pool: typedPool(pool), open };
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 4000 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
  if (!condition()) throw new Error('condition not reached');
}

/** A server on a stand-in pool with one finished deal (anonymous readers may analyse it). */
async function serverWithFinishedDeal(stand: { pool: SolverPool }, table: string): Promise<{ s: TestServer; dealId: string }> {
  const s = await startServer({ analysis: { pool: stand.pool } });
  const recorder = s.token({ role: 'recorder', table });
  const dealId = await openTableAndDeal(s, table, ['Anna', 'Ben', 'Cleo'], s.token({ role: 'admin' }), recorder);
  await playOn(s, dealId, recorder);
  return { s, dealId };
}

const ANALYSIS = `query($id: ID!) { deal(id: $id) { analysis { note steps { step } } } }`;

describe('solver fields off the event loop (issue 13 item 2, issue 15)', () => {
  it('answers /health while a solver job holds its worker, and the analysis once the job ends', async () => {
    const stand = standInPool();
    const { s, dealId } = await serverWithFinishedDeal(stand, 'p1');
    try {
      const order: string[] = [];
      const analysis = s.gql(ANALYSIS, { id: dealId }).then((r) => (order.push('analysis'), r));
      await until(() => stand.pool.stats.running === 1);
      const health = await fetch(s.url.replace('/graphql', '/health'));
      order.push('health');
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
      expect(order).toEqual(['health']); // the job is still held: the analysis cannot have answered
      stand.open();
      const r = await analysis;
      expect(r.body.errors).toBeUndefined();
      expect(r.body.data.deal.analysis.note).toBe('stand-in');
      expect(order).toEqual(['health', 'analysis']);
    } finally {
      await s.close();
    }
  });

  it('computes one job for many aliases and concurrent requests of the same deal, then serves it from the cache', async () => {
    const stand = standInPool();
    const { s, dealId } = await serverWithFinishedDeal(stand, 'p2');
    try {
      const aliases = `query($id: ID!) { ${Array.from({ length: 5 }, (_, i) => `a${i}: deal(id: $id) { analysis { note } }`).join(' ')} }`;
      const requests = [
        s.gql(aliases, { id: dealId }),
        s.gql(ANALYSIS, { id: dealId }),
        s.gql(ANALYSIS, { id: dealId }, s.token({ role: 'player', player: 'Anna' })),
      ];
      // One waiter per request (a request's aliases share its answer), all on one job.
      await until(() => s.ledger.analyses.inFlight.waiters === 3);
      expect(s.ledger.analyses.inFlight.jobs).toBe(1);
      expect(stand.pool.stats.started).toBe(1);
      stand.open();
      for (const r of await Promise.all(requests)) expect(r.body.errors).toBeUndefined();
      const again = await s.gql(ANALYSIS, { id: dealId });
      expect(again.body.data.deal.analysis.note).toBe('stand-in');
      expect(stand.pool.stats.started).toBe(1);
      expect(s.ledger.analyses.computed).toBe(1);
    } finally {
      await s.close();
    }
  });

  it('refuses a job with ANALYSIS_BUSY when the workers and the queue are full, without waiting', async () => {
    const stand = standInPool({ queue: 0 });
    const { s, dealId } = await serverWithFinishedDeal(stand, 'p3');
    try {
      const admin = s.token({ role: 'admin' });
      const held = s.gql(ANALYSIS, { id: dealId }, admin);
      await until(() => stand.pool.stats.running === 1);
      const busy = await s.gql(`query($id: ID!) { deal(id: $id) { bestDiscard { best { discard } } } }`, { id: dealId }, admin);
      expect(codesOf(busy)).toEqual(['ANALYSIS_BUSY']);
      expect(busy.body.errors?.[0].message).toMatch(/busy/);
      stand.open();
      expect((await held).body.errors).toBeUndefined();
    } finally {
      await s.close();
    }
  });

  it('lets one anonymous request start one solver job; the others of that request are refused, nothing queued for them', async () => {
    const stand = standInPool({ open: true });
    const { s, dealId } = await serverWithFinishedDeal(stand, 'p4');
    try {
      const three = `query($id: ID!) { deal(id: $id) { analysis { note } bestDiscard { best { discard } } bestGame { best { game } } } }`;
      const anon = await s.gql(three, { id: dealId });
      expect(codesOf(anon)).toEqual(['ANALYSIS_BUSY', 'ANALYSIS_BUSY']);
      expect(anon.body.errors?.map((e) => e.extensions?.reason)).toEqual(['SOLVER_JOBS_PER_REQUEST', 'SOLVER_JOBS_PER_REQUEST']);
      expect(stand.pool.stats.started).toBe(1);
      // A token holder may start more; what is cached is free for everyone.
      const withToken = await s.gql(three, { id: dealId }, s.token({ role: 'player', player: 'Ben' }));
      expect(withToken.body.errors).toBeUndefined();
      expect(stand.pool.stats.started).toBe(3);
      expect((await s.gql(three, { id: dealId })).body.errors).toBeUndefined();
    } finally {
      await s.close();
    }
  });

  it('answers TIMEOUT when a job overruns, stopping its worker, and the next job runs on a fresh one', async () => {
    const stand = standInPool({ open: true, spin: true, jobTimeoutMs: 300 });
    const { s, dealId } = await serverWithFinishedDeal(stand, 'p5');
    try {
      const r = await s.gql(ANALYSIS, { id: dealId });
      expect(r.status).toBe(200);
      expect(codesOf(r)).toEqual(['TIMEOUT']);
      expect(r.body.errors?.[0].message).toMatch(/solver/);
      expect(stand.pool.stats.replaced).toBe(1);
      expect(s.ledger.analyses.computed).toBe(0);
    } finally {
      await s.close();
    }
  });

  it('shows a job queued (with the jobs ahead) and running (with its CPU so far), then done, starting nothing itself (issue 26 item 4)', async () => {
    const stand = standInPool();
    const { s, dealId } = await serverWithFinishedDeal(stand, 'p6');
    try {
      const admin = s.token({ role: 'admin' });
      const progress = async (kind: string) => {
        const r = await s.gql(
          `query($id: ID!) { deal(id: $id) { analysisProgress(kind: ${kind}) { state jobsAhead cpuMs nodes cpuLimitMs } } }`,
          { id: dealId },
          admin,
        );
        expect(r.body.errors).toBeUndefined();
        return r.body.data.deal.analysisProgress;
      };
      expect(await progress('STEPS')).toEqual({ state: 'NOT_STARTED', jobsAhead: null, cpuMs: null, nodes: null, cpuLimitMs: 20_000 });
      const held = s.gql(ANALYSIS, { id: dealId }, admin);
      // Should an expectation fail, the requests still open when the server closes must not crash the run.
      held.catch(() => undefined);
      await until(() => stand.pool.stats.running === 1);
      expect(await progress('STEPS')).toMatchObject({ state: 'RUNNING', jobsAhead: null, cpuMs: 0, nodes: 0 });
      const queued = s.gql(`query($id: ID!) { deal(id: $id) { bestDiscard { best { discard } } } }`, { id: dealId }, admin);
      queued.catch(() => undefined);
      await until(() => stand.pool.stats.queued === 1);
      expect(await progress('DISCARD')).toMatchObject({ state: 'QUEUED', jobsAhead: 0 });
      expect(await progress('GAME')).toMatchObject({ state: 'NOT_STARTED' });
      expect(stand.pool.stats.started).toBe(1);
      stand.open();
      expect((await held).body.errors).toBeUndefined();
      expect((await queued).body.errors).toBeUndefined();
      expect(await progress('STEPS')).toMatchObject({ state: 'DONE' });
      expect(await progress('DISCARD')).toMatchObject({ state: 'DONE' });
    } finally {
      await s.close();
    }
  });
});
