import { Inject } from '@nestjs/common';
import { Context, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { Ledger } from '../../ledger/ledger';
import type { DealSummary } from '../../projections/dealSummary/dealSummary';
import type { Visibility } from '../../auth/access';
import type { ApiContext } from '../context/apiContext';
import { forbidden } from '../errors/apiError';
import { analysisView, bestDiscardView, bestGameView } from '../mapping/analysisView';
import { BestDiscardType, BestGameType } from '../types/afterTheFact.type';
import { API_VISIBILITY } from '../../settings/tokens';
import { DealAnalysisType } from '../types/analysis.type';
import { DealType } from '../types/deal.type';
import { readableDeal } from './dealAccess';

/**
 * What a solve costs in the complexity model: a deal's analysis is many full searches (seconds of
 * CPU when not cached), so one query may ask for a handful at most (the default limit is 5,000).
 */
export const ANALYSIS_COMPLEXITY = 1000;

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
    description: 'Perfect-information verdicts for every position of the card play, with every alternative and the turning points (computed on demand, cached per deal; CPU-heavy, so it costs 1,000 in the query cost limit)',
    complexity: ANALYSIS_COMPLEXITY,
  })
  async analysis(@Parent() deal: DealType, @Context() ctx: ApiContext): Promise<DealAnalysisType> {
    const readable = await analysableDeal(ctx, deal.id, this.visibility);
    return analysisView(await this.ledger.analyses.analysis(readable.dealId));
  }

  @ResolveField(() => BestDiscardType, {
    nullable: true,
    description: 'After the fact: the best of all 66 discards for the game declared, with every card open (null without a declarer game; CPU-heavy, costs 1,000)',
    complexity: ANALYSIS_COMPLEXITY,
  })
  async bestDiscard(@Parent() deal: DealType, @Context() ctx: ApiContext): Promise<BestDiscardType | null> {
    const readable = await analysableDeal(ctx, deal.id, this.visibility);
    const b = await this.ledger.analyses.bestDiscard(readable.dealId);
    return b ? bestDiscardView(b) : null;
  }

  @ResolveField(() => BestGameType, {
    nullable: true,
    description: "After the fact: each declarable game for the declarer's twelve cards with a winning discard, won/lost and value against the bid (null without a declarer game; CPU-heavy, costs 1,000)",
    complexity: ANALYSIS_COMPLEXITY,
  })
  async bestGame(@Parent() deal: DealType, @Context() ctx: ApiContext): Promise<BestGameType | null> {
    const readable = await analysableDeal(ctx, deal.id, this.visibility);
    const b = await this.ledger.analyses.bestGame(readable.dealId);
    return b ? bestGameView(b) : null;
  }
}
