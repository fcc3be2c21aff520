import type { RatingModel } from './rating-model';

const K = 16;
/** About the mean game value of a scored game: a weighted game of this value moves as far as an unweighted one. */
const MEAN_VALUE = 40;

const expected = (declarer: number, defenders: readonly [readonly number[], readonly number[]], advantage: number): number =>
  1 / (1 + 10 ** ((defenders[0][0] / 2 + defenders[1][0] / 2 - declarer - advantage) / 400));

/**
 * Elo for the declarer against the two defenders (their mean rating): the declarer gains what
 * both defenders lose, each half. `weighted`: the step scales with the game's value (a grand
 * moves further than a diamonds game), capped at four times.
 */
export function eloModel(weighted: boolean): RatingModel {
  return {
    id: weighted ? 'elo-weighted' : 'elo',
    description: weighted
      ? 'Elo, declarer against the defenders, each step weighted by the game value (K = 16 at a value of 40, at most 64)'
      : 'Elo, declarer against the defenders (K = 16)',
    initial: () => [1500],
    predict: (d, defenders, advantage) => expected(d[0], defenders, advantage),
    update(d, defenders, game, advantage) {
      const k = weighted ? Math.min(4 * K, (K * Math.max(1, game.gameValue)) / MEAN_VALUE) : K;
      const delta = k * ((game.won ? 1 : 0) - expected(d[0], defenders, advantage));
      return [[d[0] + delta], [defenders[0][0] - delta / 2], [defenders[1][0] - delta / 2]];
    },
    advantageStep: 4,
    score: (s) => s[0],
  };
}
