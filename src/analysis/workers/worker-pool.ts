import type { Worker } from 'node:worker_threads';

/** How many workers, how many jobs may wait, how much one job may use. */
export interface WorkerPoolLimits {
  /** Worker threads at most (started when first needed). */
  readonly workers: number;
  /** Jobs that may wait for a worker; one more is refused with WorkerPoolBusyError. */
  readonly queue: number;
  /**
   * Wall time one job may run once a worker took it (never its time in the queue) before the
   * worker is stopped and replaced: the safety net for a job that stops answering.
   */
  readonly jobTimeoutMs: number;
  /** CPU time one job may use on its worker's own thread, sent with the job (the worker stops it: CPU_LIMIT); absent: none. */
  readonly jobCpuMs?: number;
}

/** Where a job stands, kept up to date by the pool (and read by whoever asks for progress). */
export interface JobProgress {
  state: 'queued' | 'running' | 'done';
  /** Date.now() when the job was queued, and when a worker took it (null while queued). */
  readonly queuedAt: number;
  startedAt: number | null;
  /** CPU time and search positions the worker reported so far (about every 100 ms of CPU). */
  cpuMs: number;
  nodes: number;
}

export function newJobProgress(): JobProgress {
  return { state: 'queued', queuedAt: Date.now(), startedAt: null, cpuMs: 0, nodes: 0 };
}

/** Every worker is busy and the queue is full: the job was not taken (try again shortly). */
export class WorkerPoolBusyError extends Error {
  readonly code = 'ANALYSIS_BUSY';
  constructor(readonly limits: WorkerPoolLimits) {
    super(`the solver is busy (${limits.workers} running, ${limits.queue} waiting); try again shortly`);
    this.name = 'WorkerPoolBusyError';
  }
}

/** A job ran longer than its budget: its worker was stopped (and is replaced by a fresh one). */
export class WorkerPoolTimeoutError extends Error {
  readonly code = 'TIMEOUT';
  constructor(readonly ms: number) {
    super(`the solver job took longer than ${ms} ms and was stopped`);
    this.name = 'WorkerPoolTimeoutError';
  }
}

/** A job used more CPU time than its budget: its search was stopped (its worker stays). */
export class WorkerPoolCpuLimitError extends Error {
  readonly code = 'TIMEOUT';
  constructor(
    message: string,
    readonly cpuMs: number,
  ) {
    super(message);
    this.name = 'WorkerPoolCpuLimitError';
  }
}

/** The job was withdrawn before it finished (nobody waits for it any more, or the pool closed). */
export class WorkerPoolCancelledError extends Error {
  readonly code = 'TIMEOUT';
  constructor(why: string) {
    super(`the solver job was cancelled: ${why}`);
    this.name = 'WorkerPoolCancelledError';
  }
}

/** The worker's answer to one job: its result, or the message of what it threw (CPU_LIMIT: its CPU budget ran out); or how far it got. */
export type WorkerReply =
  | { readonly id: number; readonly result: unknown }
  | { readonly id: number; readonly error: string; readonly code?: 'CPU_LIMIT' }
  | { readonly id: number; readonly progress: { readonly cpuMs: number; readonly nodes: number } };

interface Job {
  readonly id: number;
  readonly message: unknown;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
  readonly signal: AbortSignal | undefined;
  readonly first: boolean;
  readonly onAbort: () => void;
  readonly progress: JobProgress;
}

interface Slot {
  readonly worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

/** What an operator (and a test) can see of the pool at a moment. */
export interface WorkerPoolStats {
  readonly workers: number;
  readonly running: number;
  readonly queued: number;
  /** Jobs handed to a worker since the start. */
  readonly started: number;
  /** Workers stopped because a job overran (or was cancelled while running, or crashed). */
  readonly replaced: number;
}

/**
 * A bounded pool of worker threads running one job each at a time: at most `workers` threads,
 * at most `queue` jobs waiting (more are refused at once rather than left to wait forever), each
 * job bounded in CPU by its worker (`jobCpuMs`, the worker thread's own CPU time, so a loaded
 * machine does not stop it early) and stopped after `jobTimeoutMs` of running (not of
 * queueing) by terminating its worker (a synchronous search cannot be
 * interrupted otherwise) and replacing it. A job whose AbortSignal fires is dropped from the
 * queue, or, when already running, stopped the same way. Idle workers do not keep the process
 * alive. The work itself happens off the main thread, so the event loop stays free.
 */
export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 0;
  private closed = false;
  private startedCount = 0;
  private replacedCount = 0;

  constructor(
    private readonly spawn: () => Worker,
    readonly limits: WorkerPoolLimits,
  ) {
    if (!(limits.workers >= 1) || !(limits.queue >= 0) || !(limits.jobTimeoutMs > 0))
      throw new Error('a worker pool needs at least one worker, a queue of 0 or more and a positive job timeout');
  }

