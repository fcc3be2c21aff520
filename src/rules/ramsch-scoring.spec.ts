import { scoreRamsch } from './ramsch-scoring';

describe('Ramsch scoring (R42)', () => {
  it('R42 the player with most card points loses them', () => {
    const r = scoreRamsch({ points: [30, 52, 38], tricks: [3, 4, 3] });
    expect(r.seatScores).toEqual([0, -52, 0]);
    expect(r.losers).toEqual([1]);
  });

  it("R42 a Jungfrau (no trick) doubles the loser's minus", () => {
    const r = scoreRamsch({ points: [0, 70, 50], tricks: [0, 6, 4] });
    expect(r.seatScores).toEqual([0, -140, 0]);
    expect(r.jungfrau).toEqual([0]);
    expect(r.derivation.map((l) => l.text).join(' | ')).toMatch(/Jungfrau: forehand took no trick: the minus × 2/);
  });

  it('R42 Durchmarsch: all tricks score +120 and nobody loses', () => {
    const r = scoreRamsch({ points: [0, 120, 0], tricks: [0, 10, 0] });
    expect(r.seatScores).toEqual([0, 120, 0]);
    expect(r.durchmarsch).toBe(1);
  });

  it('R42 players tied on the most points all lose them', () => {
    expect(scoreRamsch({ points: [45, 45, 30], tricks: [4, 3, 3] }).seatScores).toEqual([-45, -45, 0]);
  });

  it('R42 refuses points that do not add up to 120 or tricks to 10', () => {
    expect(() => scoreRamsch({ points: [30, 50, 30], tricks: [3, 4, 3] })).toThrow(/^R42: .*add up to 120/);
    expect(() => scoreRamsch({ points: [30, 52, 38], tricks: [3, 4, 2] })).toThrow(/^R42: .*add up to 10/);
  });
});
