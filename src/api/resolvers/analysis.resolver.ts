import { Inject } from '@nestjs/common';
import { Args, Context, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { Ledger } from '../../ledger/ledger';
import type { DealSummary } from '../../projections/deal-summary/deal-summary';
import type { Visibility } from '../../auth/access';
import type { ApiContext } from '../context/api-context';
import { forbidden } from '../errors/api-error';
import { analysisView, bestDiscardView, bestGameView } from '../mapping/analysis-view';
import { BestDiscardType, BestGameType } from '../types/after-the-fact.type';
import { API_VISIBILITY } from '../../settings/tokens';
import { DealAnalysisType } from '../types/analysis.type';
import { DealType } from '../types/deal.type';
import { readableDeal } from './deal-access';
import { solverCall } from './solver-call';
import { SolverJobKindEnum, SolverJobStateEnum, SolverProgressType } from '../types/solver-progress.type';

/**
 * What a solver field costs the server's main thread in the complexity model (units of ~12 µs):
 * reading the deal's events, the cache lookup, mapping and writing out the answer (84 aliases of
 * one computed analysis with its steps and alternatives: 32-37 ms of CPU on a quiet machine, up to
 * 83 ms under load, ≈ 1 ms apiece: 80 units keeps the most the limit admits near 60 ms there). The
 * search itself runs in a solver worker thread, never on the event loop; how many searches one
 * request may start is the solver-job quota (SolverJobQuota), not this cost.
 */
export const ANALYSIS_COMPLEXITY = 80;

/**
 * The analysis uses every hand. Finished deals: whoever may read the deal. Live deals: only admins
 * and arbiters; not the table's recorder, who may be sitting at the table, nor the players.
 */
export async function analysableDeal(ctx: ApiContext, dealId: string, v: Visibility): Promise<DealSummary> {
  const deal = await readableDeal(ctx, dealId, v);
  const role = ctx.principal.role;
  if (deal.status === 'inProgress' && role !== 'admin' && role !== 'arbiter')
    throw forbidden('the analysis of a live deal uses every hand; it opens when the deal ends (admins and arbiters may see it before)');
  return deal;
}

@Resolver(() => DealType)
export class DealAnalysisResolver {
  constructor(
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(API_VISIBILITY) private readonly visibility: Visibility,
  ) {}

  @ResolveField(() => DealAnalysisType, {
    description:
      'Perfect-information verdicts for every position of the card play, with every alternative and the turning points (computed on demand in a solver worker thread, cached per deal and revision; a request may start at most a few such computations, anonymous callers one)',
    complexity: ANALYSIS_COMPLEXITY,
  })
  async analysis(@Parent() deal: DealType, @Context() ctx: ApiContext): Promise<DealAnalysisType> {
    const readable = await analysableDeal(ctx, deal.id, this.visibility);
    return analysisView(await solverCall(ctx, (wait) => this.ledger.analyses.analysis(readable.dealId, wait)));
  }

  @ResolveField(() => BestDiscardType, {
    nullable: true,
    description:
      'After the fact: the best of all 66 discards for the game declared, with every card open (null without a declarer game; computed in a solver worker thread, cached per deal and revision)',
    complexity: ANALYSIS_COMPLEXITY,
  })
  async bestDiscard(@Parent() deal: DealType, @Context() ctx: ApiContext): Promise<BestDiscardType | null> {
    const readable = await analysableDeal(ctx, deal.id, this.visibility);
    const b = await solverCall(ctx, (wait) => this.ledger.analyses.bestDiscard(readable.dealId, wait));
    return b ? bestDiscardView(b) : null;
  }

  @ResolveField(() => BestGameType, {
    nullable: true,
    description:
      "After the fact: each declarable game for the declarer's twelve cards with a winning discard, won/lost and value against the bid (null without a declarer game; computed in a solver worker thread, cached per deal and revision)",
    complexity: ANALYSIS_COMPLEXITY,
  })
  async bestGame(@Parent() deal: DealType, @Context() ctx: ApiContext): Promise<BestGameType | null> {
    const readable = await analysableDeal(ctx, deal.id, this.visibility);
    const b = await solverCall(ctx, (wait) => this.ledger.analyses.bestGame(readable.dealId, wait));
    return b ? bestGameView(b) : null;
  }

  @ResolveField(() => SolverProgressType, {
    description:
      "Where the computation of this deal's analysis (or bestDiscard, bestGame) stands: not started, queued (jobs ahead), running (CPU time and search positions so far) or done; starts nothing, so it can be asked while another request waits for the result",
    complexity: ANALYSIS_COMPLEXITY,
  })
  async analysisProgress(
    @Parent() deal: DealType,
    @Context() ctx: ApiContext,
    @Args('kind', { type: () => SolverJobKindEnum, defaultValue: SolverJobKindEnum.STEPS, description: 'Which result' }) kind: SolverJobKindEnum,
  ): Promise<SolverProgressType> {
    const readable = await analysableDeal(ctx, deal.id, this.visibility);
    // Progress changes with no write to bump the response cache: never answered from it.
    ctx.noStore = true;
    const p = await this.ledger.analyses.progress(readable.dealId, kind);
    const state = {
      notStarted: SolverJobStateEnum.NOT_STARTED,
      queued: SolverJobStateEnum.QUEUED,
      running: SolverJobStateEnum.RUNNING,
      done: SolverJobStateEnum.DONE,
    }[p.state];
    return {
      state,
      jobsAhead: p.state === 'queued' ? p.jobsAhead : null,
      waitedMs: p.state === 'queued' || p.state === 'running' ? p.waitedMs : null,
      ranMs: p.state === 'running' ? p.ranMs : null,
      cpuMs: p.state === 'running' ? p.cpuMs : null,
      nodes: p.state === 'running' ? p.nodes : null,
      cpuLimitMs: this.ledger.analyses.limits.jobCpuMs,
    };
  }
}