  get stats(): WorkerPoolStats {
    return {
      workers: this.slots.length,
      running: this.slots.filter((s) => s.job).length,
      queued: this.queue.length,
      started: this.startedCount,
      replaced: this.replacedCount,
    };
  }

  /**
   * Runs one job on a worker; rejects with WorkerPoolBusyError at once when nothing can take it.
   * `progress`, when given, is kept up to date (queued, running with CPU time so far, done).
   * `first`: queued ahead of the jobs without it (a reserved caller's, see solver-shares.ts).
   */
  run(message: unknown, signal?: AbortSignal, progress: JobProgress = newJobProgress(), first = false): Promise<unknown> {
    if (this.closed) return Promise.reject(new WorkerPoolCancelledError('the pool is closed'));
    if (signal?.aborted) return Promise.reject(new WorkerPoolCancelledError('withdrawn before it started'));
    const free = this.slots.find((s) => !s.job) ?? (this.slots.length < this.limits.workers ? this.addSlot() : null);
    if (!free && this.queue.length >= this.limits.queue) return Promise.reject(new WorkerPoolBusyError(this.limits));
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      const job: Job = { id, message, resolve, reject, signal, first, onAbort: () => this.abort(job), progress };
      signal?.addEventListener('abort', job.onAbort, { once: true });
      if (free) this.dispatch(free, job);
      else if (!first) this.queue.push(job);
      else {
        const behind = this.queue.findIndex((j) => !j.first);
        this.queue.splice(behind < 0 ? this.queue.length : behind, 0, job);
      }
    });
  }

  /** Jobs ahead of this one in the queue (0: next), or -1 when it is not waiting. */
  positionOf(progress: JobProgress): number {
    return this.queue.findIndex((j) => j.progress === progress);
  }

  /** Stops every worker; running and waiting jobs are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) this.settle(job, new WorkerPoolCancelledError('the pool is closed'));
    const stopping = this.slots.splice(0).map((slot) => {
      if (slot.timer) clearTimeout(slot.timer);
      if (slot.job) this.settle(slot.job, new WorkerPoolCancelledError('the pool is closed'));
      slot.job = null;
      return slot.worker.terminate();
    });
    await Promise.all(stopping);
  }

  private addSlot(): Slot {
    const worker = this.spawn();
    const slot: Slot = { worker, job: null, timer: null };
    worker.unref();
    worker.on('message', (reply: WorkerReply) => {
      const job = slot.job;
      if (!job || job.id !== reply.id) return;
      if ('progress' in reply) {
        job.progress.cpuMs = reply.progress.cpuMs;
        job.progress.nodes = reply.progress.nodes;
        return;
      }
      this.finish(slot);
      if ('error' in reply)
        this.settle(job, reply.code === 'CPU_LIMIT' ? new WorkerPoolCpuLimitError(reply.error, this.limits.jobCpuMs ?? 0) : new Error(reply.error));
      else this.settle(job, null, reply.result);
      this.next(slot);
    });
    const lost = (why: string) => {
      if (!this.slots.includes(slot)) return;
      const job = slot.job;
      this.retire(slot);
      if (job) this.settle(job, new Error(`the solver worker stopped: ${why}`));
    };
    worker.on('error', (err) => lost(err.message));
    worker.on('exit', (code) => lost(`exit code ${code}`));
    this.slots.push(slot);
    return slot;
  }

  private dispatch(slot: Slot, job: Job): void {
    slot.job = job;
    job.progress.state = 'running';
    job.progress.startedAt = Date.now();
    this.startedCount++;
    slot.worker.ref();
    slot.timer = setTimeout(() => {
      this.retire(slot);
      this.settle(job, new WorkerPoolTimeoutError(this.limits.jobTimeoutMs));
    }, this.limits.jobTimeoutMs);
    slot.worker.postMessage({ id: job.id, job: job.message, cpuMs: this.limits.jobCpuMs ?? null });
  }

  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    slot.worker.unref();
  }

  /** Takes the next waiting job, if any, onto this (idle) slot. */
  private next(slot: Slot): void {
    const job = this.queue.shift();
    if (job) this.dispatch(slot, job);
  }

  /** Stops a worker whose job overran, was withdrawn or crashed; a fresh one takes the next waiting job. */
  private retire(slot: Slot): void {
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    this.slots.splice(i, 1);
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    this.replacedCount++;
    void slot.worker.terminate();
    if (!this.closed && this.queue.length > 0) this.next(this.addSlot());
  }

  private abort(job: Job): void {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      this.settle(job, new WorkerPoolCancelledError('nobody waits for it any more'));
      return;
    }
    const slot = this.slots.find((s) => s.job === job);
    if (!slot) return;
    this.retire(slot);
    this.settle(job, new WorkerPoolCancelledError('nobody waits for it any more'));
  }

  private settle(job: Job, error: Error | null, result?: unknown): void {
    job.progress.state = 'done';
    job.signal?.removeEventListener('abort', job.onAbort);
    if (error) job.reject(error);
    else job.resolve(result);
  }
}
