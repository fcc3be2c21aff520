import { type Card, sumPoints } from '../rules/card';
import type { Seat } from '../rules/seat';
import { type PlayMode, playableCards, trickWinnerPosition } from '../rules/trick';
import { seededRandom } from '../../test/iss/random-games';
import { Solver, type SolverStats } from './solver';
import { solveValue, wonLost } from './solve';
import type { SolverPosition } from './solver-position';

/**
 * The point bounds and the bound between touching cards of the value search (issue 26), on
 * hand-built positions and seeded small ones, each answer against a plain exhaustive search
 * written here from the engine's trick rules (R16 follow suit, R17 winner, R1 points):
 *
 * - top trumps: a trump above every trump of the other side wins the trick it is played in,
 *   whenever that is (R17), so its points are its side's (a bound either way);
 * - the leader's sure tricks count what every opponent holding a trump must follow with into
 *   them (R16): his cheapest cards of the class;
 * - touching cards of one hand (no live card of another hand between them, R17) worth different
 *   points: the lines after one mirror those after the other with the same trick winners, so
 *   their values differ by at most the points between them, and a null window ("at least t?")
 *   that one card misses by more than that difference is missed by the other too.
 *
 * - the last card of a trick: each legal card gives the trick to a side known now (R17), so the
 *   declarer's future points are at least the trick with that card when it is his, at most what
 *   is left after it when it is the defenders'; the mover picks the best such bound for his side
 *   (the declarer his most valuable card that takes the trick, a defender his most valuable one
 *   that gives it to the defenders), the other side's the worst (the cheapest card).
 *
 * - the last two tricks: counted line by line (at most eight lines, the first trick's winner
 *   leading the last) instead of searched.
 *
 * wonLost is asked at every threshold: the bounds and the skipped cards act on the null windows.
 */

const modeOf = (p: SolverPosition): PlayMode =>
  p.game === 'null' ? 'null' : p.game === 'grand' ? 'grand' : ({ C: 'clubs', S: 'spades', H: 'hearts', D: 'diamonds' } as const)[p.trump!];

/** The declarer's future card points under best play of both sides (brute force), and per legal card. */
function exhaustive(pos: SolverPosition): { value: number; byCard: Map<Card, number> } {
  const mode = modeOf(pos);
  const hands = pos.hands.map((h) => [...h]);
  const go = (trick: { seat: Seat; card: Card }[], toMove: Seat): number => {
    if (trick.length === 0 && hands.every((h) => h.length === 0)) return 0;
    const legal = playableCards(hands[toMove], trick.length ? trick[0].card : null, mode);
    const vals = legal.map((card) => step(trick, toMove, card));
    return toMove === pos.declarer ? Math.max(...vals) : Math.min(...vals);
  };
  const step = (trick: { seat: Seat; card: Card }[], toMove: Seat, card: Card): number => {
    const hand = hands[toMove];
    hand.splice(hand.indexOf(card), 1);
    const t = [...trick, { seat: toMove, card }];
    let v: number;
    if (t.length < 3) v = go(t, ((toMove + 1) % 3) as Seat);
    else {
      const winner =
        t[
          trickWinnerPosition(
            t.map((x) => x.card),
            mode,
          )
        ].seat;
      v = (winner === pos.declarer ? sumPoints(t.map((x) => x.card)) : 0) + go([], winner);
    }
    hand.push(card);
    return v;
  };
  const legal = playableCards(hands[pos.toMove], pos.trick.length ? pos.trick[0].card : null, mode);
  const byCard = new Map(legal.map((c) => [c, step([...pos.trick], pos.toMove, c)]));
  return { value: go([...pos.trick], pos.toMove), byCard };
}

function position(p: Omit<SolverPosition, 'declarerTricks' | 'defenderTricks' | 'defenderPoints' | 'declarerPoints'>): SolverPosition {
  const live = sumPoints([...p.hands.flat(), ...p.trick.map((t) => t.card)]);
  const done = (30 - p.hands.flat().length - p.trick.length) / 3;
  return { ...p, declarerPoints: 0, defenderPoints: 120 - live, declarerTricks: Math.floor(done / 2), defenderTricks: Math.ceil(done / 2) };
}

/** The solver's value, every card's value and the verdict at every threshold against brute force; returns the solver's counts. */
function expectExact(pos: SolverPosition): SolverStats {
  const truth = exhaustive(pos);
  const solver = new Solver({ ttBits: 12 });
  const got = solveValue(pos, solver);
  expect(got.value).toBe(truth.value);
  expect(new Map(got.moves.map((m) => [m.card, m.value]))).toEqual(truth.byCard);
  const live = sumPoints([...pos.hands.flat(), ...pos.trick.map((t) => t.card)]);
  for (let t = 0; t <= live + 1; t++) {
    solver.clearTable();
    expect([t, wonLost(pos, t, solver)]).toEqual([t, truth.value >= t]);
  }
  return solver.stats;
}

