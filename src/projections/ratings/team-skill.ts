import type { RatingModel } from './rating-model';

/** TrueSkill's defaults: a new player's mean and deviation, the performance spread, the dynamics (drift per game). */
const MU = 25;
const SIGMA = 25 / 3;
const BETA = SIGMA / 2;
const TAU = SIGMA / 100;

const density = (t: number): number => Math.exp((-t * t) / 2) / Math.sqrt(2 * Math.PI);
/** The standard normal distribution function (Abramowitz-Stegun 7.1.26 through erf). */
function cdf(t: number): number {
  const x = Math.abs(t) / Math.SQRT2;
  const k = 1 / (1 + 0.3275911 * x);
  const erf = 1 - ((((1.061405429 * k - 1.453152027) * k + 1.421413741) * k - 0.284496736) * k + 0.254829592) * k * Math.exp(-x * x);
  return t >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** The declarer's performance less the defenders' (each defender half of their side), its spread c, and the variances with drift. */
function contest(d: readonly number[], defenders: readonly [readonly number[], readonly number[]], advantage: number) {
  const vd = d[1] ** 2 + TAU ** 2;
  const v1 = defenders[0][1] ** 2 + TAU ** 2;
  const v2 = defenders[1][1] ** 2 + TAU ** 2;
  const c = Math.sqrt(2 * BETA * BETA + vd + (v1 + v2) / 4);
  const t = (d[0] + advantage - (defenders[0][0] + defenders[1][0]) / 2) / c;
  return { vd, v1, v2, c, t };
}

/**
 * A TrueSkill-style team model (Herbrich, Minka, Graepel 2006, without draws): the declarer's side
 * against the defenders' side, whose performance is the mean of the two defenders'; a win moves
 * each mean by its share of the surprise and narrows each deviation. State [mean, deviation];
 * the leaderboard shows mean - 3 deviations (TrueSkill's conservative skill).
 */
export const teamSkillModel: RatingModel = {
  id: 'team-skill',
  description: 'TrueSkill-style team model without draws: the declarer against the defenders (the mean of their skills)',
  initial: () => [MU, SIGMA],
  predict: (d, defenders, advantage) => cdf(contest(d, defenders, advantage).t),
  update(d, defenders, game, advantage) {
    const { vd, v1, v2, c, t } = contest(d, defenders, advantage);
    const sign = game.won ? 1 : -1;
    const ts = sign * t;
    const v = density(ts) / Math.max(1e-12, cdf(ts));
    const w = v * (v + ts);
    const moved = (mean: number, variance: number, share: number, dir: number): number[] => [
      mean + dir * sign * ((share * variance) / c) * v,
      Math.sqrt(Math.max(1e-6, variance * (1 - ((share * share * variance) / (c * c)) * w))),
    ];
    return [moved(d[0], vd, 1, 1), moved(defenders[0][0], v1, 0.5, -1), moved(defenders[1][0], v2, 0.5, -1)];
  },
  advantageStep: 0.05,
  score: (s) => s[0] - 3 * s[1],
};
