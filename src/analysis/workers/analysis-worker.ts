import { parentPort } from 'node:worker_threads';
import { Solver } from '..';
import { runAnalysisJob, type AnalysisJob } from './analysis-jobs';
import type { WorkerReply } from './worker-pool';

/**
 * A solver worker thread (analysisPool): one job at a time, its own solver (and transposition
 * table) kept between jobs. A job that throws is answered with its message.
 */
const solver = new Solver();
parentPort?.on('message', (message: { id: number; job: AnalysisJob }) => {
  runAnalysisJob(message.job, solver).then(
    (result) => parentPort?.postMessage({ id: message.id, result } satisfies WorkerReply),
    (error: unknown) => parentPort?.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) } satisfies WorkerReply),
  );
});
