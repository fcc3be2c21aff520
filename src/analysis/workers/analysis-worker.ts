import { parentPort } from 'node:worker_threads';
import { Solver } from '..';
import { runAnalysisJob, type AnalysisJob } from './analysis-jobs';
import { threadCpuMs } from './thread-cpu';
import type { WorkerReply } from './worker-pool';

/** A job ran past its CPU budget: its search was stopped (the worker stays, with its table). */
class CpuBudgetExceeded extends Error {}

/** How often (CPU ms) a running job tells the pool how far it got. */
const PROGRESS_EVERY_MS = 100;

/**
 * A solver worker thread (analysisPool): one job at a time, its own solver (and transposition
 * table) kept between jobs. A job that throws is answered with its message. A job's CPU time is
 * this thread's own (threadCpuMs), checked every 65,536 search positions (see Solver.tick) and once more when the job
 * ends (a job of fewer positions, or one whose time went outside the search, is never checked
 * otherwise): past `cpuMs` the search stops, or the finished result is withheld, and the job is
 * answered with CPU_LIMIT; meanwhile the pool hears the CPU time and the positions searched so far.
 * Time spent waiting for the CPU on a loaded machine does not count.
 */
interface RunningJob {
  readonly id: number;
  readonly start: number;
  readonly nodes0: number;
  readonly cpuMs: number | null | undefined;
  reported: number;
}

const solver = new Solver();
let running: RunningJob | null = null;

function checkBudget(job: RunningJob, cpuMs: number): void {
  if (job.cpuMs && cpuMs > job.cpuMs) throw new CpuBudgetExceeded(`the solver job used more than ${job.cpuMs} ms of CPU and was stopped`);
}

// One tick for the worker's life (the search's call is compiled for the target it first saw).
solver.tick = () => {
  const job = running;
  if (job === null) return;
  const cpuMs = threadCpuMs() - job.start;
  if (cpuMs - job.reported >= PROGRESS_EVERY_MS) {
    job.reported = cpuMs;
    parentPort?.postMessage({ id: job.id, progress: { cpuMs, nodes: solver.nodes - job.nodes0 } } satisfies WorkerReply);
  }
  checkBudget(job, cpuMs);
};

parentPort?.on('message', (message: { id: number; job: AnalysisJob; cpuMs?: number | null }) => {
  const { id } = message;
  const job: RunningJob = { id, start: threadCpuMs(), nodes0: solver.nodes, cpuMs: message.cpuMs, reported: 0 };
  running = job;
  runAnalysisJob(message.job, solver)
    .then((result) => {
      // A job that ended between two checks of the search (or before the first) counts too.
      checkBudget(job, threadCpuMs() - job.start);
      return result;
    })
    .then(
      (result) => parentPort?.postMessage({ id, result } satisfies WorkerReply),
      (error: unknown) =>
        parentPort?.postMessage({
          id,
          error: error instanceof Error ? error.message : String(error),
          ...(error instanceof CpuBudgetExceeded ? { code: 'CPU_LIMIT' as const } : {}),
        } satisfies WorkerReply),
    )
    .finally(() => {
      if (running === job) running = null;
    });
});
