import type { AnalysisWait } from '../../analysis/workers/analyses';
import type { ApiContext } from '../context/api-context';
import { apiError } from '../errors/api-error';
import type { Principal } from '../../auth/role';
import type { SolverLane } from '../../analysis/workers/solver-shares';

/** Whose share of the solver pool a caller's new jobs take: the people who run the evening have a reserved part. */
export function laneOf(p: Principal): SolverLane {
  if (p.role === 'anonymous') return { caller: p.key, kind: 'anonymous' };
  return { caller: p.key, kind: p.role === 'player' ? 'token' : 'reserved' };
}

/**
 * Waits for a solver result computed in a worker thread. The wait does not count as the request's
 * own computing (the event loop is free meanwhile), so it is bounded by the solver's job time
 * (`waitMs`, SKAT_LEDGER_ANALYSIS_TIMEOUT_MS), queueing included, rather than by the request
 * timeout: past it the field answers TIMEOUT and the job is cancelled unless another caller still
 * waits for it. A result not cached yet counts against the request's solver-job quota.
 */
export async function solverCall<T>(ctx: ApiContext, waitMs: number, compute: (wait: AnalysisWait) => Promise<T>): Promise<T> {
  await ctx.budget.step();
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), waitMs);
  try {
    const result = await compute({ signal: stop.signal, admit: () => ctx.solverJobs.admit(), answered: ctx.solverJobs.answered, lane: laneOf(ctx.principal) });
    // Aliases of one cached result all arrive at once: they go on one at a time (84 answers of an analysis: 590 KB), with turns of the event loop between.
    return await ctx.budget.run(async () => result, false);
  } catch (error) {
    if (stop.signal.aborted)
      throw apiError('TIMEOUT', `the solver did not answer within ${waitMs} ms (queue and search); the job was stopped`, { timeoutMs: waitMs });
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
