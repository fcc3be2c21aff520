import type { GameResult } from '../rules/game-result';
import { PASSED_IN_RESULT } from '../rules/game-end';
import { correctedView, resultView } from './result-view';

// Clubs with 2, won by middlehand: 36 (R26-R30).
const won: GameResult = {
  ...PASSED_IN_RESULT,
  kind: 'scored',
  passedIn: false,
  declarer: 1,
  declaration: { gameType: 'clubs', hand: false, ouvert: false, schneiderAnnounced: false, schwarzAnnounced: false },
  bid: 18,
  won: true,
  gameValue: 36,
  score: 36,
  seatScores: [0, 36, 0],
  matadors: 2,
  declarerPoints: 75,
  declarerTricks: 6,
  derivation: [{ ruleId: 'R30', text: 'won: +36' }],
};
const correction = { correctsEventId: 'e9', previousScore: 36, correctedScore: -72, won: false, reason: 'recount', arbiter: 'Ulla' };

describe('the result view of a deal (one fold for summary and API)', () => {
  it('shows the engine result as it was derived, uncorrected', () => {
    expect(resultView(won)).toMatchObject({
      status: 'scored',
      declarer: 1,
      gameType: 'clubs',
      score: 36,
      originalScore: null,
      corrected: false,
      seatScores: [0, 36, 0],
    });
  });
  it("R34: a score correction changes the declarer's entry and keeps the engine's score as the original, with its line in the derivation", () => {
    const v = correctedView(resultView(won), correction);
    expect(v).toMatchObject({ score: -72, won: false, originalScore: 36, corrected: true, correctedBy: 'Ulla', seatScores: [0, -72, 0] });
    expect(v.derivation.map((d) => d.ruleId)).toEqual(['R30', 'R34']);
    // A second correction still names the engine's score as the original.
    expect(correctedView(v, { ...correction, previousScore: -72, correctedScore: 36, won: true })).toMatchObject({ score: 36, originalScore: 36, won: true });
  });
  it('R34: corrected facts bring the whole corrected result (a passed-in deal the list got wrong becomes a game)', () => {
    const v = correctedView(resultView(PASSED_IN_RESULT), { ...correction, previousScore: null, correctedScore: 36, won: true, result: won });
    // The passed-in deal had no score: none is named as the original.
    expect(v).toMatchObject({ status: 'scored', declarer: 1, score: 36, originalScore: null, corrected: true, seatScores: [0, 36, 0] });
    expect(v.derivation.map((d) => d.ruleId)).toEqual(['R8', 'R34', 'R30']);
  });
});
