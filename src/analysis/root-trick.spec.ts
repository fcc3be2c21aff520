import { type Card, SUITS, sumPoints } from '../rules/card';
import type { Seat } from '../rules/seat';
import { type PlayMode, playableCards, trickWinnerPosition } from '../rules/trick';
import { seededRandom } from '../../test/iss/random-games';
import { Solver } from './solver';
import type { SolverGame, SolverPosition } from './solver-position';

/**
 * exactFuture keeps the bounds of the positions of the root's trick from one null-window pass to
 * the next (solver.ts searchRootTrick): a card whose bound from an earlier pass already settles
 * the window is not searched again. Every answer must stay exact, whatever the first guess (far
 * guesses make many passes, each reusing the bounds of the ones before), with the root at a trick
 * start, after its first card and after its second; checked against a plain exhaustive search
 * written here from the engine's trick rules (R16 follow suit, R17 trick winner, R1 card points).
 */

const modeOf = (p: SolverPosition): PlayMode =>
  p.game === 'null' ? 'null' : p.game === 'grand' ? 'grand' : ({ C: 'clubs', S: 'spades', H: 'hearts', D: 'diamonds' } as const)[p.trump!];

/** The declarer's future card points under best play of both sides, by brute force. */
function exhaustive(pos: SolverPosition): number {
  const mode = modeOf(pos);
  const hands = pos.hands.map((h) => [...h]);
  const go = (trick: { seat: Seat; card: Card }[], toMove: Seat): number => {
    if (trick.length === 0 && hands.every((h) => h.length === 0)) return 0;
    const legal = playableCards(hands[toMove], trick.length ? trick[0].card : null, mode);
    let best = toMove === pos.declarer ? -1 : 1000;
    for (const card of legal) {
      const hand = hands[toMove];
      hand.splice(hand.indexOf(card), 1);
      const t = [...trick, { seat: toMove, card }];
      let v: number;
      if (t.length < 3) v = go(t, ((toMove + 1) % 3) as Seat);
      else {
        const cards = t.map((x) => x.card);
        const winner = t[trickWinnerPosition(cards, mode)].seat;
        v = (winner === pos.declarer ? sumPoints(cards) : 0) + go([], winner);
      }
      hand.push(card);
      best = toMove === pos.declarer ? Math.max(best, v) : Math.min(best, v);
    }
    return best;
  };
  return go([...pos.trick], pos.toMove);
}

function position(p: Pick<SolverPosition, 'game' | 'trump' | 'declarer' | 'hands' | 'trick' | 'toMove'>): SolverPosition {
  const live = sumPoints([...p.hands.flat(), ...p.trick.map((t) => t.card)]);
  return { ...p, declarerPoints: 0, defenderPoints: 120 - live, declarerTricks: 1, defenderTricks: 1 };
}

/** exactFuture from every first guess below, at and above the value, on a cold and on a kept table. */
function expectExactFromEveryGuess(pos: SolverPosition): number {
  const truth = exhaustive(pos);
  const live = sumPoints([...pos.hands.flat(), ...pos.trick.map((t) => t.card)]);
  const solver = new Solver({ ttBits: 12 });
  for (let guess = -3; guess <= live + 3; guess++) {
    solver.clearTable();
    solver.load(pos);
    expect([guess, solver.exactFuture(guess)]).toEqual([guess, truth]);
    // Again on the table the pass before filled (the root's trick bounds start afresh each call).
    solver.load(pos);
    expect([guess, solver.exactFuture(guess)]).toEqual([guess, truth]);
  }
  solver.clearTable();
  solver.load(pos);
  expect(solver.exactFuture()).toBe(truth);
  return truth;
}

/** The position after the first `k` cards of `line` are played from `pos` (all in its first trick). */
function after(pos: SolverPosition, line: Card[], k: number): SolverPosition {
  const hands = pos.hands.map((h) => [...h]) as [Card[], Card[], Card[]];
  const trick = [...pos.trick];
  let toMove = pos.toMove;
  for (const card of line.slice(0, k)) {
    hands[toMove].splice(hands[toMove].indexOf(card), 1);
    trick.push({ seat: toMove, card });
    toMove = ((toMove + 1) % 3) as Seat;
  }
  return { ...pos, hands, trick, toMove };
}

describe("exactFuture's bounds of the root's trick kept between passes (R1, R16, R17)", () => {
  it('a defender leads (the root minimises): exact from every guess, at the trick start and after one and two cards', () => {
    // Grand, the declarer (seat 1) second to play: four tricks, 12 cards, every lead a different fight.
    const pos = position({
      game: 'grand',
      declarer: 1,
      hands: [
        ['SA', 'S9', 'HT', 'DK'],
        ['CJ', 'ST', 'HA', 'D7'],
        ['SJ', 'SK', 'H8', 'DA'],
      ],
      trick: [],
      toMove: 0,
    });
    for (const k of [0, 1, 2]) expectExactFromEveryGuess(after(pos, ['HT', 'HA', 'H8'], k));
  });

  it('the declarer leads (the root maximises): exact from every guess, at the trick start and after one and two cards', () => {
    // Clubs trump, the declarer leads: trumps against a defender's ruff, the aces against the tens.
    const pos = position({
      game: 'suit',
      trump: 'C',
      declarer: 2,
      hands: [
        ['CA', 'ST', 'S7', 'HK'],
        ['DJ', 'HT', 'DA', 'D9'],
        ['CJ', 'C9', 'SA', 'HA'],
      ],
      trick: [],
      toMove: 2,
    });
    for (const k of [0, 1, 2]) expectExactFromEveryGuess(after(pos, ['SA', 'S7', 'HT'], k));
  });

  it('seeded four-trick positions of suit and grand games: exact from every guess, at every card of the first trick', () => {
    const rand = seededRandom(2612);
    let checked = 0;
    while (checked < 24) {
      const deck = [...SUITS.flatMap((s) => ['7', '8', '9', 'Q', 'K', 'T', 'A', 'J'].map((r) => `${s}${r}` as Card))];
      for (let i = deck.length - 1; i > 0; i--) {
        const j = Math.floor(rand() * (i + 1));
        [deck[i], deck[j]] = [deck[j], deck[i]];
      }
      const game: SolverGame = rand() < 0.5 ? 'grand' : 'suit';
      const pos = position({
        game,
        ...(game === 'suit' ? { trump: SUITS[Math.floor(rand() * 4)] } : {}),
        declarer: Math.floor(rand() * 3) as Seat,
        hands: [deck.slice(0, 4), deck.slice(4, 8), deck.slice(8, 12)],
        trick: [],
        toMove: Math.floor(rand() * 3) as Seat,
      });
      // Cut at a trick start or after one or two cards of a random legal line.
      const cut = checked % 3;
      const line: Card[] = [];
      let p = pos;
      for (let k = 0; k < cut; k++) {
        const legal = playableCards(p.hands[p.toMove], p.trick.length ? p.trick[0].card : null, modeOf(p));
        line.push(legal[Math.floor(rand() * legal.length)]);
        p = after(pos, line, line.length);
      }
      expectExactFromEveryGuess(p);
      checked++;
    }
  });
});
