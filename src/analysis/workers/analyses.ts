import { dealStreamName } from '../../deal/events';
import type { EventStore, RecordedEvent } from '../../event-store/event-store';
import type { BestDiscardAnalysis, BestGameAnalysis } from '../deals/after-the-fact';
import type { DealAnalysis } from '../deals/deal-analysis';
import type { AuditClaim } from '../../projections/audit/claim-audit';
import type { AnalysisJob, AnalysisResults } from './analysis-jobs';
import { analysisWorkerPool, defaultSolverWorkers, type SolverPool } from './analysis-pool';
import { NotFoundError } from '../../kernel/errors';
import { type JobProgress, newJobProgress, WorkerPoolCancelledError } from './worker-pool';
import { SolverShares, solverShareLimits, type SolverLane } from './solver-shares';

export interface AnalysisLimits {
  /** Results kept in memory (per deal, revision and kind; a few KB each). */
  readonly cacheDeals: number;
  /** Solver worker threads. */
  readonly workers: number;
  /** Jobs that may wait for a worker; more are refused as busy (ANALYSIS_BUSY). */
  readonly queue: number;
  /** CPU time one job may use on its worker thread before its search is stopped (TIMEOUT); the job's own, whatever the machine's load. */
  readonly jobCpuMs: number;
  /** Wall time one job may run once a worker took it (its time in the queue not counted) before the worker is stopped (TIMEOUT): a safety net. */
  readonly jobTimeoutMs: number;
}

export const DEFAULT_ANALYSIS_LIMITS: AnalysisLimits = { cacheDeals: 500, workers: defaultSolverWorkers(), queue: 16, jobCpuMs: 20_000, jobTimeoutMs: 120_000 };

