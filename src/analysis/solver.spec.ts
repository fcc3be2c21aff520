import { type Card, type Suit, SUITS, cardAt, cardIndex, pointsOfIndex, sumPoints } from '../rules/card';
import type { Seat } from '../rules/seat';
import { classOfIndex, modeIndex, type PlayMode, playableCards, trickPoints, trickWinnerPosition, winnerPositionOfThree } from '../rules/trick';
import { randomDeal, seededRandom } from '../../test/iss/random-games';
import { cardLayout, maskOf } from './card-layout';
import { Solver } from './solver';
import { declarerCanTakeAll, defendersCanTakeTrick, solveNull, solveValue, wonLost } from './solve';
import type { SolverPosition } from './solver-position';

/**
 * The solver against a plain exhaustive minimax written here from the engine's trick rules
 * (R16 follow suit, R17 trick winner, R1 card points), with no pruning and no equivalences
 * (every legal card of every position is searched; a position reached twice at a trick start is
 * looked up, not searched again): on random endgames with 1 to 5 tricks left across suit, grand
 * and null games, cut at a trick start or in the middle of a trick.
 */

interface Node {
  hands: Card[][];
  trick: { seat: Seat; card: Card }[];
  toMove: Seat;
}

const modeOf = (pos: SolverPosition): PlayMode =>
  pos.game === 'null' ? 'null' : pos.game === 'grand' ? 'grand' : ({ C: 'clubs', S: 'spades', H: 'hearts', D: 'diamonds' } as const)[pos.trump as Suit];

function legal(node: Node, mode: PlayMode): Card[] {
  return playableCards(node.hands[node.toMove], node.trick.length ? node.trick[0].card : null, mode);
}

/** Plays `card` on a copy; returns the winner when it completed a trick (then the trick is cleared), else null. */
function apply(node: Node, card: Card, mode: PlayMode): { next: Node; winner: Seat | null; points: number } {
  const hands = node.hands.map((h) => h.filter((c) => c !== card));
  const trick = [...node.trick, { seat: node.toMove, card }];
  if (trick.length < 3) return { next: { hands, trick, toMove: ((node.toMove + 1) % 3) as Seat }, winner: null, points: 0 };
  const cards = trick.map((t) => t.card);
  const winner = trick[trickWinnerPosition(cards, mode)].seat;
  return { next: { hands, trick: [], toMove: winner }, winner, points: trickPoints(cards) };
}

/**
 * The exhaustive search itself works in place on card-index lists (play, recurse, take back) so
 * that a few thousand endgames take seconds; every legal card is searched, nothing is cut off.
 */
class Minimax {
  private readonly hands: number[][];
  private readonly trick: number[] = [];
  private leader: number;
  private readonly m: number;
  constructor(
    node: Node,
    private readonly declarer: Seat,
    mode: PlayMode,
  ) {
    this.hands = node.hands.map((h) => h.map(cardIndex));
    for (const t of node.trick) this.trick.push(cardIndex(t.card));
    this.leader = node.trick.length ? node.trick[0].seat : node.toMove;
    this.m = modeIndex(mode);
  }

  private legal(): number[] {
    const hand = this.hands[(this.leader + this.trick.length) % 3];
    if (this.trick.length === 0) return hand.slice();
    const led = classOfIndex(this.m, this.trick[0]);
    const follow = hand.filter((c) => classOfIndex(this.m, c) === led);
    return follow.length ? follow : hand.slice();
  }

  /** Runs `then` after playing card c, with the trick's winner and points when c completed it. */
  private with<T>(c: number, then: (winner: number, points: number) => T): T {
    const seat = (this.leader + this.trick.length) % 3;
    const hand = this.hands[seat];
    const at = hand.indexOf(c);
    hand.splice(at, 1);
    this.trick.push(c);
    let result: T;
    if (this.trick.length === 3) {
      const [a, b, d] = this.trick;
      const winner = (this.leader + winnerPositionOfThree(a, b, d, this.m)) % 3;
      const points = pointsOfIndex(a) + pointsOfIndex(b) + pointsOfIndex(d);
      const leader = this.leader;
      this.trick.length = 0;
      this.leader = winner;
      result = then(winner, points);
      this.leader = leader;
      this.trick.push(a, b, d);
    } else {
      result = then(-1, 0);
    }
    this.trick.pop();
    hand.splice(at, 0, c);
    return result;
  }

