import { SUITS, type Card } from '../rules/card';
import type { Seat } from '../rules/seat';
import { getProfile } from '../rules/variant';
import { randomDeal, seededRandom } from '../../test/iss/random-games';
import { bestDiscard, discardsOf, positionAfterDiscard, type DiscardProblem } from './best-discard';
import { bestGame } from './best-game';
import { gameVerdict } from './game-verdict';
import { solveNull, solveValue } from './solve';
import { Solver } from './solver';

/** Small discard problems (the declarer holds 6 cards, the defenders 4 each) from random deals; `twelve`: his dealt cards and the skat. */
function problems(n: number, game: DiscardProblem['game']): Array<DiscardProblem & { twelve: Card[] }> {
  const rand = seededRandom(1510 + n);
  return Array.from({ length: n }, () => {
    const d = randomDeal(rand);
    const declarer = Math.floor(rand() * 3) as Seat;
    const hands = d.hands.map((h, s) => (s === declarer ? [...h.slice(0, 4), ...d.skat] : h.slice(0, 4))) as [Card[], Card[], Card[]];
    return { game, ...(game === 'suit' ? { trump: SUITS[Math.floor(rand() * 4)] } : {}), declarer, hands, twelve: [...d.hands[declarer], ...d.skat] };
  });
}

describe('best discard (R10) with every card open', () => {
  const solver = new Solver({ ttBits: 14 });

  it('suit/grand: the best found by bounds has the highest exact value of all discards, skat points counted (R22)', () => {
    for (const game of ['suit', 'grand'] as const) {
      for (const p of problems(12, game)) {
        const all = discardsOf(p.hands[p.declarer]).map((discard) => solveValue(positionAfterDiscard(p, discard), solver).value);
        const found = bestDiscard(p, {}, solver);
        expect(found.discards).toHaveLength(15);
        expect(found.best.value).toBe(Math.max(...all));
        const exact = bestDiscard(p, { exact: true }, solver);
        expect(exact.discards.map((d) => d.value).sort((a, b) => a! - b!)).toEqual(all.sort((a, b) => a - b));
        // Every discard not computed exactly is really no better than the best.
        for (const d of found.discards)
          if (d.atMost !== undefined) expect(solveValue(positionAfterDiscard(p, d.discard), solver).value).toBeLessThanOrEqual(d.atMost);
      }
    }
  });

  it('null: a winning discard is found whenever one exists (R18)', () => {
    for (const p of problems(12, 'null')) {
      const any = discardsOf(p.hands[p.declarer]).some((discard) => solveNull(positionAfterDiscard(p, discard), solver).won);
      expect(bestDiscard(p, {}, solver).best.won).toBe(any);
    }
  });

  it('best game: a type is won exactly when some discard wins its verdict against the bid (R22, R33)', () => {
    const profile = getProfile('isko');
    for (const p of problems(4, 'grand')) {
      const r = bestGame({ declarer: p.declarer, hands: p.hands, bid: 18, profile, declarerCardsWithSkat: p.twelve }, solver);
      expect(r.options.map((o) => o.gameType)).toEqual(['clubs', 'spades', 'hearts', 'diamonds', 'grand', 'null']);
      for (const o of r.options) {
        const trump = { clubs: 'C', spades: 'S', hearts: 'H', diamonds: 'D' }[o.gameType as string] as (typeof SUITS)[number] | undefined;
        const game = o.gameType === 'null' ? 'null' : o.gameType === 'grand' ? 'grand' : 'suit';
        const contract = {
          declarer: p.declarer,
          declaration: { gameType: o.gameType, hand: false, schneiderAnnounced: false, schwarzAnnounced: false, ouvert: false },
          bid: 18,
          declarerCardsWithSkat: p.twelve,
          profile,
        };
        const wins = discardsOf(p.hands[p.declarer]).some(
          (discard) => gameVerdict(positionAfterDiscard({ ...p, game, ...(trump ? { trump } : {}) }, discard), contract, solver).won,
        );
        expect({ type: o.gameType, won: o.won }).toEqual({ type: o.gameType, won: wins });
        if (o.won) expect(o.gameValue).toBeGreaterThanOrEqual(18);
      }
    }
  });
});
