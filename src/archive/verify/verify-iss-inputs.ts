import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { getProfile } from '../../rules/variant';
import type { RuleProfile } from '../../rules/variant/rule-profile';
import type { IssVerdict } from '../../format/iss/iss-verify';
import { issLineBlocks } from '../../format/iss/iss-line-source';
import { openIssInput, STDIN_NAME } from '../iss-input';
import { verifyIssBatch, type IssVerifyBatch, type IssVerifyBatchResult } from './verify-iss-batch';
import { workerScript } from '../../analysis/workers/worker-script';

/** Receives the verdicts of each input in line order: a count of agreeing records, then the others. */
export interface IssVerifySink {
  onVerdicts(input: string, agree: number, others: readonly IssVerdict[]): void;
}

export interface IssVerifyOptions {
  /**
   * Worker threads to verify on besides this thread, which verifies a batch itself whenever every
   * worker is busy; default: one per core but one when the input is large (over
   * PARALLEL_FROM_BYTES, or standard input), else none (this thread does it all).
   */
  readonly workers?: number;
  readonly stdin?: NodeJS.ReadableStream;
}

/** Below this much input, starting workers (about 0.1 s each) costs more than it saves. */
export const PARALLEL_FROM_BYTES = 4 << 20;
/** Bytes of lines per batch handed to a worker (about 600 records), and batches in flight per worker. */
const BATCH_BYTES = 256 << 10;
const IN_FLIGHT_PER_WORKER = 2;

/**
 * `iss verify` over files and standard input: lines are cut here (the shared line source) and
 * verified in batches, on worker threads beside this one when the input is large, so that every
 * core works; verdicts reach the sink in input order. Memory holds a few batches, whatever the
 * input's size.
 */
export async function verifyIssInputs(names: readonly string[], profileId: string, sink: IssVerifySink, options: IssVerifyOptions = {}): Promise<void> {
  const profile = getProfile(profileId);
  const large = names.some((n) => n === STDIN_NAME) || names.reduce((sum, n) => sum + statSync(n).size, 0) >= PARALLEL_FROM_BYTES;
  const workers = options.workers ?? (large ? Math.max(1, availableParallelism() - 1) : 0);
  const pool = workers > 0 ? new VerifyPool(workers, profileId, profile) : null;
  try {
    for (const name of names) {
      const input = openIssInput(name, options.stdin);
      try {
        // Results come back in order; their line numbers count from each batch's first line.
        let linesBefore = 0;
        const deliver = (r: IssVerifyBatchResult) => {
          const others = linesBefore === 0 ? r.others : r.others.map((v) => ({ ...v, line: v.line + linesBefore }));
          linesBefore += r.lines;
          sink.onVerdicts(name, r.agree, others);
        };
        let blocks: Buffer[] = [];
        let parts: number[] = [];
        let size = 0;
        const send = () => {
          // One fresh buffer per batch: handed to a worker without a copy (transferred).
          const bytes = new Uint8Array(size);
          let at = 0;
          for (const b of blocks) {
            bytes.set(b, at);
            at += b.length;
          }
          const batch: IssVerifyBatch = { bytes, parts };
          blocks = [];
          parts = [];
          size = 0;
          if (pool) pool.submit(batch, deliver);
          else deliver(verifyIssBatch(batch, profile));
        };
        for await (const chunk of issLineBlocks(input.chunks)) {
          for (const block of chunk) {
            parts.push(block === null ? 0 : block.length);
            if (block !== null) {
              blocks.push(block);
              size += block.length;
            }
          }
          if (size >= BATCH_BYTES || parts.length >= 4096) send();
        }
        if (parts.length > 0) send();
        // Every verdict of this input before the next input's (and before the summary).
        await pool?.drain();
      } finally {
        input.close();
      }
    }
  } finally {
    await pool?.close();
  }
}

/**
 * Worker threads verifying batches, with this thread as one more verifier: a batch goes to a
 * worker with room (IN_FLIGHT_PER_WORKER), otherwise this thread verifies it at once, so every
 * core works and reading never runs ahead of verifying. Results are handed on in submission order.
 */
class VerifyPool {
  private readonly workers: Array<{ worker: Worker; inFlight: number }> = [];
  private nextSeq = 0;
  private nextToDeliver = 0;
  private readonly done = new Map<number, IssVerifyBatchResult>();
  private readonly deliver = new Map<number, (r: IssVerifyBatchResult) => void>();
  private waiters: Array<() => void> = [];
  private failure: Error | null = null;

  constructor(
    count: number,
    profileId: string,
    private readonly profile: RuleProfile,
  ) {
    const { file, execArgv } = workerScript(__dirname, 'iss-verify-worker');
    for (let i = 0; i < count; i++) {
      const worker = new Worker(file, { workerData: { profileId }, execArgv, env: { ...process.env, TS_NODE_TRANSPILE_ONLY: 'true' } });
      const slot = { worker, inFlight: 0 };
      worker.on('message', (m: { seq: number; result: IssVerifyBatchResult }) => {
        slot.inFlight--;
        this.done.set(m.seq, m.result);
        this.flush();
        this.wake();
      });
      worker.on('error', (err) => {
        this.failure ??= err;
        this.wake();
      });
      worker.on('exit', (code) => {
        if (code !== 0) this.failure ??= new Error(`a verify worker stopped (exit code ${code})`);
        this.wake();
      });
      this.workers.push(slot);
    }
  }

  submit(batch: IssVerifyBatch, onResult: (r: IssVerifyBatchResult) => void): void {
    if (this.failure) throw this.failure;
    const seq = this.nextSeq++;
    this.deliver.set(seq, onResult);
    const free = this.workers.reduce((best, w) => (w.inFlight < best.inFlight ? w : best));
    if (free.inFlight < IN_FLIGHT_PER_WORKER) {
      free.inFlight++;
      free.worker.postMessage({ seq, batch }, [batch.bytes.buffer as ArrayBuffer]);
      return;
    }
    this.done.set(seq, verifyIssBatch(batch, this.profile));
    this.flush();
  }

  /** Waits until every submitted batch has been handed on. */
  async drain(): Promise<void> {
    while (this.nextToDeliver < this.nextSeq) {
      if (this.failure) throw this.failure;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.worker.terminate()));
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
