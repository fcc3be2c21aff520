import { Solver } from '../analysis';
import { dealStreamName } from '../deal/events';
import type { EventStore, RecordedEvent } from '../eventStore/eventStore';
import { analyseDeal } from '../projections/analysis/analyseDeal';
import { bestDiscardOf, bestGameOf, type BestDiscardAnalysis, type BestGameAnalysis } from '../projections/analysis/afterTheFact';
import type { DealAnalysis } from '../projections/analysis/dealAnalysis';
import { NotFoundError } from './errors';

export interface AnalysisLimits {
  /** Finished deals' analyses kept in memory (a few KB each). */
  readonly cacheDeals: number;
  /** Analyses computed at once; the rest wait in line. */
  readonly concurrent: number;
  /** Requests that may wait; more are refused as busy. */
  readonly queue: number;
  /** Wall time one analysis may take before it is stopped (checked between positions). */
  readonly budgetMs: number;
}

export const DEFAULT_ANALYSIS_LIMITS: AnalysisLimits = { cacheDeals: 500, concurrent: 1, queue: 16, budgetMs: 30_000 };

/** Too many analyses asked for at once: try again shortly. */
export class AnalysisBusyError extends Error {
  readonly code = 'RATE_LIMITED';
  constructor() {
    super('the analysis queue is full; try again shortly');
    this.name = 'AnalysisBusyError';
  }
}

/** One analysis took longer than its budget and was stopped (nothing is cached). */
export class AnalysisBudgetError extends Error {
  readonly code = 'RATE_LIMITED';
  constructor(ms: number) {
    super(`the analysis took longer than its budget of ${ms} ms and was stopped`);
    this.name = 'AnalysisBudgetError';
  }
}

type Cached = DealAnalysis | BestDiscardAnalysis | BestGameAnalysis | null;

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Per-step verdicts on demand: computed when first asked, cached per deal and revision (a bounded
 * LRU), one computation per deal at a time however many ask, a bounded number at once, each within
 * a time budget, yielding to the event loop between positions so other requests go on meanwhile.
 */
export class DealAnalyses {
  private readonly cache = new Map<string, Cached>();
  private readonly running = new Map<string, Promise<Cached>>();
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly solver = new Solver();
  /** Positions solved and analyses computed (for tests and operators). */
  computed = 0;

  constructor(
    private readonly store: EventStore,
    readonly limits: AnalysisLimits = DEFAULT_ANALYSIS_LIMITS,
  ) {}

  /** The per-step verdicts of a deal. */
  async analysis(dealId: string): Promise<DealAnalysis> {
    return this.cachedJob('steps', dealId, (events, between) => analyseDeal(dealId, events, { solver: this.solver, between }));
  }

  /** R10: the best discard for the declared game (null: no declarer game). One search, not interrupted. */
  async bestDiscard(dealId: string): Promise<BestDiscardAnalysis | null> {
    return this.cachedJob('discard', dealId, async (events, between) => {
      await between();
      return bestDiscardOf(events, this.solver);
    });
  }

  /** R11: the best game for the declarer's twelve cards (null: no declarer game). */
  async bestGame(dealId: string): Promise<BestGameAnalysis | null> {
    return this.cachedJob('game', dealId, async (events, between) => {
      await between();
      return bestGameOf(events, this.solver);
    });
  }

  /** Per-step verdicts of other events than a deal's own stream (a what-if branch), cached under `key`. */
  async analysisOfEvents(key: string, id: string, events: readonly RecordedEvent[]): Promise<DealAnalysis> {
    return this.job(`events\u0000${key}`, events, (evs, between) => analyseDeal(id, evs, { solver: this.solver, between }));
  }

  private async cachedJob<T extends Cached>(kind: string, dealId: string, work: (events: readonly RecordedEvent[], between: () => Promise<void>) => Promise<T>): Promise<T> {
    const read = await this.store.readStream(dealStreamName(dealId));
    if (!read.exists) throw new NotFoundError('deal', dealId);
    return this.job(`${kind}\u0000${dealId}@${read.currentRevision}`, read.events, work);
  }

  private async job<T extends Cached>(key: string, events: readonly RecordedEvent[], work: (events: readonly RecordedEvent[], between: () => Promise<void>) => Promise<T>): Promise<T> {
    if (this.cache.has(key)) {
      const hit = this.cache.get(key) as T;
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const pending = this.running.get(key);
    if (pending) return pending as Promise<T>;
    const job = this.run(async () => {
      const started = Date.now();
      const result = await work(events, async () => {
        await tick();
        if (Date.now() - started > this.limits.budgetMs) throw new AnalysisBudgetError(this.limits.budgetMs);
      });
      this.computed++;
      if (this.limits.cacheDeals > 0) {
        this.cache.set(key, result);
        while (this.cache.size > this.limits.cacheDeals) this.cache.delete(this.cache.keys().next().value as string);
      }
      return result;
    });
    this.running.set(key, job);
    try {
      return await job;
    } finally {
      this.running.delete(key);
    }
  }

  private async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.limits.concurrent) {
      if (this.waiting.length >= this.limits.queue) throw new AnalysisBusyError();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.active++;
    try {
      return await work();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}
