import { Inject } from '@nestjs/common';
import { Args, Context, ID, Info, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import type { GraphQLResolveInfo } from 'graphql';
import { Ledger } from '../../ledger/ledger';
import { hiddenTournaments, mayReadDeal, mayReadTournament, type Visibility } from '../../auth/access';
import type { ApiContext } from '../context/api-context';
import { AS_OF_ARG, AsOfInput, asOfOf } from '../inputs/as-of-input';
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
    @Args('asOf', AS_OF_ARG) asOfInput?: AsOfInput,
  ): Promise<ScoreSheetType | null> {
    const id = valid.id(tableId, 'tableId');
    const asOf = asOfOf(asOfInput);
    const sheet = await ctx.budget.run(async () => (asOf ? (await this.ledger.asOf(asOf)).sheets.sheetOf(id) : this.ledger.scoreSheet(id)));
    if (!sheet || !mayReadTournament(ctx.principal, sheet.tournamentId, this.visibility)) return null;
    return scoreSheetView(sheet, asOf);
  }

  @Query(() => StandingsType, { nullable: true, description: 'R35 ranking over all series of a tournament' })
  async standings(
    @Args('tournamentId', { type: () => ID, description: 'The tournament' }) tournamentId: string,
    @Context() ctx: ApiContext,
    @Args('asOf', AS_OF_ARG) asOfInput?: AsOfInput,
  ): Promise<StandingsType | null> {
    valid.id(tournamentId, 'tournamentId');
    const asOf = asOfOf(asOfInput);
    if (!mayReadTournament(ctx.principal, tournamentId, this.visibility)) return null;
    const standings = await ctx.budget.run(async () =>
      asOf ? (await this.ledger.asOf(asOf)).sheets.standingsOf(tournamentId) : this.ledger.standings(tournamentId),
    );
    return standings ? standingsView(standings) : null;
  }

  @Query(() => PlayerStatsType, { nullable: true, description: "A player's statistics over the deals he played; null when he played none" })
  async playerStats(
    @Args('player', { description: "The player's name" }) player: string,
    @Context() ctx: ApiContext,
    @Info() info: GraphQLResolveInfo,
    @Args('asOf', AS_OF_ARG) asOfInput?: AsOfInput,
  ): Promise<PlayerStatsType | null> {
    // Without seegerFabianPerSeries the statistics read the player's counters only (no sheet).
    const series = selectsField(info, 'seegerFabianPerSeries');
    const name = valid.name(player, 'player');
    const asOf = asOfOf(asOfInput);
    const options = { hiddenTournaments: hiddenTournaments(ctx.principal, this.visibility), series };
    const stats = await ctx.budget.run(async () =>
      asOf ? (await this.ledger.asOf(asOf)).sheets.playerStats(name, options) : this.ledger.playerStats(name, options),
    );
    return stats ? { ...playerStatsView(stats), ...(asOf ? { asOf } : {}) } : null;
  }
}

@Resolver(() => ScoreSheetRowType)
export class ScoreSheetRowResolver {
  constructor(
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(API_VISIBILITY) private readonly visibility: Visibility,
  ) {}

  /** Batched through the request's deal loader: a sheet of 36 rows reads the summaries once. */
  @ResolveField(() => DealType, { nullable: true, description: 'The deal of this row; null when the caller may not see it' })
  async deal(@Parent() row: ScoreSheetRowType, @Context() ctx: ApiContext): Promise<DealType | null> {
    // A row of a sheet as of a moment: its deal as of the same moment.
    const asOf = row.asOf;
    const deal = asOf ? await ctx.budget.run(async () => (await this.ledger.asOf(asOf)).sheets.deal(row.dealId)) : await ctx.deals.load(row.dealId);
    return deal && mayReadDeal(ctx.principal, deal, this.visibility) ? { ...dealView(deal), ...(asOf ? { asOf } : {}) } : null;
  }
}
