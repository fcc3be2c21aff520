import type { AnalysisWait } from '../../analysis/workers/analyses';
import type { ApiContext } from '../context/api-context';
import type { Principal } from '../../auth/role';
import type { SolverLane } from '../../analysis/workers/solver-shares';

/** Whose share of the solver pool a caller's new jobs take: the people who run the evening have a reserved part. */
export function laneOf(p: Principal): SolverLane {
  if (p.role === 'anonymous') return { caller: p.key, kind: 'anonymous' };
  return { caller: p.key, kind: p.role === 'player' ? 'token' : 'reserved' };
}

/**
 * Waits for a solver result computed in a worker thread. The wait does not count as the request's
 * own computing (the event loop is free meanwhile), and it is not timed by this call: a job
 * queued behind others (on a loaded machine) waits its turn, bounded by the queue's length, and
 * once running is bounded by its CPU time on its own thread (SKAT_LEDGER_ANALYSIS_CPU_MS) and by
 * a wall-time safety net (SKAT_LEDGER_ANALYSIS_TIMEOUT_MS), either answering TIMEOUT. A result
 * not cached yet counts against the request's solver-job quota; Deal.analysisProgress tells
 * where a job stands meanwhile.
 */
export async function solverCall<T>(ctx: ApiContext, compute: (wait: AnalysisWait) => Promise<T>): Promise<T> {
  await ctx.budget.step();
  // A caller of its own (counted among the job's waiters), who never gives up on a job it waits for.
  const waiting = new AbortController();
  const result = await compute({ signal: waiting.signal, admit: () => ctx.solverJobs.admit(), answered: ctx.solverJobs.answered, lane: laneOf(ctx.principal) });
  // Aliases of one cached result all arrive at once: they go on one at a time (84 answers of an analysis: 590 KB), with turns of the event loop between.
  return await ctx.budget.run(async () => result, false);
}