  private done(): boolean {
    return this.trick.length === 0 && this.hands[0].length === 0 && this.hands[1].length === 0 && this.hands[2].length === 0;
  }

  /** The declarer's future card points after each legal card (in `legal()` order, as cards). */
  valuesByCard(): Map<number, number> {
    const out = new Map<number, number>();
    for (const c of this.legal())
      out.set(
        c,
        this.with(c, (w, p) => (w === this.declarer ? p : 0) + this.value()),
      );
    return out;
  }

  /** Results at trick starts, by position: a memo, not a cut-off (every position is still searched in full once). */
  private readonly memo = new Map<string, number | boolean>();

  private memoKey(kind: string): string | null {
    return this.trick.length === 0 ? `${kind}${this.leader}|${this.hands.map((h) => [...h].sort((a, b) => a - b).join(',')).join('|')}` : null;
  }

  value(): number {
    if (this.done()) return 0;
    const key = this.memoKey('v');
    if (key !== null && this.memo.has(key)) return this.memo.get(key) as number;
    const maximising = (this.leader + this.trick.length) % 3 === this.declarer;
    let best = maximising ? -1 : 1000;
    for (const c of this.legal()) {
      const v = this.with(c, (w, p) => (w === this.declarer ? p : 0) + this.value());
      best = maximising ? Math.max(best, v) : Math.min(best, v);
    }
    if (key !== null) this.memo.set(key, best);
    return best;
  }

  /** Per legal card: does the declarer still reach the goal (no trick / every trick)? */
  goalsByCard(goal: 'none' | 'all'): Map<number, boolean> {
    const out = new Map<number, boolean>();
    for (const c of this.legal())
      out.set(
        c,
        this.with(c, (w) => (w < 0 || (w === this.declarer) === (goal === 'all')) && this.goal(goal)),
      );
    return out;
  }

  goal(goal: 'none' | 'all'): boolean {
    if (this.done()) return true;
    const key = this.memoKey(goal);
    if (key !== null && this.memo.has(key)) return this.memo.get(key) as boolean;
    const declarerToMove = (this.leader + this.trick.length) % 3 === this.declarer;
    let any = false;
    let every = true;
    for (const c of this.legal()) {
      const ok = this.with(c, (w) => (w < 0 || (w === this.declarer) === (goal === 'all')) && this.goal(goal));
      any ||= ok;
      every &&= ok;
    }
    const result = declarerToMove ? any : every;
    if (key !== null) this.memo.set(key, result);
    return result;
  }
}

/** A random endgame: a random deal played at random (legally) until `tricksLeft` tricks and `inTrick` cards remain. */
function randomEndgame(rand: () => number, game: SolverPosition['game'], tricksLeft: number, inTrick: number): SolverPosition {
  const dealt = randomDeal(rand);
  const trump = game === 'suit' ? SUITS[Math.floor(rand() * 4)] : undefined;
  const declarer = Math.floor(rand() * 3) as Seat;
  const pos0: SolverPosition = {
    game,
    ...(trump ? { trump } : {}),
    declarer,
    hands: dealt.hands,
    trick: [],
    toMove: 0,
    declarerPoints: 0,
    defenderPoints: 0,
    declarerTricks: 0,
    defenderTricks: 0,
  };
  const mode = modeOf(pos0);
  let node: Node = { hands: dealt.hands.map((h) => h.slice()), trick: [], toMove: 0 };
  let declarerPoints = sumPoints(dealt.skat);
  let defenderPoints = 0;
  let declarerTricks = 0;
  let defenderTricks = 0;
  const toPlay = (10 - tricksLeft) * 3 + inTrick;
  for (let i = 0; i < toPlay; i++) {
    const options = legal(node, mode);
    const step = apply(node, options[Math.floor(rand() * options.length)], mode);
    if (step.winner !== null) {
      // In null, keep the declarer out of tricks so the position is still a live null game.
      if (step.winner === declarer) {
        declarerPoints += step.points;
        declarerTricks++;
      } else {
        defenderPoints += step.points;
        defenderTricks++;
      }
    }
    node = step.next;
  }
  if (game === 'null') declarerTricks = 0;
  return {
    ...pos0,
    hands: [node.hands[0], node.hands[1], node.hands[2]],
    trick: node.trick,
    toMove: node.toMove,
    declarerPoints,
    defenderPoints,
    declarerTricks,
    defenderTricks,
  };
}

