import type { RatingModel } from './rating-model';

/** Glickman's constants: the Glicko scale factor, the volatility's constraint, a new player's deviation and volatility. */
const SCALE = 173.7178;
const TAU = 0.5;
const NEW_RD = 350;
const NEW_VOLATILITY = 0.06;

const g = (phi: number): number => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const e = (mu: number, muJ: number, phiJ: number): number => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));

/** One player's Glicko-2 step after one game against one opponent (on the Glicko-2 scale), per Glickman (2012), steps 3-8. */
function step([r, rd, sigma]: readonly number[], muJ: number, phiJ: number, s: number): number[] {
  const mu = (r - 1500) / SCALE;
  const phi = rd / SCALE;
  const gJ = g(phiJ);
  const eJ = e(mu, muJ, phiJ);
  const v = 1 / (gJ * gJ * eJ * (1 - eJ));
  const delta = v * gJ * (s - eJ);
  // The new volatility: the root of f by the Illinois method (step 5).
  const a = Math.log(sigma * sigma);
  const f = (x: number) => (Math.exp(x) * (delta * delta - phi * phi - v - Math.exp(x))) / (2 * (phi * phi + v + Math.exp(x)) ** 2) - (x - a) / (TAU * TAU);
  let A = a;
  let B: number;
  if (delta * delta > phi * phi + v) B = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * TAU) < 0 && k < 100) k++;
    B = a - k * TAU;
  }
  let fA = f(A);
  let fB = f(B);
  for (let i = 0; i < 100 && Math.abs(B - A) > 1e-6; i++) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else fA /= 2;
    B = C;
    fB = fC;
  }
  const sigmaNew = Math.exp(A / 2);
  const phiStar = Math.sqrt(phi * phi + sigmaNew * sigmaNew);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * gJ * (s - eJ);
  return [1500 + SCALE * muNew, SCALE * phiNew, sigmaNew];
}

/** The defenders as one opponent: their mean rating and the root mean square of their deviations (Glicko-2 scale). */
function pair(defenders: readonly [readonly number[], readonly number[]], advantage: number): [number, number] {
  const mu = ((defenders[0][0] + defenders[1][0]) / 2 - 1500 - advantage) / SCALE;
  const phi = Math.sqrt((defenders[0][1] ** 2 + defenders[1][1] ** 2) / 2) / SCALE;
  return [mu, phi];
}

/**
 * Glicko-2, each game a rating period of one game: the declarer against the defenders as one
 * opponent (mean rating, pooled deviation), each defender against the declarer. State [rating,
 * deviation, volatility]; the leaderboard shows rating - 2 deviations (a cautious estimate).
 */
export const glicko2Model: RatingModel = {
  id: 'glicko2',
  description: 'Glicko-2, one game per rating period: the declarer against the defenders as one opponent (tau 0.5)',
  initial: () => [1500, NEW_RD, NEW_VOLATILITY],
  predict(d, defenders, advantage) {
    const [muJ, phiJ] = pair(defenders, advantage);
    return e((d[0] - 1500) / SCALE, muJ, phiJ);
  },
  update(d, defenders, game, advantage) {
    const s = game.won ? 1 : 0;
    const [muJ, phiJ] = pair(defenders, advantage);
    const declarer = step(d, muJ, phiJ, s);
    const versus = [(d[0] + advantage - 1500) / SCALE, d[1] / SCALE] as const;
    return [declarer, step(defenders[0], versus[0], versus[1], 1 - s), step(defenders[1], versus[0], versus[1], 1 - s)];
  },
  advantageStep: 4,
  score: (s) => s[0] - 2 * s[1],
};
