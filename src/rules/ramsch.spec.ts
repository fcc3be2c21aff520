import { ALL_CARDS, type Card } from './card';
import type { CompletedTrick } from './game-state';
import { ramschResult, ramschTally } from './ramsch';
import type { Seat } from './seat';
import { trickPoints } from './trick';

/** Ten tricks of real cards (the whole deck but `skat`), trick i taken by winners[i]. */
function tricks(winners: Seat[], skat: Card[]): CompletedTrick[] {
  const rest = ALL_CARDS.filter((c) => !skat.includes(c));
  return winners.map((winner, i) => {
    const cards = rest.slice(i * 3, i * 3 + 3);
    return { leader: winner, winner, points: trickPoints(cards), cards: cards.map((card, k) => ({ seat: k as Seat, card })) };
  });
}

describe('Ramsch play', () => {
  it('R42: the skat goes to the winner of the last trick', () => {
    const t = tricks([0, 1, 2, 0, 1, 2, 0, 1, 2, 1], ['CA', 'C7']);
    const tally = ramschTally(t, ['CA', 'C7']);
    expect(tally.points.reduce((a, b) => a + b, 0)).toBe(120);
    expect(tally.tricks).toEqual([3, 4, 3]);
    const withoutSkat = t.filter((x) => x.winner === 1).reduce((a, x) => a + x.points, 0);
    expect(tally.points[1]).toBe(withoutSkat + 11);
  });

  it('R42: the player with the most points loses them; a Jungfrau doubles it', () => {
    const r = ramschResult(tricks([0, 0, 0, 1, 1, 1, 1, 0, 0, 0], ['C7', 'C8']), ['C7', 'C8']);
    expect(r.kind).toBe('ramsch');
    expect(r.declarer).toBeNull();
    const loser = r.seatScores.findIndex((v) => v < 0);
    expect(loser).toBeGreaterThanOrEqual(0);
    expect(r.seatScores[2]).toBe(0); // rearhand took no trick: Jungfrau
    expect(r.derivation.some((l) => l.text.includes('Jungfrau'))).toBe(true);
  });

  it('R42: taking every trick (Durchmarsch) scores +120', () => {
    const r = ramschResult(tricks([2, 2, 2, 2, 2, 2, 2, 2, 2, 2], ['C7', 'C8']), ['C7', 'C8']);
    expect(r.seatScores).toEqual([0, 0, 120]);
  });
});
