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
 * this thread's own (threadCpuMs), checked every 65,536 search positions and once more when the job
 * ends (a job of fewer positions, or one whose time went outside the search, is never checked
 * otherwise): past `cpuMs` the search stops, or the finished result is withheld, and the job is
 * answered with CPU_LIMIT; meanwhile the pool hears the CPU time and the positions searched so far.
 * Time spent waiting for the CPU on a loaded machine does not count.
 */
const solver = new Solver();
parentPort?.on('message', (message: { id: number; job: AnalysisJob; cpuMs?: number | null }) => {
  const { id } = message;
  const start = threadCpuMs();
  const nodes0 = solver.nodes;
  let reported = 0;
  const checkBudget = (cpuMs: number): void => {
    if (message.cpuMs && cpuMs > message.cpuMs) throw new CpuBudgetExceeded(`the solver job used more than ${message.cpuMs} ms of CPU and was stopped`);
  };
  solver.tick = () => {
    const cpuMs = threadCpuMs() - start;
    if (cpuMs - reported >= PROGRESS_EVERY_MS) {
      reported = cpuMs;
      parentPort?.postMessage({ id, progress: { cpuMs, nodes: solver.nodes - nodes0 } } satisfies WorkerReply);
    }
    checkBudget(cpuMs);
  };
  runAnalysisJob(message.job, solver)
    .then((result) => {
      // A job that ended between two checks of the search (or before the first) counts too.
      checkBudget(threadCpuMs() - start);
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
      solver.tick = null;
    });
});
