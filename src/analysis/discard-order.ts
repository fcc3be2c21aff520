import type { Card } from '../rules/card';
import { cardLayout, maskOf } from './card-layout';
import type { DiscardProblem } from './discard-problem';
import { popcount } from './transposition-table';

const { clz32 } = Math;

/**
 * The discards in the order they are worth trying (a guess, with every card open): the first one
 * searched sets the bound every later one is only tested against, so a good first guess saves
 * most of the exact solves. Suit/grand: keep trumps and cards no defender can beat in their suit,
 * put away cards a defender's higher card would capture (their points are then safe in the skat),
 * and empty a suit when both cards are its last. Null: put away the cards defenders can push
 * under (high cards with defenders' lower cards in their suit), emptying a suit counting extra.
 * Only the order changes: every discard is still searched or tested.
 */
export function discardsLikelyBestFirst(p: DiscardProblem, discards: ReadonlyArray<readonly [Card, Card]>): Array<readonly [Card, Card]> {
  const layout = cardLayout(p.game, p.trump);
  const mine = maskOf(layout, p.hands[p.declarer]);
  let theirs = 0;
  for (let s = 0; s < 3; s++) if (s !== p.declarer) theirs |= maskOf(layout, p.hands[s]);
  const nullGame = p.game === 'null';
  const bitOf = (c: Card): number => 31 - clz32(maskOf(layout, [c]));
  const cardScore = (b: number): number => {
    const bit = 1 << b;
    const cls = layout.classMaskOfBit[b];
    const above = cls & ~((bit << 1) - 1);
    const below = cls & (bit - 1);
    if (nullGame) return 4 * popcount(theirs & below) - 3 * popcount(mine & below) + b;
    if ((layout.trumpMask & bit) !== 0) return -1000 - b;
    const pts = layout.pointsOfBit[b];
    // A defender holds a higher card of the suit: this card is likely lost, its points with it.
    return (theirs & above) !== 0 ? 20 + 2 * pts : -20 - 2 * pts;
  };
  const scored = discards.map((d) => {
    const a = bitOf(d[0]);
    const b = bitOf(d[1]);
    let score = cardScore(a) + cardScore(b);
    // Emptying a suit (no trump) lets the declarer ruff it (or, in null, discard on it).
    const clsA = layout.classMaskOfBit[a];
    const rest = mine & ~(1 << a) & ~(1 << b);
    if ((layout.trumpMask & (1 << a)) === 0 && (rest & clsA) === 0) score += 25;
    const clsB = layout.classMaskOfBit[b];
    if (clsB !== clsA && (layout.trumpMask & (1 << b)) === 0 && (rest & clsB) === 0) score += 25;
    return { d, score };
  });
  // Stable: equal scores keep the given order.
  return scored.sort((x, y) => y.score - x.score).map((x) => x.d);
}
