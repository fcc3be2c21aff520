import type { RatingModel } from './rating-model';

/** A series at a 3-player table (R36): the figure is a player's Leistung per this many of his rated games. */
const SERIES_GAMES = 36;
/** Seeger-Fabian's points (R35): 50 per own game won less per own game lost, 40 (3-table) or 30 (4-table) per opponent's lost game. */
const WON_LOST = 50;
const DEFENDER_3 = 40;
const DEFENDER_4 = 30;
/** The figure's spread for a prediction: a 600-point lead in Leistung per series is e (2.7) times the odds. */
const SCALE = 600;

/** The figure shown: the Leistung per series of 36 games, over at least one series (fewer games count as one series). */
const figure = (s: readonly number[]): number => (SERIES_GAMES * s[0]) / Math.max(SERIES_GAMES, s[1]);

/**
 * The DSkV/ISPA performance figure ("Leistung", Seeger-Fabian, R35) per series: each rated game
 * adds to the declarer his list score (R34: + value won, - 2 x value lost) and 50 for a win or -50
 * for a loss, and to each defender 40 when the declarer lost (30 at a 4-player table). The state
 * is [Leistung summed, rated games]; the figure is that sum per 36 games (one 3-table series,
 * R36), over at least one series. It learns no skill: it totals the sheet's points, so it is the
 * figure the DSkV ranks by, put beside the models in the bench. Its prediction: the logistic of
 * the declarer's figure less the defenders' mean (600 points per unit of log-odds) plus the edge.
 */
export const dskvModel: RatingModel = {
  id: 'dskv',
  description: 'The DSkV performance figure (Seeger-Fabian Leistung, R35) per 36-game series',
  initial: () => [0, 0],
  predict: (d, defenders, advantage) => 1 / (1 + Math.exp(-((figure(d) - (figure(defenders[0]) + figure(defenders[1])) / 2) / SCALE + advantage))),
  update(d, defenders, game) {
    const declarer = [d[0] + game.score + (game.won ? WON_LOST : -WON_LOST), d[1] + 1];
    const bonus = game.won ? 0 : game.tableSize >= 4 ? DEFENDER_4 : DEFENDER_3;
    return [declarer, [defenders[0][0] + bonus, defenders[0][1] + 1], [defenders[1][0] + bonus, defenders[1][1] + 1]];
  },
  advantageStep: 0.05,
  score: figure,
};
