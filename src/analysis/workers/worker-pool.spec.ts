import { Worker } from 'node:worker_threads';
import { newJobProgress, WorkerPool, WorkerPoolBusyError, WorkerPoolCancelledError, WorkerPoolCpuLimitError, WorkerPoolTimeoutError } from './worker-pool';

/**
 * A stand-in worker: `echo` answers at once, `gate` blocks its thread (as a long search does) until
 * the test opens the shared gate, `spin` never ends, `fail` throws, `report` tells its progress
 * first, `overCpu` answers as a worker whose CPU budget ran out. Ordering, never durations.
 */
const FIXTURE = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', ({ id, job, cpuMs }) => {
  if (job.report) parentPort.postMessage({ id, progress: { cpuMs: 42, nodes: 65536 } });
  if (job.gate) Atomics.wait(new Int32Array(job.gate), 0, 0);
  if (job.overCpu) return parentPort.postMessage({ id, error: 'used more than ' + cpuMs + ' ms of CPU', code: 'CPU_LIMIT' });
  if (job.spin) for (;;) {}
  if (job.fail) return parentPort.postMessage({ id, error: 'it failed' });
  parentPort.postMessage({ id, result: job.echo });
});`;

const spawn = () => new Worker(FIXTURE, { eval: true });

function gate() {
  const buffer = new SharedArrayBuffer(4);
  return {
    buffer,
    open: () => {
      Atomics.store(new Int32Array(buffer), 0, 1);
      Atomics.notify(new Int32Array(buffer), 0);
    },
  };
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 2000 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
  if (!condition()) throw new Error('condition not reached');
}

describe('WorkerPool: solver jobs off the event loop (issue 13 item 2)', () => {
  let pool: WorkerPool | null = null;
  afterEach(async () => {
    await pool?.close();
    pool = null;
  });

  it('runs jobs on worker threads and answers each with its own result', async () => {
    pool = new WorkerPool(spawn, { workers: 2, queue: 4, jobTimeoutMs: 60_000 });
    await expect(Promise.all([1, 2, 3, 4].map((n) => pool!.run({ echo: n })))).resolves.toEqual([1, 2, 3, 4]);
    expect(pool.stats.workers).toBeLessThanOrEqual(2);
    await expect(pool.run({ fail: true })).rejects.toThrow('it failed');
    await expect(pool.run({ echo: 'after a failure' })).resolves.toBe('after a failure');
  });

  it('keeps the event loop free while a job blocks its worker', async () => {
    pool = new WorkerPool(spawn, { workers: 1, queue: 1, jobTimeoutMs: 60_000 });
    const g = gate();
    let settled = false;
    const job = pool.run({ gate: g.buffer, echo: 'done' }).finally(() => (settled = true));
    await until(() => pool!.stats.running === 1);
    // Timers and I/O still run on this thread while the worker is held.
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setTimeout(r, 1));
    expect(settled).toBe(false);
    g.open();
    await expect(job).resolves.toBe('done');
  });

  it('refuses a job at once when every worker is busy and the queue is full (ANALYSIS_BUSY)', async () => {
    pool = new WorkerPool(spawn, { workers: 1, queue: 1, jobTimeoutMs: 60_000 });
    const g = gate();
    const running = pool.run({ gate: g.buffer, echo: 'first' });
    const queued = pool.run({ echo: 'second' });
    const refused: any = await pool.run({ echo: 'third' }).catch((e: any) => e);
    expect(refused).toBeInstanceOf(WorkerPoolBusyError);
    expect(refused.code).toBe('ANALYSIS_BUSY');
    g.open();
    await expect(running).resolves.toBe('first');
    await expect(queued).resolves.toBe('second');
  });

  it('stops a job that overruns its time by terminating the worker, and a fresh worker takes the next job', async () => {
    // The timeout also covers the fresh worker's start for the next job: long enough for a loaded machine.
    pool = new WorkerPool(spawn, { workers: 1, queue: 1, jobTimeoutMs: 2000 });
    const spinning = pool.run({ spin: true });
    const next = pool.run({ echo: 'next' });
    const err: any = await spinning.catch((e: any) => e);
    expect(err).toBeInstanceOf(WorkerPoolTimeoutError);
    expect(err.code).toBe('TIMEOUT');
    await expect(next).resolves.toBe('next');
    expect(pool.stats.replaced).toBe(1);
  });

  it('cancels a waiting job when its signal fires, and a running one by replacing its worker', async () => {
    pool = new WorkerPool(spawn, { workers: 1, queue: 2, jobTimeoutMs: 60_000 });
    const running = new AbortController();
    const waiting = new AbortController();
    const first = pool.run({ spin: true }, running.signal).catch((e: any) => e);
    const second = pool.run({ echo: 'never' }, waiting.signal).catch((e: any) => e);
    const third = pool.run({ echo: 'third' });
    await until(() => pool!.stats.running === 1 && pool!.stats.queued === 2);
    waiting.abort();
    expect(await second).toBeInstanceOf(WorkerPoolCancelledError);
    expect(pool.stats.queued).toBe(1);
    running.abort();
    expect(await first).toBeInstanceOf(WorkerPoolCancelledError);
    await expect(third).resolves.toBe('third');
    expect(pool.stats.started).toBe(2);
  });

  it("keeps a job's progress: queued with its place in the queue, running with what the worker reported, done", async () => {
    pool = new WorkerPool(spawn, { workers: 1, queue: 2, jobTimeoutMs: 60_000 });
    const g = gate();
    const first = newJobProgress();
    const second = newJobProgress();
    const a = pool.run({ report: true, gate: g.buffer, echo: 'a' }, undefined, first);
    const b = pool.run({ echo: 'b' }, undefined, second);
    expect(first.state).toBe('running');
    expect(first.startedAt).not.toBeNull();
    expect(second.state).toBe('queued');
    expect(pool.positionOf(second)).toBe(0);
    expect(pool.positionOf(first)).toBe(-1);
    await until(() => first.nodes === 65536);
    expect(first.cpuMs).toBe(42);
    g.open();
    await expect(Promise.all([a, b])).resolves.toEqual(['a', 'b']);
    expect([first.state, second.state]).toEqual(['done', 'done']);
  });

  it('sends each job its CPU budget and answers a job over it with TIMEOUT, keeping the worker', async () => {
    pool = new WorkerPool(spawn, { workers: 1, queue: 0, jobTimeoutMs: 60_000, jobCpuMs: 250 });
    const err = await pool.run({ overCpu: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WorkerPoolCpuLimitError);
    expect((err as WorkerPoolCpuLimitError).code).toBe('TIMEOUT');
    expect((err as Error).message).toBe('used more than 250 ms of CPU');
    expect(pool.stats.replaced).toBe(0);
    await expect(pool.run({ echo: 'next' })).resolves.toBe('next');
  });
});
