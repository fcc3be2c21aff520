import { Inject } from '@nestjs/common';
import { Args, Context, Int, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { Ledger } from '../../ledger/ledger';
import type { PlayerRating } from '../../projections/ratings/ratings-queries';
import type { ApiContext } from '../context/api-context';
import { badInput } from '../errors/api-error';
import { AS_OF_ARG, AsOfInput, asOfOf } from '../inputs/as-of-input';
import { PlayerStatsType } from '../types/player-stats.type';
import { PlayerRatingType, RatingModelEnum } from '../types/rating.type';

const MAX_FIRST = 100;
const view = (r: PlayerRating): PlayerRatingType => ({ ...r, model: r.model as RatingModelEnum, state: [...r.state] });

/**
 * Ratings (docs/ratings.md): a leaderboard per model and a player's ratings beside his statistics.
 * No deal of a private tournament is rated (the ledger is told them), so every caller sees the
 * same ratings and none tells of a game he may not see.
 */
@Resolver(() => PlayerStatsType)
export class RatingsResolver {
  constructor(@Inject(Ledger) private readonly ledger: Ledger) {}

  @Query(() => [PlayerRatingType], {
    description:
      'The best players under a rating model (its rating, then name), now or as of a moment of the log; deals of private tournaments are rated by no model',
    // An index walk from the top, a row each.
    complexity: ({ args, childComplexity }) => 20 + (typeof args.first === 'number' ? args.first : 20) * (2 + childComplexity),
  })
  async ratings(
    @Context() ctx: ApiContext,
    @Args('model', { type: () => RatingModelEnum, description: 'The model' }) model: RatingModelEnum,
    @Args('first', { type: () => Int, nullable: true, defaultValue: 20, description: `At most this many (1-${MAX_FIRST})` }) first: number,
    @Args('asOf', AS_OF_ARG) asOfInput?: AsOfInput,
  ): Promise<PlayerRatingType[]> {
    if (!Number.isInteger(first) || first < 1 || first > MAX_FIRST) throw badInput(`first must be 1-${MAX_FIRST}`);
    const asOf = asOfOf(asOfInput);
    const list = await ctx.budget.run(async () =>
      asOf ? (await this.ledger.asOf(asOf)).ratings.leaderboard(model, first) : this.ledger.ratings(model, first),
    );
    return list.map(view);
  }

  @ResolveField('ratings', () => [PlayerRatingType], {
    description: 'His rating under every model (docs/ratings.md); as of the moment his statistics are given as of',
    complexity: ({ childComplexity }) => 5 + 4 * childComplexity,
  })
  async playerRatings(@Parent() stats: PlayerStatsType, @Context() ctx: ApiContext): Promise<PlayerRatingType[]> {
    const asOf = stats.asOf;
    const list = await ctx.budget.run(async () =>
      asOf ? (await this.ledger.asOf(asOf)).ratings.player(stats.player) : this.ledger.playerRatings(stats.player),
    );
    return list.map(view);
  }
}
