import type { ReadModelDb } from '../../projections/read-model-db';
import { ratingModel } from '../../projections/ratings/rating-models';
import { playerRatings, ratingLeaderboard, type PlayerRating } from '../../projections/ratings/ratings-queries';
import { InvalidQueryError } from '../../kernel/errors';
import type { RatingModel } from '../../projections/ratings/rating-model';

/**
 * Ratings as every reader sees them: the projections rate no deal of a private tournament
 * (LedgerOptions.privateTournaments), so no rating tells of a game a reader may not see, and the
 * leaderboard leaves nobody out (an absence would tell of his hidden games).
 */
export function ratingsFor(db: ReadModelDb, modelId: string, first: number): PlayerRating[] {
  return ratingLeaderboard(db, checkedModel(modelId, first), first);
}

/** The model of that id, and `first` within bounds; else refused. */
export function checkedModel(modelId: string, first: number): RatingModel {
  const model = ratingModel(modelId);
  if (!model) throw new InvalidQueryError(`no rating model ${JSON.stringify(String(modelId).slice(0, 40))}`);
  if (!Number.isInteger(first) || first < 1 || first > 1000) throw new InvalidQueryError('first is 1-1000');
  return model;
}

export function playerRatingsFor(db: ReadModelDb, player: string): PlayerRating[] {
  return playerRatings(db, player);
}
