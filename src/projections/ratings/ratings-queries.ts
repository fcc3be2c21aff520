import type { ReadModelDb } from '../read-model-db';
import type { RatingModel } from './rating-model';
import { RATING_MODELS } from './rating-models';
import { playerKey, type RatingRow } from './ratings-fold';
import { ratingsTable } from './ratings-projection';

/** A player's rating under one model, as the leaderboard and his statistics show it. */
export interface PlayerRating {
  readonly model: string;
  readonly player: string;
  /** The model's score: Elo's rating, Glicko-2's rating - 2 deviations, the team model's mean - 3 deviations, the DSkV figure per series. */
  readonly rating: number;
  /** The model's state (Elo [rating], Glicko-2 [rating, deviation, volatility], team model [mean, deviation], DSkV [Leistung summed, games]). */
  readonly state: readonly number[];
  readonly games: number;
  readonly declared: number;
  readonly declaredWon: number;
}

export const ratingView = (model: RatingModel, row: Extract<RatingRow, { kind: 'player' }>): PlayerRating => ({
  model: model.id,
  player: row.player,
  rating: model.score(row.state),
  state: row.state,
  games: row.games,
  declared: row.declared,
  declaredWon: row.declaredWon,
});

/** The best `first` players under the model (rating, then name): an index walk from the top. */
export function ratingLeaderboard(db: ReadModelDb, model: RatingModel, first: number): PlayerRating[] {
  const rows = db
    .prepare(`SELECT json FROM ${ratingsTable(model)} WHERE kind = 'player' ORDER BY score DESC, key LIMIT ?`)
    .pluck()
    .all(first) as string[];
  return rows.map((json) => ratingView(model, JSON.parse(json) as Extract<RatingRow, { kind: 'player' }>));
}

/** The player's rating under every model (those he has one under). */
export function playerRatings(db: ReadModelDb, player: string): PlayerRating[] {
  const out: PlayerRating[] = [];
  for (const model of RATING_MODELS) {
    const json = db
      .prepare(`SELECT json FROM ${ratingsTable(model)} WHERE key = ?`)
      .pluck()
      .get(playerKey(player)) as string | undefined;
    if (json !== undefined) out.push(ratingView(model, JSON.parse(json) as Extract<RatingRow, { kind: 'player' }>));
  }
  return out;
}