const byCard = <T extends { card: Card }>(moves: readonly T[]): T[] => [...moves].sort((a, b) => a.card.localeCompare(b.card));

describe('perfect-information solver vs plain exhaustive minimax', () => {
  const rand = seededRandom(15);
  const solver = new Solver({ ttBits: 16 });
  const games: SolverPosition['game'][] = ['suit', 'grand', 'null'];
  const cases: SolverPosition[] = [];
  for (let i = 0; i < 3000; i++) {
    // More short endgames than long ones: the long ones dominate the minimax's time.
    const r = rand();
    const tricksLeft = r < 0.2 ? 1 : r < 0.45 ? 2 : r < 0.7 ? 3 : r < 0.9 ? 4 : 5;
    const inTrick = tricksLeft === 1 ? Math.floor(rand() * 3) : Math.floor(rand() * 3);
    cases.push(randomEndgame(rand, games[i % 3], tricksLeft, inTrick));
  }

  it('covers 1-5 tricks left, every kind of game, cut at trick starts and mid-trick', () => {
    const left = new Set(cases.map((p) => Math.ceil((p.hands[0].length + p.hands[1].length + p.hands[2].length + p.trick.length) / 3)));
    expect([...left].sort()).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(cases.map((p) => p.trick.length))).toEqual(new Set([0, 1, 2]));
    expect(cases.length).toBeGreaterThanOrEqual(3000);
  });

  it('suit and grand: the value of the position and of every legal card agree (R16, R17, R22)', () => {
    let checked = 0;
    for (const pos of cases) {
      if (pos.game === 'null') continue;
      const node: Node = { hands: pos.hands.map((h) => h.slice()), trick: pos.trick.slice(), toMove: pos.toMove };
      const search = new Minimax(node, pos.declarer, modeOf(pos));
      const expected = [...search.valuesByCard()].map(([c, v]) => ({ card: cardAt(c), value: pos.declarerPoints + v }));
      const values = expected.map((e) => e.value);
      const best = pos.toMove === pos.declarer ? Math.max(...values) : Math.min(...values);
      const got = solveValue(pos, solver);
      expect({ value: got.value, moves: byCard(got.moves) }).toEqual({ value: best, moves: byCard(expected) });
      // Null-window verdicts around the value.
      expect(wonLost(pos, best, solver)).toBe(true);
      expect(wonLost(pos, best + 1, solver)).toBe(false);
      const all = search.goal('all');
      expect(declarerCanTakeAll(pos, solver)).toBe(all);
      expect(defendersCanTakeTrick(pos, solver)).toBe(!all);
      checked++;
    }
    expect(checked).toBe(2000);
  });

  it('null: won/lost of the position and of every legal card agree (R18)', () => {
    let checked = 0;
    for (const pos of cases) {
      if (pos.game !== 'null') continue;
      const node: Node = { hands: pos.hands.map((h) => h.slice()), trick: pos.trick.slice(), toMove: pos.toMove };
      const expected = [...new Minimax(node, pos.declarer, 'null').goalsByCard('none')].map(([c, won]) => ({ card: cardAt(c), won }));
      const won = pos.toMove === pos.declarer ? expected.some((e) => e.won) : expected.every((e) => e.won);
      const got = solveNull(pos, solver);
      expect({ won: got.won, moves: byCard(got.moves) }).toEqual({ won, moves: byCard(expected) });
      checked++;
    }
    expect(checked).toBe(1000);
  });

  it('exact values from any first guess of the null-window driver (R22)', () => {
    let checked = 0;
    for (const pos of cases.slice(0, 300)) {
      if (pos.game === 'null') continue;
      const node: Node = { hands: pos.hands.map((h) => h.slice()), trick: pos.trick.slice(), toMove: pos.toMove };
      const future = new Minimax(node, pos.declarer, modeOf(pos)).value();
      solver.load(pos);
      const remaining = 120 - pos.declarerPoints - pos.defenderPoints;
      for (const guess of [-5, 0, 1, future, future + 1, Math.round(remaining / 2), remaining, remaining + 7]) expect(solver.exactFuture(guess)).toBe(future);
      checked++;
    }
    expect(checked).toBe(200);
  });

  /**
   * The copy of a position in which the cards of each run of equal cards (7-8-9 of a suit, the
   * jacks, a whole suit in null: adjacent in their class's order and worth the same, R1/R17) are
   * replaced by other cards of that run, in the same order: the same game, so the same answers.
   */
  function relabelled(pos: SolverPosition, rand: () => number): { pos: SolverPosition; map: Map<Card, Card> } {
    const layout = cardLayout(pos.game, pos.trump);
    const live = [...pos.hands.flat(), ...pos.trick.map((t) => t.card)];
    const liveMask = maskOf(layout, live);
    const map = new Map<Card, Card>(live.map((c) => [c, c]));
    for (const { shift, width } of layout.equalRuns) {
      const bits = Array.from({ length: width }, (_, k) => shift + k);
      const held = bits.filter((b) => ((liveMask >>> b) & 1) === 1);
      // As many cards of the run as are live, chosen at random, given to the live ones in order.
      const target = [...bits];
      while (target.length > held.length) target.splice(Math.floor(rand() * target.length), 1);
      held.forEach((b, k) => map.set(layout.cardOfBit[b], layout.cardOfBit[target[k]]));
    }
    const to = (c: Card) => map.get(c) as Card;
    const hands: SolverPosition['hands'] = [pos.hands[0].map(to), pos.hands[1].map(to), pos.hands[2].map(to)];
    const trick = pos.trick.map((t) => ({ seat: t.seat, card: to(t.card) }));
    // Null counts no card points, but a position's points must still add up: the rest went to the defenders.
    const points = pos.game === 'null' ? { declarerPoints: 0, defenderPoints: 120 - sumPoints([...hands.flat(), ...trick.map((t) => t.card)]) } : {};
    return { map, pos: { ...pos, hands, trick, ...points } };
  }

  it('quasi-symmetry: a position and its copy with equal cards swapped for played ones get the same answers from one shared table (R1, R16-R18)', () => {
    const r = seededRandom(1515);
    let relabelledSome = 0;
    for (const pos of cases.slice(0, 900)) {
      const copy = relabelled(pos, r);
      if ([...copy.map].some(([a, b]) => a !== b)) relabelledSome++;
      const mapMoves = <T extends { card: Card }>(ms: readonly T[]) => byCard(ms.map((m) => ({ ...m, card: copy.map.get(m.card) as Card })));
      if (pos.game === 'null') {
        const a = solveNull(pos, solver);
        const b = solveNull(copy.pos, solver);
        expect({ won: b.won, moves: byCard(b.moves) }).toEqual({ won: a.won, moves: mapMoves(a.moves) });
      } else {
        const a = solveValue(pos, solver);
        const b = solveValue(copy.pos, solver);
        expect({ value: b.value, moves: byCard(b.moves) }).toEqual({ value: a.value, moves: mapMoves(a.moves) });
        expect(declarerCanTakeAll(copy.pos, solver)).toBe(declarerCanTakeAll(pos, solver));
      }
    }
    expect(relabelledSome).toBeGreaterThan(600);
  });

  it('a full deal: the table is reused across positions of one deal and still exact', () => {
    const pos = randomEndgame(seededRandom(99), 'grand', 5, 0);
    const fresh = solveValue(pos, new Solver({ ttBits: 12 }));
    expect(solveValue(pos, solver)).toEqual(fresh);
  });
});
