import { ALL_CARDS, SUITS } from '../rules/card';
import type { Seat } from '../rules/seat';
import { seededRandom } from '../../test/iss/random-games';
import { KIND_VALUE } from './move-order';
import { Solver } from './solver';
import type { SolverPosition } from './solver-position';

/**
 * The value search's move list at a trick's last card (card-bounds lastCardMoves, move-order
 * lastCardList) is genMoves' list, card for card and in the same order, without the work genMoves
 * does for the other places in a trick: on seeded deals played out at random (every trick's last
 * card, suit and grand, every declarer), with random killer cards. Nodes and answers of the value
 * search depend on that order.
 */
class ListProbe extends Solver {
  /** genMoves(KIND_VALUE, -1) and lastCardMoves' list here (two cards on the table). */
  lists(): [number[], number[]] {
    const base = this.cardsLeft * 10;
    const n = this.genMoves(KIND_VALUE, -1);
    const general = Array.from(this.moveBuffer.subarray(base, base + n));
    // A window no bound of one trick settles: the list is always made.
    const m = -this.lastCardMoves(-200, 400);
    return [general, Array.from(this.moveBuffer.subarray(base, base + m))];
  }

  setKiller(seat: number, bit: number): void {
    this.killers[this.cardsLeft * 3 + seat] = bit;
  }
}

describe('the last card of a trick: the value search list (R16, R17)', () => {
  it('is the general move list, in the same order, on 300 seeded deals played out', () => {
    const rand = seededRandom(2612);
    const probe = new ListProbe({ ttBits: 12 });
    let compared = 0;
    for (let deal = 0; deal < 300; deal++) {
      const cards = [...ALL_CARDS];
      for (let i = cards.length - 1; i > 0; i--) {
        const j = Math.floor(rand() * (i + 1));
        [cards[i], cards[j]] = [cards[j], cards[i]];
      }
      const grand = rand() < 0.4;
      const pos: SolverPosition = {
        game: grand ? 'grand' : 'suit',
        ...(grand ? {} : { trump: SUITS[deal % 4] }),
        declarer: (deal % 3) as Seat,
        hands: [cards.slice(0, 10), cards.slice(10, 20), cards.slice(20, 30)],
        trick: [],
        toMove: ((deal >> 2) % 3) as Seat,
        declarerPoints: 0,
        defenderPoints: 0,
        declarerTricks: 0,
        defenderTricks: 0,
      };
      probe.load(pos);
      for (let played = 0; played < 30; played++) {
        if (played % 3 === 2) {
          const legal = probe.legalMask();
          const bits = Array.from({ length: 32 }, (_, b) => b).filter((b) => ((legal >>> b) & 1) === 1);
          probe.setKiller(probe.toMove, rand() < 0.5 ? bits[Math.floor(rand() * bits.length)] : -1);
          const [general, last] = probe.lists();
          expect(last).toEqual(general);
          compared++;
        }
        const legal = probe.legalMask();
        const bits = Array.from({ length: 32 }, (_, b) => b).filter((b) => ((legal >>> b) & 1) === 1);
        probe.play(bits[Math.floor(rand() * bits.length)]);
      }
    }
    expect(compared).toBe(300 * 10);
  });
});