function boundsOf(pos: SolverPosition): [number, number] {
  const solver = new Solver({ ttBits: 12 });
  solver.load(pos);
  return solver.pointBounds();
}

describe('point bounds at a trick start (R1, R16, R17)', () => {
  it("the defenders' trumps above every trump of the declarer are theirs: an upper bound when he leads", () => {
    // Hearts trump, the declarer leads; CJ and SJ (2 each) are above his HA and HT. 36 points in play.
    const pos = position({
      game: 'suit',
      trump: 'H',
      declarer: 0,
      hands: [
        ['HA', 'HT', 'SA'],
        ['CJ', 'S7', 'D7'],
        ['SJ', 'C7', 'D8'],
      ],
      trick: [],
      toMove: 0,
    });
    expect(boundsOf(pos)).toEqual([0, 32]);
    const { value } = exhaustive(pos);
    expect(value).toBeLessThanOrEqual(32);
    expectExact(pos);
  });

  it("the declarer's trumps above every defender's are his: a lower bound when a defender leads", () => {
    // Spades trump, forehand (a defender) leads; the declarer's CJ and SJ are above SA and ST.
    // Forehand's HA is sure once (the declarer holds a trump and one heart, so one lead counts)
    // and the declarer must follow with H7 (0). 46 points in play.
    const pos = position({
      game: 'suit',
      trump: 'S',
      declarer: 1,
      hands: [
        ['HA', 'HT', 'D7'],
        ['CJ', 'SJ', 'H7'],
        ['SA', 'ST', 'D8'],
      ],
      trick: [],
      toMove: 0,
    });
    expect(boundsOf(pos)).toEqual([4, 46 - 11]);
    const { value } = exhaustive(pos);
    expect(value).toBeGreaterThanOrEqual(4);
    expect(value).toBeLessThanOrEqual(35);
    expectExact(pos);
  });

  it('what the opponents must follow with into the sure tricks counts for the leader', () => {
    // Grand, the declarer leads CA, CT (the top clubs), then CJ (the top trump). Both defenders
    // hold a jack and two clubs: they follow with CK+CQ (7) and C9+C8, then with SJ and HJ (2
    // each). Every one of the 34 points is sure for the declarer.
    const pos = position({
      game: 'grand',
      declarer: 0,
      hands: [
        ['CA', 'CT', 'CJ'],
        ['CK', 'CQ', 'SJ'],
        ['C9', 'C8', 'HJ'],
      ],
      trick: [],
      toMove: 0,
    });
    expect(boundsOf(pos)).toEqual([34, 34]);
    expectExact(pos);
  });
});

describe('touching cards worth different points under a null window (R1, R17)', () => {
  it('a card missing the threshold by more than the points between it and its touching mate settles the mate', () => {
    // Grand: middlehand leads H7; the declarer (rearhand) holds HA and HT, touching (HK is gone),
    // forehand has no heart and may ruff with CJ: the trick's winner is not settled, so the
    // value search tries both, and at a threshold one misses by 2 or more the other is not searched.
    const pos = position({
      game: 'grand',
      declarer: 2,
      hands: [
        ['CJ', 'D7', 'S8', 'DA'],
        ['H8', 'S7', 'DT'],
        ['HA', 'HT', 'S9', 'DK'],
      ],
      trick: [{ seat: 1, card: 'H7' }],
      toMove: 2,
    });
    expect(expectExact(pos).mateSkips).toBeGreaterThan(0);
  });

  it('seeded positions of four tricks (grand and suit): every answer exact at every threshold', () => {
    const rand = seededRandom(26);
    const deck: Card[] = (['C', 'S', 'H', 'D'] as const).flatMap((s) => (['A', 'T', 'K', 'Q', 'J', '9', '8', '7'] as const).map((r) => `${s}${r}` as Card));
    let skips = 0;
    let lastCardCuts = 0;
    for (let i = 0; i < 24; i++) {
      const cards = [...deck];
      for (let j = cards.length - 1; j > 0; j--) {
        const k = Math.floor(rand() * (j + 1));
        [cards[j], cards[k]] = [cards[k], cards[j]];
      }
      const pos = position({
        game: i % 2 === 0 ? 'grand' : 'suit',
        ...(i % 2 === 0 ? {} : { trump: (['C', 'S', 'H', 'D'] as const)[i % 4] }),
        declarer: (i % 3) as Seat,
        hands: [cards.slice(0, 4), cards.slice(4, 8), cards.slice(8, 12)],
        trick: [],
        toMove: ((i >> 1) % 3) as Seat,
      });
      const stats = expectExact(pos);
      skips += stats.mateSkips;
      lastCardCuts += stats.lastCardCuts;
    }
    expect(skips).toBeGreaterThan(0);
    expect(lastCardCuts).toBeGreaterThan(0);
  });
});

