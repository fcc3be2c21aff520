import { type Card, sumPoints } from '../rules/card';
import { cardLayout, maskOf } from './card-layout';
import { discardsLikelyBestFirst } from './discard-order';
import type { DiscardProblem } from './discard-problem';
import { checkPosition } from './position-check';
import { defaultSolver } from './solve';
import type { Solver } from './solver';
import type { SolverPosition } from './solver-position';

export type { DiscardProblem } from './discard-problem';

export interface DiscardValue {
  readonly discard: readonly [Card, Card];
  /** Suit/grand: the exact final card points with this discard (skat included), when computed. */
  readonly value?: number;
  /** Suit/grand: an upper bound when only shown to be no better than the best. */
  readonly atMost?: number;
  /** Null: the declarer can avoid every trick after this discard. */
  readonly won?: boolean;
}

export interface BestDiscard {
  /** A best discard: the highest value (suit/grand), or a winning one if any (null). */
  readonly best: DiscardValue;
  /** All 66 discards, in the order they were tried. */
  readonly discards: readonly DiscardValue[];
}

/** Every pair of the cards (66 of twelve). */
export function discardsOf(cards: readonly Card[]): Array<[Card, Card]> {
  const out: Array<[Card, Card]> = [];
  for (let i = 0; i < cards.length; i++) for (let j = i + 1; j < cards.length; j++) out.push([cards[i], cards[j]]);
  return out;
}

/** The position at the first lead (forehand) after putting `discard` away (R10, R15). */
export function positionAfterDiscard(p: DiscardProblem, discard: readonly [Card, Card]): SolverPosition {
  const held = p.hands[p.declarer].filter((c) => c !== discard[0] && c !== discard[1]);
  const hands = [p.hands[0], p.hands[1], p.hands[2]] as [readonly Card[], readonly Card[], readonly Card[]];
  hands[p.declarer] = held;
  return {
    game: p.game,
    ...(p.game === 'suit' ? { trump: p.trump } : {}),
    declarer: p.declarer,
    hands,
    trick: [],
    toMove: 0,
    declarerPoints: p.game === 'null' ? 0 : sumPoints(discard),
    defenderPoints: 0,
    declarerTricks: 0,
    defenderTricks: 0,
  };
}

/**
 * Rank equivalence before the discard: two of the declarer's cards with no defender's card
 * between them in their class (and the same card points, except in null) are interchangeable, so
 * discards made of the same such cards lead to the same game. The key names a discard's class.
 */
export function discardKey(p: DiscardProblem): (discard: readonly [Card, Card]) => string {
  const layout = cardLayout(p.game, p.trump);
  const mine = maskOf(layout, p.hands[p.declarer]);
  const repOf = (card: Card): number => {
    let b = 31 - clz32(maskOf(layout, [card]));
    for (;;) {
      const above = layout.classMaskOfBit[b] & ~((2 << b) - 1);
      if (above === 0) return b;
      const next = 31 - clz32(above & -above);
      if ((mine & (1 << next)) === 0 || (p.game !== 'null' && layout.pointsOfBit[next] !== layout.pointsOfBit[b])) return b;
      b = next;
    }
  };
  return (discard) => {
    const a = repOf(discard[0]);
    const b = repOf(discard[1]);
    return a < b ? `${a}.${b}` : `${b}.${a}`;
  };
}

const { clz32 } = Math;

export function checkProblem(p: DiscardProblem): void {
  if (!p || !Array.isArray(p.hands) || p.hands.length !== 3) throw new RangeError('a discard problem needs three hands');
  // A whole deal: 12 against 10 and 10; smaller problems of the same shape are accepted too.
  const others = [0, 1, 2].filter((s) => s !== p.declarer).map((s) => p.hands[s]?.length);
  if (others[0] !== others[1] || p.hands[p.declarer]?.length !== others[0] + 2) {
    throw new RangeError('the declarer holds two cards more than each defender (12 against 10: his ten and the skat) before discarding');
  }
}

/**
 * The best discard (R10) for a game, with every card open: suit/grand by the declarer's final
 * card points (the discards count for him, R22), null by whether he can avoid every trick. With
 * `exact`, all 66 values are computed; otherwise each discard after the best so far is only
 * tested against it (a null-window search), which is enough to find the best and its value.
 */
export function bestDiscard(p: DiscardProblem, options: { readonly exact?: boolean } = {}, solver: Solver = defaultSolver()): BestDiscard {
  checkProblem(p);
  // The likely best first: a good first bound makes the tests of the others cheap.
  const discards = discardsLikelyBestFirst(p, discardsOf(p.hands[p.declarer]));
  const results: DiscardValue[] = [];
  // Discards equivalent to one already searched take its answer.
  const keyOf = discardKey(p);
  const seen = new Map<string, DiscardValue>();
  if (p.game === 'null') {
    let best: DiscardValue | null = null;
    for (const discard of discards) {
      const same = seen.get(keyOf(discard));
      if (same) {
        results.push({ ...same, discard });
        continue;
      }
      const pos = positionAfterDiscard(p, discard);
      checkPosition(pos);
      solver.load(pos);
      const r: DiscardValue = { discard, won: solver.nullWon() };
      seen.set(keyOf(discard), r);
      results.push(r);
      if (!best || (r.won && !best.won)) best = r;
    }
    return { best: best as DiscardValue, discards: results };
  }
  let best: { discard: readonly [Card, Card]; value: number } | null = null;
  const record = (r: DiscardValue) => {
    seen.set(keyOf(r.discard), r);
    results.push(r);
  };
  for (const discard of discards) {
    const same = seen.get(keyOf(discard));
    if (same) {
      results.push({ ...same, discard });
      continue;
    }
    const pos = positionAfterDiscard(p, discard);
    checkPosition(pos);
    solver.load(pos);
    const skat = pos.declarerPoints;
    if (best === null || options.exact) {
      const value: number = skat + solver.exactFuture(best ? best.value - skat : undefined);
      record({ discard, value });
      if (best === null || value > best.value) best = { discard, value };
      continue;
    }
    // Better than the best so far? One null-window search; only then the exact value.
    const need: number = best.value + 1 - skat;
    if (!solver.futureAtLeast(need)) {
      record({ discard, atMost: best.value });
      continue;
    }
    const value: number = skat + solver.exactFuture(need);
    record({ discard, value });
    best = { discard, value };
  }
  const b = best as { discard: readonly [Card, Card]; value: number };
  return { best: { discard: b.discard, value: b.value }, discards: results };
}
