/** What a rated game's result gives a model: won or lost, its value, the declarer's list score (R34), the table's size (3 or 4, R35). */
export interface GameOutcome {
  readonly won: boolean;
  readonly gameValue: number;
  /** +value won, -2 x value lost (R30, R31; an overbid loss R32 too). */
  readonly score: number;
  /** Players at the table: 3, or 4 with the dealer sitting out (R3). */
  readonly tableSize: number;
}

/**
 * A rating model (issue 28 item 3): how a declarer's game against the two defenders moves their
 * ratings, and how likely it rates the declarer's win beforehand. Pure numbers in, numbers out:
 * the projection (ratings-projection.ts) folds them over the log, the bench compares their
 * predictions. `advantage` is the declarer's edge every model learns on its own scale (declarers
 * win most games: an edge of zero would predict 50 % for equal players).
 */
export interface RatingModel {
  /** The model's id, as `ratings(model:)` names it. */
  readonly id: string;
  readonly description: string;
  /** A new player's state. */
  initial(): readonly number[];
  /** The probability that the declarer wins, before the game. */
  predict(declarer: readonly number[], defenders: readonly [readonly number[], readonly number[]], advantage: number): number;
  /** The three states after the game (declarer, then the defenders in seat order). */
  update(
    declarer: readonly number[],
    defenders: readonly [readonly number[], readonly number[]],
    game: GameOutcome,
    advantage: number,
  ): readonly [readonly number[], readonly number[], readonly number[]];
  /** How far the edge moves per game towards what happened (on the model's scale). */
  readonly advantageStep: number;
  /** A state's place on the leaderboard (higher is better) and the rating shown. */
  score(state: readonly number[]): number;
}
