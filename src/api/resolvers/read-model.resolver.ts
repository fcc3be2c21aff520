import { Inject } from '@nestjs/common';
import { Args, Context, ID, Info, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import type { GraphQLResolveInfo } from 'graphql';
import { Ledger } from '../../ledger/ledger';
import { hiddenTournaments, mayReadDeal, mayReadTournament, type Visibility } from '../../auth/access';
import type { ApiContext } from '../context/api-context';
import * as valid from '../inputs/validate';
import { dealView } from '../mapping/deal-view';
import { selectsField } from '../mapping/selects-field';
import { playerStatsView, scoreSheetView, standingsView } from '../mapping/read-model-views';
import { DealType } from '../types/deal.type';
import { PlayerStatsType } from '../types/player-stats.type';
import { ScoreSheetRowType, ScoreSheetType } from '../types/score-sheet.type';
import { StandingsType } from '../types/standings.type';
import { API_VISIBILITY } from '../../settings/tokens';

@Resolver()
export class ReadModelResolver {
  constructor(
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(API_VISIBILITY) private readonly visibility: Visibility,
  ) {}

  @Query(() => ScoreSheetType, { nullable: true, description: "A table's list with Seeger-Fabian totals; ISS series: iss-series-<SE>" })
  async scoreSheet(
    @Args('tableId', { type: () => ID, description: 'The table (series)' }) tableId: string,
    @Context() ctx: ApiContext,
  ): Promise<ScoreSheetType | null> {
    const sheet = await ctx.budget.run(() => this.ledger.scoreSheet(valid.id(tableId, 'tableId')));
    if (!sheet || !mayReadTournament(ctx.principal, sheet.tournamentId, this.visibility)) return null;
    return scoreSheetView(sheet);
  }

  @Query(() => StandingsType, { nullable: true, description: 'R35 ranking over all series of a tournament' })
  async standings(
    @Args('tournamentId', { type: () => ID, description: 'The tournament' }) tournamentId: string,
    @Context() ctx: ApiContext,
  ): Promise<StandingsType | null> {
    valid.id(tournamentId, 'tournamentId');
    if (!mayReadTournament(ctx.principal, tournamentId, this.visibility)) return null;
    const standings = await ctx.budget.run(() => this.ledger.standings(tournamentId));
    return standings ? standingsView(standings) : null;
  }

  @Query(() => PlayerStatsType, { nullable: true, description: "A player's statistics over the deals he played; null when he played none" })
  async playerStats(
    @Args('player', { description: "The player's name" }) player: string,
    @Context() ctx: ApiContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<PlayerStatsType | null> {
    // Without seegerFabianPerSeries the statistics read the player's counters only (no sheet).
    const series = selectsField(info, 'seegerFabianPerSeries');
    const stats = await ctx.budget.run(() =>
      this.ledger.playerStats(valid.name(player, 'player'), { hiddenTournaments: hiddenTournaments(ctx.principal, this.visibility), series }),
    );
    return stats ? playerStatsView(stats) : null;
  }
}

@Resolver(() => ScoreSheetRowType)
export class ScoreSheetRowResolver {
  constructor(@Inject(API_VISIBILITY) private readonly visibility: Visibility) {}

  /** Batched through the request's deal loader: a sheet of 36 rows reads the summaries once. */
  @ResolveField(() => DealType, { nullable: true, description: 'The deal of this row; null when the caller may not see it' })
  async deal(@Parent() row: ScoreSheetRowType, @Context() ctx: ApiContext): Promise<DealType | null> {
    const deal = await ctx.deals.load(row.dealId);
    return deal && mayReadDeal(ctx.principal, deal, this.visibility) ? dealView(deal) : null;
  }
}
