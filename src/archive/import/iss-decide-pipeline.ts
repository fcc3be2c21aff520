import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { IssDecideBatch, IssLineDecision } from './decide-iss-lines';
import { unpackDecisions, type PackedDecisions } from './packed-decisions';
import { workerScript } from '../../analysis/workers/worker-script';

/**
 * Batches in flight: enough decided ahead that the worker keeps deciding while this thread is held
 * in a commit (a group's 100,000 events take a few hundred milliseconds); packed rows cost about
 * 11 MB a batch of 200 lines, and 4 keep an import's peak under 300 MB (6 gained 2 % of wall time).
 */
const IN_FLIGHT = 4;
/** The worker's young generation (V8's nursery), in MB. */
const WORKER_YOUNG_GENERATION_MB = 8;

/**
 * Worker threads deciding: one on two cores (a second one's heap took a 20,000-record import over
 * 300 MB and bought no time beside other work on the machine), two on more, where the writing
 * thread's idle time (it waits for decisions most of the import) is the second worker's.
 */
export const defaultWorkers = (): number => (availableParallelism() > 2 ? 2 : 1);

/**
 * Worker threads that judge, decide and seal an import's lines (decideIssLines) while this thread
 * writes the previous batches: the rules engine and sha256 run beside SQLite. Batches go to the
 * workers in turn (each batch carries its lines' series numbers, so any worker can take it) and
 * their results come back in submission order.
 */
export class IssDecidePipeline {
  private readonly workers: Worker[] = [];
  private nextSeq = 0;
  private readonly waiting = new Map<number, { resolve: (d: IssLineDecision[]) => void; reject: (e: Error) => void }>();
  private readonly queue: Promise<IssLineDecision[]>[] = [];
  private failure: Error | null = null;

  constructor(workers = 1) {
    for (let i = 0; i < Math.max(1, workers); i++) this.workers.push(this.start());
  }

  private start(): Worker {
    const { file, execArgv } = workerScript(__dirname, 'iss-import-worker');
    // A small young generation: the worker's objects die within a batch, and V8's default (up to
    // 48 MB of nursery) would only raise the import's peak memory, not its speed.
    const worker = new Worker(file, {
      execArgv,
      env: { ...process.env, TS_NODE_TRANSPILE_ONLY: 'true' },
      resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    });
    worker.on('message', (m: { seq: number; decided: PackedDecisions }) => {
      const w = this.waiting.get(m.seq);
      this.waiting.delete(m.seq);
      try {
        w?.resolve(unpackDecisions(m.decided));
      } catch (err) {
        w?.reject(err as Error);
      }
    });
    const fail = (err: Error) => {
      this.failure ??= err;
      for (const w of this.waiting.values()) w.reject(this.failure);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the import worker stopped (exit code ${code})`)));
    return worker;
  }

  /** Whether another batch may be submitted before the oldest is taken. */
  get full(): boolean {
    return this.queue.length >= IN_FLIGHT;
  }

  get pending(): number {
    return this.queue.length;
  }

  submit(batch: IssDecideBatch): void {
    if (this.failure) throw this.failure;
    const seq = this.nextSeq++;
    const decided = new Promise<IssLineDecision[]>((resolve, reject) => this.waiting.set(seq, { resolve, reject }));
    decided.catch(() => undefined); // awaited by take(); never an unhandled rejection meanwhile
    this.queue.push(decided);
    this.workers[seq % this.workers.length].postMessage({ seq, batch });
  }

  /** The decisions of the oldest batch submitted and not yet taken. */
  take(): Promise<IssLineDecision[]> {
    const next = this.queue.shift();
    if (!next) throw new Error('IssDecidePipeline.take: nothing submitted');
    return next;
  }

  async close(): Promise<void> {
    for (const w of this.workers) w.removeAllListeners('exit');
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
