import type { ReadModelDb } from '../../projections/read-model-db';
import { ratingModel } from '../../projections/ratings/rating-models';
import { playerRatings, ratingLeaderboard, type PlayerRating } from '../../projections/ratings/ratings-queries';
import { InvalidQueryError } from '../../kernel/errors';
import { DEAL_SUMMARY_TABLE } from '../../projections/deal-summary/deal-summary-projection';

/**
 * Ratings as a reader may see them: a rating folds every game of the player, those of private
 * tournaments too, so for a reader who may not see some tournament a player with a deal in one of
 * them has no rating shown (his rating would tell of those games).
 */
/** The players of the deals of these tournaments (through the tournament index: one read of their deals, whatever the leaderboard's length). */
function playersIn(db: ReadModelDb, tournaments: readonly string[]): Set<string> {
  if (tournaments.length === 0) return new Set();
  const rows = db
    .prepare(`SELECT p0, p1, p2 FROM ${DEAL_SUMMARY_TABLE} WHERE tournament_id IN (${tournaments.map(() => '?').join(', ')})`)
    .raw()
    .all(...tournaments) as string[][];
  return new Set(rows.flat());
}

export function ratingsFor(db: ReadModelDb, modelId: string, first: number, hiddenTournaments: readonly string[]): PlayerRating[] {
  const model = ratingModel(modelId);
  if (!model) throw new InvalidQueryError(`no rating model ${JSON.stringify(modelId.slice(0, 40))}`);
  if (!Number.isInteger(first) || first < 1 || first > 1000) throw new InvalidQueryError('first is 1-1000');
  const hidden = playersIn(db, hiddenTournaments);
  return ratingLeaderboard(db, model, first, (player) => hidden.has(player));
}

export function playerRatingsFor(db: ReadModelDb, player: string, hiddenTournaments: readonly string[]): PlayerRating[] {
  return playersIn(db, hiddenTournaments).has(player) ? [] : playerRatings(db, player);
}