describe('the last card of a trick: bounds from the side each legal card gives it to (R1, R16, R17)', () => {
  it('the declarer cannot beat the winning card: at most what is left after the trick with his cheapest card', () => {
    // Grand: forehand led SA, middlehand S7; the declarer (rearhand) must follow with ST or SK
    // (10 or 4), neither beats SA: the defenders take at least 15, whichever he plays.
    const pos = position({
      game: 'grand',
      declarer: 2,
      hands: [
        ['CA', 'D7', 'HK'],
        ['HA', 'C7', 'D8'],
        ['ST', 'SK', 'CT', 'DA'],
      ],
      trick: [
        { seat: 0, card: 'SA' },
        { seat: 1, card: 'S7' },
      ],
      toMove: 2,
    });
    expect(expectExact(pos).lastCardCuts).toBeGreaterThan(0);
  });

  it("a defender cannot beat the declarer's card: at least the trick with his cheapest card", () => {
    // Spades trump: the declarer (forehand) led CA, middlehand C7; rearhand must follow with CT
    // or CK (10 or 4), neither beats CA: the declarer takes at least 15.
    const pos = position({
      game: 'suit',
      trump: 'S',
      declarer: 0,
      hands: [
        ['SJ', 'HA', 'D7'],
        ['HT', 'D8', 'S7'],
        ['CT', 'CK', 'DA', 'H7'],
      ],
      trick: [
        { seat: 0, card: 'CA' },
        { seat: 1, card: 'C7' },
      ],
      toMove: 2,
    });
    expect(expectExact(pos).lastCardCuts).toBeGreaterThan(0);
  });

  it("a defender over or under his partner's card: the defenders' trick, at most what is left after it with his most valuable card", () => {
    // Grand: middlehand (a defender) led ST, the declarer (rearhand) followed with S7; forehand
    // holds SA (over ST) and SK: either way the defenders take the trick, at least 21 with SA.
    const pos = position({
      game: 'grand',
      declarer: 2,
      hands: [
        ['SA', 'SK', 'D7', 'HA'],
        ['CA', 'H7', 'DT'],
        ['CT', 'DA', 'HK'],
      ],
      trick: [
        { seat: 1, card: 'ST' },
        { seat: 2, card: 'S7' },
      ],
      toMove: 0,
    });
    expect(expectExact(pos).lastCardCuts).toBeGreaterThan(0);
  });

  it('the declarer can take the trick with cards of different points: at least the trick with the most valuable of them', () => {
    // Hearts trump: forehand led CK, middlehand C9; the declarer (rearhand) is void in clubs and
    // may ruff with HA or H7 (11 or 0) or throw DT: with HA he takes at least 15.
    const pos = position({
      game: 'suit',
      trump: 'H',
      declarer: 2,
      hands: [
        ['SA', 'DK', 'C8'],
        ['ST', 'D9', 'S8'],
        ['HA', 'H7', 'DT', 'SK'],
      ],
      trick: [
        { seat: 0, card: 'CK' },
        { seat: 1, card: 'C9' },
      ],
      toMove: 2,
    });
    expect(expectExact(pos).lastCardCuts).toBeGreaterThan(0);
  });

  it("a defender can take the declarer's trick with cards of different points: at most what is left after it with the most valuable of them", () => {
    // Grand: the declarer (forehand) led DK, middlehand D7; rearhand holds DA and DT (both over
    // DK, 11 and 10) and D8: with DA the defenders take at least 15.
    const pos = position({
      game: 'grand',
      declarer: 0,
      hands: [
        ['CA', 'HK', 'S7'],
        ['CT', 'H9', 'S8'],
        ['DA', 'DT', 'D8', 'HA'],
      ],
      trick: [
        { seat: 0, card: 'DK' },
        { seat: 1, card: 'D7' },
      ],
      toMove: 2,
    });
    expect(expectExact(pos).lastCardCuts).toBeGreaterThan(0);
  });

  it('seeded positions of four tricks with two cards on the table (grand and suit): every answer exact at every threshold', () => {
    const rand = seededRandom(2602);
    const deck: Card[] = (['C', 'S', 'H', 'D'] as const).flatMap((s) => (['A', 'T', 'K', 'Q', 'J', '9', '8', '7'] as const).map((r) => `${s}${r}` as Card));
    let cuts = 0;
    for (let i = 0; i < 24; i++) {
      const cards = [...deck];
      for (let j = cards.length - 1; j > 0; j--) {
        const k = Math.floor(rand() * (j + 1));
        [cards[j], cards[k]] = [cards[k], cards[j]];
      }
      const game = i % 2 === 0 ? 'grand' : 'suit';
      const trump = (['C', 'S', 'H', 'D'] as const)[i % 4];
      const mode: PlayMode = game === 'grand' ? 'grand' : ({ C: 'clubs', S: 'spades', H: 'hearts', D: 'diamonds' } as const)[trump];
      const leader = ((i >> 1) % 3) as Seat;
      const second = ((leader + 1) % 3) as Seat;
      const hands = [cards.slice(0, 4), cards.slice(4, 8), cards.slice(8, 12)];
      const lead = hands[leader][Math.floor(rand() * 4)];
      const answers = playableCards(hands[second], lead, mode);
      const answer = answers[Math.floor(rand() * answers.length)];
      hands[leader] = hands[leader].filter((c) => c !== lead);
      hands[second] = hands[second].filter((c) => c !== answer);
      const pos = position({
        game,
        ...(game === 'suit' ? { trump } : {}),
        declarer: (i % 3) as Seat,
        hands: [hands[0], hands[1], hands[2]],
        trick: [
          { seat: leader, card: lead },
          { seat: second, card: answer },
        ],
        toMove: ((leader + 2) % 3) as Seat,
      });
      cuts += expectExact(pos).lastCardCuts;
    }
    expect(cuts).toBeGreaterThan(0);
  });
});

