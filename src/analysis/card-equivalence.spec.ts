import { type Card, sumPoints } from '../rules/card';
import type { Seat } from '../rules/seat';
import { type PlayMode, playableCards, trickWinnerPosition } from '../rules/trick';
import { Solver } from './solver';
import { declarerCanTakeAll, solveValue, wonLost } from './solve';
import type { SolverPosition } from './solver-position';

/**
 * The equivalence and dominance of touching cards (move-order.ts) on hand-built positions where
 * the touching cards are worth different points (R1). Two cards of one hand are touching when no
 * live card (in a hand or on the table) lies between them in their class (R17), the cards already
 * played removed: the ace and king of hearts touch once the ten is gone. Such cards beat and lose
 * to every other live card alike, so the lines after one mirror the lines after the other, card
 * for card, with the same trick winners. The points moved between tricks are what differs:
 *
 * - the trick's winning side settled (whatever is still played in it): playing the more valuable
 *   card into a trick the mover's side wins, or the less valuable one into a trick it loses, is
 *   never worse than the other (proof in move-order.ts), so only that one is searched;
 * - not settled: both are searched (a point value each);
 * - take-all and null (who wins the tricks, never the points): one card of the run is searched.
 *
 * Every answer is checked against a plain exhaustive search written here from the engine's trick
 * rules (R16 follow suit, R17 winner, R1 points), which merges nothing.
 */

const modeOf = (p: SolverPosition): PlayMode =>
  p.game === 'null' ? 'null' : p.game === 'grand' ? 'grand' : ({ C: 'clubs', S: 'spades', H: 'hearts', D: 'diamonds' } as const)[p.trump!];

/** The declarer's future card points (best play, all cards open) and whether he takes every trick, by brute force. */
function exhaustive(pos: SolverPosition): { value: number; takeAll: boolean; byCard: Map<Card, number> } {
  const mode = modeOf(pos);
  const hands = pos.hands.map((h) => [...h]);
  const go = (trick: { seat: Seat; card: Card }[], toMove: Seat, goal: 'value' | 'all'): number => {
    if (trick.length === 0 && hands.every((h) => h.length === 0)) return goal === 'value' ? 0 : 1;
    const legal = playableCards(hands[toMove], trick.length ? trick[0].card : null, mode);
    const vals = legal.map((card) => step(trick, toMove, card, goal));
    return toMove === pos.declarer ? Math.max(...vals) : Math.min(...vals);
  };
  const step = (trick: { seat: Seat; card: Card }[], toMove: Seat, card: Card, goal: 'value' | 'all'): number => {
    const hand = hands[toMove];
    hand.splice(hand.indexOf(card), 1);
    const t = [...trick, { seat: toMove, card }];
    let v: number;
    if (t.length < 3) v = go(t, ((toMove + 1) % 3) as Seat, goal);
    else {
      const winner =
        t[
          trickWinnerPosition(
            t.map((x) => x.card),
            mode,
          )
        ].seat;
      const ours = winner === pos.declarer;
      const rest = go([], winner, goal);
      v = goal === 'value' ? (ours ? sumPoints(t.map((x) => x.card)) : 0) + rest : ours ? rest : 0;
    }
    hand.push(card);
    return v;
  };
  const legal = playableCards(hands[pos.toMove], pos.trick.length ? pos.trick[0].card : null, mode);
  const byCard = new Map(legal.map((c) => [c, pos.declarerPoints + step([...pos.trick], pos.toMove, c, 'value')]));
  return { value: go([...pos.trick], pos.toMove, 'value'), takeAll: go([...pos.trick], pos.toMove, 'all') === 1, byCard };
}

function position(p: Omit<SolverPosition, 'declarerTricks' | 'defenderTricks' | 'defenderPoints'>): SolverPosition {
  const live = sumPoints([...p.hands.flat(), ...p.trick.map((t) => t.card)]);
  const cardsLeft = p.hands.flat().length + p.trick.length;
  const done = (30 - cardsLeft) / 3;
  return { ...p, defenderPoints: 120 - live - p.declarerPoints, declarerTricks: Math.floor(done / 2), defenderTricks: Math.ceil(done / 2) };
}

/** Each answer of the solver on `pos` (value, every card's value, take-all, the verdict at and above the value) against brute force. */
function expectExact(pos: SolverPosition): void {
  const truth = exhaustive(pos);
  const solver = new Solver({ ttBits: 12 });
  const got = solveValue(pos, solver);
  expect(got.value).toBe(pos.declarerPoints + truth.value);
  expect(new Map(got.moves.map((m) => [m.card, m.value]))).toEqual(truth.byCard);
  expect(declarerCanTakeAll(pos, solver)).toBe(truth.takeAll);
  expect(wonLost(pos, got.value, solver)).toBe(true);
  expect(wonLost(pos, got.value + 1, solver)).toBe(false);
}