/** SKAT_LEDGER_ANALYSIS_WORKERS, _QUEUE, _CPU_MS, _TIMEOUT_MS, _CACHE: the solver pool's settings (unset: the defaults). */
export function analysisLimitsFromEnv(env: NodeJS.ProcessEnv): AnalysisLimits {
  const read = (name: string, fallback: number, min: number): number => {
    const text = env[name];
    if (text === undefined || text === '') return fallback;
    const n = Number(text);
    if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number of at least ${min}, got ${text}`);
    return n;
  };
  return {
    workers: read('SKAT_LEDGER_ANALYSIS_WORKERS', DEFAULT_ANALYSIS_LIMITS.workers, 1),
    queue: read('SKAT_LEDGER_ANALYSIS_QUEUE', DEFAULT_ANALYSIS_LIMITS.queue, 0),
    jobCpuMs: read('SKAT_LEDGER_ANALYSIS_CPU_MS', DEFAULT_ANALYSIS_LIMITS.jobCpuMs, 1),
    jobTimeoutMs: read('SKAT_LEDGER_ANALYSIS_TIMEOUT_MS', DEFAULT_ANALYSIS_LIMITS.jobTimeoutMs, 1),
    cacheDeals: read('SKAT_LEDGER_ANALYSIS_CACHE', DEFAULT_ANALYSIS_LIMITS.cacheDeals, 0),
  };
}

/** How one caller waits for a result: when to give up, and a gate for starting a new job. */
export interface AnalysisWait {
  /** The caller stops waiting (its request ran out of time); a job nobody waits for is cancelled. */
  readonly signal?: AbortSignal;
  /** Called only when the result must be computed (neither cached nor already being computed); may throw to refuse. */
  readonly admit?: () => void;
  /**
   * The answers this caller already got, by key (one request's): asked again (another alias, the
   * request executed a second time) it gets the same answer, a failure included, without a new job.
   */
  readonly answered?: Map<string, Promise<unknown>>;
  /** Whose share of the pool a new job takes (none: untracked, e.g. the CLI). */
  readonly lane?: SolverLane;
}

type Result = AnalysisResults[AnalysisJob['kind']];

interface Running {
  readonly promise: Promise<Result>;
  readonly cancel: AbortController;
  readonly progress: JobProgress;
  waiters: number;
}

/** The kinds of solver result a deal has (what `progress` can be asked about). */
export type DealJobKind = 'steps' | 'discard' | 'game';

/** Where the computation of one result stands. */
export type SolverJobStatus =
  | { readonly state: 'notStarted' | 'done' }
  | { readonly state: 'queued'; readonly jobsAhead: number; readonly waitedMs: number }
  | { readonly state: 'running'; readonly waitedMs: number; readonly ranMs: number; readonly cpuMs: number; readonly nodes: number };

/**
 * Solver results on demand: computed in worker threads (never on the event loop), cached per deal,
 * revision and kind (a bounded LRU), one job per key however many callers ask at once (aliases of
 * one request, or many requests), cancelled once nobody waits for it any more.
 */
export class DealAnalyses {
  private readonly cache = new Map<string, Result>();
  private readonly running = new Map<string, Running>();
  private ownPool: SolverPool | null = null;
  /** Jobs computed to the end (for tests and operators). */
  computed = 0;
  /** Each caller's share of the pool's places (workers + queue). */
  readonly shares: SolverShares;

  constructor(
    private readonly store: EventStore,
    readonly limits: AnalysisLimits = DEFAULT_ANALYSIS_LIMITS,
    private readonly givenPool?: SolverPool,
  ) {
    this.shares = new SolverShares(solverShareLimits(limits.workers, limits.queue));
  }

  /** The pool jobs run on (started at the first job, so a process that never analyses starts no thread). */
  get pool(): SolverPool {
    if (this.givenPool) return this.givenPool;
    this.ownPool ??= analysisWorkerPool({
      workers: this.limits.workers,
      queue: this.limits.queue,
      jobTimeoutMs: this.limits.jobTimeoutMs,
      jobCpuMs: this.limits.jobCpuMs,
    });
    return this.ownPool;
  }

  /** The per-step verdicts of a deal. */
  async analysis(dealId: string, wait: AnalysisWait = {}): Promise<DealAnalysis> {
    const read = await this.dealEvents(dealId);
    return this.job(`steps\u0000${dealId}@${read.revision}`, { kind: 'steps', dealId, events: read.events }, wait);
  }

  /** R10: the best discard for the declared game (null: no declarer game). */
  async bestDiscard(dealId: string, wait: AnalysisWait = {}): Promise<BestDiscardAnalysis | null> {
    const read = await this.dealEvents(dealId);
    return this.job(`discard\u0000${dealId}@${read.revision}`, { kind: 'discard', events: read.events }, wait);
  }

  /** R11: the best game for the declarer's twelve cards (null: no declarer game). */
  async bestGame(dealId: string, wait: AnalysisWait = {}): Promise<BestGameAnalysis | null> {
    const read = await this.dealEvents(dealId);
    return this.job(`game\u0000${dealId}@${read.revision}`, { kind: 'game', events: read.events }, wait);
  }

  /** R21: the claims, concessions and resignations of these events (a deal's, at `key` = id@revision), judged with all cards open. */
  async claims(key: string, events: readonly RecordedEvent[], wait: AnalysisWait = {}): Promise<AuditClaim[]> {
    return this.job(`claims\u0000${key}`, { kind: 'claims', events }, wait);
  }

  /** Per-step verdicts of other events than a deal's own stream (a what-if branch), cached under `key`. */
  async analysisOfEvents(key: string, id: string, events: readonly RecordedEvent[], wait: AnalysisWait = {}): Promise<DealAnalysis> {
    return this.job(`events\u0000${key}`, { kind: 'steps', dealId: id, events }, wait);
  }

  /**
   * Where the computation of a deal's result of this kind stands (at the deal's current revision),
   * starting nothing: not started (nor cached), queued (with the jobs ahead), running (with its
   * CPU time and search positions so far), or done (cached).
   */
  async progress(dealId: string, kind: DealJobKind): Promise<SolverJobStatus> {
    const read = await this.dealEvents(dealId);
    const key = `${kind}\u0000${dealId}@${read.revision}`;
    if (this.cache.has(key)) return { state: 'done' };
    const run = this.running.get(key);
    if (!run) return { state: 'notStarted' };
    const p = run.progress;
    const now = Date.now();
    if (p.state === 'queued') return { state: 'queued', jobsAhead: Math.max(0, this.pool.positionOf(p)), waitedMs: now - p.queuedAt };
    if (p.state === 'done') return { state: 'done' };
    const startedAt = p.startedAt ?? now;
    return { state: 'running', waitedMs: startedAt - p.queuedAt, ranMs: now - startedAt, cpuMs: Math.round(p.cpuMs), nodes: p.nodes };
  }

  /** Callers waiting for jobs in flight right now, and the jobs (for tests and operators). */
  get inFlight(): { readonly jobs: number; readonly waiters: number } {
    let waiters = 0;
    for (const r of this.running.values()) waiters += Number.isFinite(r.waiters) ? r.waiters : 1;
    return { jobs: this.running.size, waiters };
  }

  /** A result already computed for this key, without starting anything (undefined: not cached). */
  cached(key: string): Result | undefined {
    return this.cache.get(key);
  }

  async close(): Promise<void> {
    await this.ownPool?.close();
    this.ownPool = null;
  }

  private async dealEvents(dealId: string): Promise<{ revision: bigint; events: readonly RecordedEvent[] }> {
    const read = await this.store.readStream(dealStreamName(dealId));
    if (!read.exists) throw new NotFoundError('deal', dealId);
    return { revision: read.currentRevision, events: read.events };
  }

  private job<J extends AnalysisJob>(key: string, job: J, wait: AnalysisWait): Promise<AnalysisResults[J['kind']]> {
    type R = AnalysisResults[J['kind']];
    const answered = wait.answered?.get(key);
    if (answered) return answered as Promise<R>;
    const answer = this.jobOnce(key, job, wait);
    wait.answered?.set(key, answer);
    return answer;
  }

  private jobOnce<J extends AnalysisJob>(key: string, job: J, wait: AnalysisWait): Promise<AnalysisResults[J['kind']]> {
    type R = AnalysisResults[J['kind']];
    if (this.cache.has(key)) {
      const hit = this.cache.get(key) as R;
      this.cache.delete(key);
      this.cache.set(key, hit);
      return Promise.resolve(hit);
    }
    let run = this.running.get(key);
    if (!run) {
      const release = wait.lane ? this.shares.take(wait.lane) : () => undefined;
      try {
        wait.admit?.();
      } catch (error) {
        release();
        throw error;
      }
      const cancel = new AbortController();
      const progress = newJobProgress();
      const promise = this.pool.run(job, cancel.signal, progress, wait.lane?.kind === 'reserved').then((result) => {
        this.computed++;
        if (this.limits.cacheDeals > 0) {
          this.cache.set(key, result);
          while (this.cache.size > this.limits.cacheDeals) this.cache.delete(this.cache.keys().next().value as string);
        }
        return result;
      });
      const started: Running = { promise, cancel, progress, waiters: 0 };
      run = started;
      this.running.set(key, started);
      const settled = () => {
        this.running.delete(key);
        release();
      };
      promise.then(settled, settled);
    }
    return this.waitFor(run, wait.signal) as Promise<R>;
  }

  /** Joins a running job until it settles or this caller's signal fires (the last to leave cancels it). */
  private waitFor(run: Running, signal: AbortSignal | undefined): Promise<Result> {
    if (!signal) {
      run.waiters = Number.POSITIVE_INFINITY; // a caller that never gives up keeps the job alive
      return run.promise;
    }
    run.waiters++;
    return new Promise<Result>((resolve, reject) => {
      let left = false;
      const leave = () => {
        if (left) return;
        left = true;
        run.waiters--;
        if (run.waiters <= 0) run.cancel.abort();
        reject(new WorkerPoolCancelledError('the caller stopped waiting'));
      };
      if (signal.aborted) return leave();
      signal.addEventListener('abort', leave, { once: true });
      run.promise.then(
        (r) => {
          signal.removeEventListener('abort', leave);
          if (!left) resolve(r);
        },
        (e: unknown) => {
          signal.removeEventListener('abort', leave);
          if (!left) reject(e);
        },
      );
    });
  }
}
