import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { AnalysisJob, AnalysisResults } from './analysis-jobs';
import { type JobProgress, WorkerPool, type WorkerPoolLimits, type WorkerPoolStats } from './worker-pool';
import { workerScript } from './worker-script';

/** Where solver jobs run: off the main thread in the product, anything that answers them in tests. */
export interface SolverPool {
  /** `first`: the job waits ahead of the others (a reserved caller's). */
  run<J extends AnalysisJob>(job: J, signal?: AbortSignal, progress?: JobProgress, first?: boolean): Promise<AnalysisResults[J['kind']]>;
  /** Jobs ahead of this one in the queue (0: next), or -1 when it is not waiting. */
  positionOf(progress: JobProgress): number;
  readonly stats: WorkerPoolStats;
  close(): Promise<void>;
}

/** One worker less than the cores (at least one), at most 4: the main thread keeps a core for requests. */
export function defaultSolverWorkers(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

/** Solver jobs on a bounded pool of worker threads (each with its own solver, ≤ 64 MiB of table). */
export function analysisWorkerPool(limits: WorkerPoolLimits): SolverPool {
  const { file, execArgv } = workerScript(__dirname, 'analysis-worker');
  return typedPool(new WorkerPool(() => new Worker(file, { execArgv, env: { ...process.env, TS_NODE_TRANSPILE_ONLY: 'true' } }), limits));
}

/** A WorkerPool whose workers answer AnalysisJobs (analysisWorker, or a test's stand-in). */
export function typedPool(pool: WorkerPool): SolverPool {
  return {
    run: <J extends AnalysisJob>(job: J, signal?: AbortSignal, progress?: JobProgress, first?: boolean) =>
      pool.run(job, signal, progress, first) as Promise<AnalysisResults[J['kind']]>,
    positionOf: (progress: JobProgress) => pool.positionOf(progress),
    get stats() {
      return pool.stats;
    },
    close: () => pool.close(),
  };
}