function searched(pos: SolverPosition, kind: 'value' | 'null' | 'all'): Card[] {
  const solver = new Solver({ ttBits: 12 });
  solver.load(pos);
  return solver.searchedCards(kind).sort();
}

describe('touching cards worth different points (R1, R16, R17)', () => {
  // Grand, the declarer (forehand) plays last to H7, H8: both his hearts win the trick. The ten of
  // hearts is gone, so his ace (11) and king (4) touch. Middlehand can ruff a heart later (CJ).
  const lastToPlayOurs = position({
    game: 'grand',
    declarer: 0,
    hands: [
      ['HA', 'HK', 'CA'],
      ['S7', 'CJ'],
      ['D7', 'DA'],
    ],
    trick: [
      { seat: 1, card: 'H7' },
      { seat: 2, card: 'H8' },
    ],
    toMove: 0,
    declarerPoints: 40,
  });

  it('the trick settled for the mover: only the most valuable touching card is searched, answers exact', () => {
    expect(searched(lastToPlayOurs, 'value')).toEqual(['HA']);
    // The root still values every card on its own: the ace and the king differ.
    const truth = exhaustive(lastToPlayOurs);
    expect(truth.byCard.get('HA')).not.toBe(truth.byCard.get('HK'));
    expectExact(lastToPlayOurs);
  });

  // Grand, the declarer led the master HA; middlehand holds HK (4) and HQ (3), touching; rearhand
  // must follow with H7: the trick is the declarer's whatever the defenders play.
  const settledTheirs = position({
    game: 'grand',
    declarer: 0,
    hands: [
      ['CA', 'CK'],
      ['HK', 'HQ', 'S7'],
      ['H7', 'S8', 'D9'],
    ],
    trick: [{ seat: 0, card: 'HA' }],
    toMove: 1,
    declarerPoints: 50,
  });

  it('the trick settled against the mover: only the least valuable touching card is searched, answers exact', () => {
    expect(searched(settledTheirs, 'value')).toEqual(['HQ']);
    expectExact(settledTheirs);
  });

  // The same, but rearhand has no heart and holds CJ: he may ruff (the defenders' trick) or not.
  const notSettled = position({
    game: 'grand',
    declarer: 0,
    hands: [
      ['CA', 'CK'],
      ['HK', 'HQ', 'S7'],
      ['CJ', 'S8', 'D9'],
    ],
    trick: [{ seat: 0, card: 'HA' }],
    toMove: 1,
    declarerPoints: 50,
  });

  it('the winner not settled: each touching card of its own point value is searched, answers exact', () => {
    expect(searched(notSettled, 'value')).toEqual(['HK', 'HQ']);
    expectExact(notSettled);
  });

  // Spades trump, the declarer leads: his CA (11) and CT (10) touch, and neither defender can beat
  // either (their clubs are lower, they hold no trump): the trick is his whatever they play.
  const leadSettled = position({
    game: 'suit',
    trump: 'S',
    declarer: 2,
    hands: [
      ['H7', 'D8', 'C7'],
      ['HA', 'D9', 'C8'],
      ['CA', 'CT', 'SJ'],
    ],
    trick: [],
    toMove: 2,
    declarerPoints: 33,
  });

  it('leading a card nobody can beat: the more valuable touching card is searched, answers exact', () => {
    const value = searched(leadSettled, 'value');
    expect(value).toContain('CA');
    expect(value).not.toContain('CT');
    expectExact(leadSettled);
  });

  it('take-all asks who wins the tricks, never the points: one card of the touching run is searched, answers exact', () => {
    expect(searched(notSettled, 'all')).toHaveLength(1);
    expect(searched(leadSettled, 'all').filter((c) => c[0] === 'C')).toHaveLength(1);
    for (const pos of [lastToPlayOurs, settledTheirs, notSettled, leadSettled])
      expect(declarerCanTakeAll(pos, new Solver({ ttBits: 12 }))).toBe(exhaustive(pos).takeAll);
  });

  it('cards worth the same (7-8-9) are one card for every kind of search', () => {
    const pos = position({
      game: 'grand',
      declarer: 1,
      hands: [
        ['D7', 'D8', 'D9', 'CA'],
        ['DA', 'DK', 'ST', 'S7'],
        ['DT', 'CJ', 'H8', 'H9'],
      ],
      trick: [],
      toMove: 0,
      declarerPoints: 30,
    });
    expect(searched(pos, 'value').filter((c) => c[0] === 'D')).toHaveLength(1);
    expectExact(pos);
  });
});