describe('the last two tricks counted line by line (R1, R16, R17)', () => {
  const deck: Card[] = (['C', 'S', 'H', 'D'] as const).flatMap((s) => (['A', 'T', 'K', 'Q', 'J', '9', '8', '7'] as const).map((r) => `${s}${r}` as Card));
  const shuffledDeck = (rand: () => number): Card[] => {
    const cards = [...deck];
    for (let j = cards.length - 1; j > 0; j--) {
      const k = Math.floor(rand() * (j + 1));
      [cards[j], cards[k]] = [cards[k], cards[j]];
    }
    return cards;
  };
  // Grand and every trump suit, every declarer seat and every leader: the enumeration reads seats relative to the leader.
  const games = [{ game: 'grand' as const }, ...(['C', 'S', 'H', 'D'] as const).map((trump) => ({ game: 'suit' as const, trump }))];

  it('seeded positions of two tricks: every answer exact at every threshold', () => {
    const rand = seededRandom(2626);
    let counted = 0;
    for (const g of games)
      for (let declarer = 0; declarer < 3; declarer++)
        for (let leader = 0; leader < 3; leader++)
          for (let i = 0; i < 2; i++) {
            const cards = shuffledDeck(rand);
            const pos = position({
              ...g,
              declarer: declarer as Seat,
              hands: [cards.slice(0, 2), cards.slice(2, 4), cards.slice(4, 6)],
              trick: [],
              toMove: leader as Seat,
            });
            counted += expectExact(pos).lastTwoTricks;
          }
    expect(counted).toBeGreaterThan(0);
  });

  it('seeded positions of three tricks, and of two with one or two cards of the third-last on the table', () => {
    const rand = seededRandom(2627);
    let counted = 0;
    for (let i = 0; i < 30; i++) {
      const g = games[i % games.length];
      const mode: PlayMode = g.game === 'grand' ? 'grand' : ({ C: 'clubs', S: 'spades', H: 'hearts', D: 'diamonds' } as const)[g.trump!];
      const cards = shuffledDeck(rand);
      const hands = [cards.slice(0, 3), cards.slice(3, 6), cards.slice(6, 9)];
      const leader = (i % 3) as Seat;
      const trick: { seat: Seat; card: Card }[] = [];
      // A third of them a trick start, the others one or two cards into the trick, each played legally (R16).
      for (let k = 0; k < i % 3; k++) {
        const seat = ((leader + k) % 3) as Seat;
        const legal = playableCards(hands[seat], trick.length ? trick[0].card : null, mode);
        const card = legal[Math.floor(rand() * legal.length)];
        hands[seat] = hands[seat].filter((c) => c !== card);
        trick.push({ seat, card });
      }
      const pos = position({
        ...g,
        declarer: ((i >> 1) % 3) as Seat,
        hands: [hands[0], hands[1], hands[2]],
        trick,
        toMove: ((leader + trick.length) % 3) as Seat,
      });
      counted += expectExact(pos).lastTwoTricks;
    }
    expect(counted).toBeGreaterThan(0);
  });
});
