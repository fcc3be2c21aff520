import { Worker } from 'node:worker_threads';
import { workerScript } from '../../analysis/workers/worker-script';
import type { IssVerifyBatch, IssVerifyBatchResult } from './verify-iss-batch';
import type { IssRangeJob } from './verify-iss-ranges';

/** Batches in flight per worker (streamed input). */
const IN_FLIGHT_PER_WORKER = 2;

/** What a verify worker sends back: a batch's result, or a range's. */
export type IssWorkerMessage =
  | { readonly kind: 'batch'; readonly seq: number; readonly result: IssVerifyBatchResult }
  | { readonly kind: 'range'; readonly job: number; readonly range: number; readonly result: IssVerifyBatchResult };

/** What a verify worker is given: a batch of lines, or a file to claim ranges of (verify-iss-ranges). */
export type IssWorkerTask =
  | { readonly kind: 'batch'; readonly seq: number; readonly batch: IssVerifyBatch }
  | { readonly kind: 'ranges'; readonly id: number; readonly job: IssRangeJob };

/**
 * Worker threads verifying beside this thread, with this thread as one more verifier. This module
 * loads nothing of the verifier itself, so the workers start (and load and compile their own
 * verifier) while this thread is still loading its one; `verifyHere` is this thread's verifier.
 *
 * Two ways of sharing the work, each handing results on in input order:
 * - streamed input (standard input, a compressed dump): this thread cuts batches of lines and a
 *   batch goes to a worker with room (IN_FLIGHT_PER_WORKER), otherwise this thread verifies it;
 * - a plain file: `ranges` gives every worker the file, and each thread claims ranges of it.
 *
 * A worker that fails (an error, an exit) fails the run: `failure` is set, waiting stops, and the
 * caller throws it, so no result is ever silently missing.
 */
export class IssVerifyPool {
  private readonly workers: Array<{ worker: Worker; inFlight: number }> = [];
  private nextSeq = 0;
  private nextToDeliver = 0;
  private readonly done = new Map<number, IssVerifyBatchResult>();
  private readonly deliver = new Map<number, (r: IssVerifyBatchResult) => void>();
  private waiters: Array<() => void> = [];
  private jobs = 0;
  private rangeJob: { id: number; onRange: (range: number, r: IssVerifyBatchResult) => void } | null = null;
  private closed = false;
  failure: Error | null = null;

  constructor(count: number, profileId: string) {
    const { file, execArgv } = workerScript(__dirname, 'iss-verify-worker');
    for (let i = 0; i < count; i++) {
      const worker = new Worker(file, { workerData: { profileId }, execArgv, env: { ...process.env, TS_NODE_TRANSPILE_ONLY: 'true' } });
      const slot = { worker, inFlight: 0 };
      worker.on('message', (m: IssWorkerMessage) => {
        if (m.kind === 'batch') {
          slot.inFlight--;
          this.done.set(m.seq, m.result);
          this.flush();
        } else if (m.kind === 'range') {
          if (this.rangeJob?.id === m.job) this.rangeJob.onRange(m.range, m.result);
        }
        this.wake();
      });
      worker.on('error', (err) => this.fail(new Error(`a verify worker failed: ${err.message}`, { cause: err })));
      worker.on('exit', (code) => {
        if (!this.closed) this.fail(new Error(`a verify worker stopped (exit code ${code})`));
      });
      this.workers.push(slot);
    }
  }

  get size(): number {
    return this.workers.length;
  }

  /** Streamed input: a batch to a worker with room, or verified here at once. */
  submit(batch: IssVerifyBatch, onResult: (r: IssVerifyBatchResult) => void, verifyHere: (b: IssVerifyBatch) => IssVerifyBatchResult): void {
    this.throwIfFailed();
    const seq = this.nextSeq++;
    this.deliver.set(seq, onResult);
    const free = this.workers.reduce((best, w) => (w.inFlight < best.inFlight ? w : best));
    if (free.inFlight < IN_FLIGHT_PER_WORKER) {
      free.inFlight++;
      const task: IssWorkerTask = { kind: 'batch', seq, batch };
      free.worker.postMessage(task, [batch.bytes.buffer as ArrayBuffer]);
      return;
    }
    this.done.set(seq, verifyHere(batch));
    this.flush();
  }

  /** Waits until every submitted batch has been handed on. */
  async drain(): Promise<void> {
    while (this.nextToDeliver < this.nextSeq) {
      this.throwIfFailed();
      await this.waitForNews();
    }
  }

  /**
   * A plain file: every worker claims ranges of `job` from now on, and `onRange` gets each range a
   * worker verified (in the order they finish). The caller claims ranges too, and ends the job
   * (endRanges) once it has every range's result.
   */
  ranges(job: IssRangeJob, onRange: (range: number, r: IssVerifyBatchResult) => void): void {
    this.throwIfFailed();
    const id = ++this.jobs;
    this.rangeJob = { id, onRange };
    const task: IssWorkerTask = { kind: 'ranges', id, job };
    for (const w of this.workers) w.worker.postMessage(task);
  }

  endRanges(): void {
    this.rangeJob = null;
  }

  /** Resolves when a worker has sent something or failed. */
  waitForNews(): Promise<void> {
    return new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  throwIfFailed(): void {
    if (this.failure) throw this.failure;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.workers.map((w) => w.worker.terminate()));
  }

  private fail(err: Error): void {
    this.failure ??= err;
    this.wake();
  }

  private flush(): void {
    for (let r = this.done.get(this.nextToDeliver); r !== undefined; r = this.done.get(this.nextToDeliver)) {
      this.done.delete(this.nextToDeliver);
      const onResult = this.deliver.get(this.nextToDeliver);
      this.deliver.delete(this.nextToDeliver);
      this.nextToDeliver++;
      onResult?.(r);
    }
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }
}
