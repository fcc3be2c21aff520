import type { SheetDeal } from '../../rules/score-sheet';
import { seatSeriesSeeger } from './seat-series-seeger';

const deal = (seatPlayers: [string, string, string], declarer: number | null, won: boolean | null, score: number): SheetDeal => {
  const seatScores: [number, number, number] = [0, 0, 0];
  if (declarer !== null) seatScores[declarer] = score;
  return { seatPlayers, dealer: seatPlayers[2], result: { kind: declarer === null ? 'passedIn' : 'scored', declarer, won, score, seatScores } } as SheetDeal;
};

describe('Seeger-Fabian of an imported series whose accounts changed (R35, three seats)', () => {
  const players = ['A', 'B', 'C', 'D'];
  // Deals 1-2 by A, B, C (R37: C deals, then A); from deal 3 D holds the seat C held.
  const deals = [
    deal(['A', 'B', 'C'], 0, false, -48),
    deal(['B', 'C', 'A'], null, null, 0),
    deal(['D', 'A', 'B'], 0, true, 24),
    deal(['A', 'B', 'D'], 2, false, -60),
  ];

  it('R35: each stretch is a 3-table (40 per opponent loss, 50 per won/lost game, fee 0.50); lines add up per player', () => {
    const { sf, fees } = seatSeriesSeeger(players, deals);
    const by = (p: string) => sf.players.find((l) => l.player === p)!;
    expect(by('A')).toMatchObject({ gamePoints: -48, won: 0, lost: 1, opponentLosses: 1, bonus: 40, performance: -48 - 50 + 40 });
    expect(by('B')).toMatchObject({ gamePoints: 0, opponentLosses: 2, bonus: 80, performance: 80 });
    expect(by('C')).toMatchObject({ gamePoints: 0, opponentLosses: 1, bonus: 40, performance: 40 });
    expect(by('D')).toMatchObject({ gamePoints: 24 - 60, won: 1, lost: 1, opponentLosses: 0, performance: -36 });
    expect(sf.players.map((l) => [l.player, l.rank])).toEqual([
      ['B', 1],
      ['C', 2],
      ['D', 3],
      ['A', 4],
    ]);
    expect(fees.players).toEqual([
      { player: 'A', lostGames: 1, feeCents: 50 },
      { player: 'B', lostGames: 0, feeCents: 0 },
      { player: 'C', lostGames: 0, feeCents: 0 },
      { player: 'D', lostGames: 1, feeCents: 50 },
    ]);
    expect(sf.derivation.some((d) => d.text.startsWith('deals 3-4 (D, A, B): deal 2: D lost'))).toBe(true);
  });

  it('R37 still holds inside a stretch: a dealer out of turn is named as a problem at its deal, the stretch still scored', () => {
    const r = seatSeriesSeeger(players, [deals[0], deal(['C', 'A', 'B'], null, null, 0)]);
    expect(r.problems).toEqual([expect.objectContaining({ index: 1, ruleId: 'R37' })]);
    expect(r.sf.players.length).toBe(players.length);
  });
});
