import * as moveOrder from './move-order';

// Read once into module constants (see card-bounds).
const { KIND_ALL, KIND_NULL } = moveOrder;

// Bound once: a global looked up per call is slow where the global object is a sandbox's (jest).
const { clz32 } = Math;

/**
 * The exact value of the last two tricks, by enumeration: at a trick start with two cards in each
 * hand, the leader has at most two leads, each follower at most two answers (R16), and the last
 * trick is forced, so at most eight lines decide it. Counting them straight costs less than a
 * transposition-table probe (a cache miss) and far less than searching them card by card, and
 * these positions are where a third of a full search's nodes were. The yes/no searches (null,
 * take-all) count the same lines by who wins each trick.
 */
export class LastTwoTricks extends moveOrder.MoveOrder {
  /**
   * At a trick start with two cards in each hand, with perfect play: the declarer's card points
   * from the two tricks left (KIND_VALUE, R1, R17); or 1 when he wins no trick (KIND_NULL, R18),
   * or every trick (KIND_ALL), else 0.
   */
  protected lastTwoTricksValue(kind: number): number {
    const l = this.leader;
    const s2 = l === 2 ? 0 : l + 1;
    const s3 = s2 === 2 ? 0 : s2 + 1;
    const d = this.declarer;
    // The declarer's place in the first trick (0 leads), and the search's kind, read once.
    const dPos = d === l ? 0 : d === s2 ? 1 : 2;
    const nullKind = kind === KIND_NULL;
    const allKind = kind === KIND_ALL;
    const h1 = this.hands[l];
    const h2 = this.hands[s2];
    const h3 = this.hands[s3];
    const points = this.pointsOfBit;
    const cm = this.classMaskOfBit;
    const trumps = this.trumpMask;
    const remaining = this.remaining;
    // Alpha-beta over the (at most eight) lines, the window (lo, hi) open at the root: its value is exact.
    let best1 = dPos === 0 ? -1 : 1000;
    for (let m1 = h1; m1 !== 0; m1 &= m1 - 1) {
      const a = 31 - clz32(m1 & -m1);
      const cls = cm[a];
      const f2 = h2 & cls;
      const f3 = h3 & cls;
      const r1 = 31 - clz32(h1 & ~(1 << a));
      const lo2 = dPos === 0 ? best1 : -1;
      const hi2 = dPos === 0 ? 1000 : best1;
      let best2 = dPos === 1 ? -1 : 1000;
      for (let m2 = f2 !== 0 ? f2 : h2; m2 !== 0; m2 &= m2 - 1) {
        const b = 31 - clz32(m2 & -m2);
        const r2 = 31 - clz32(h2 & ~(1 << b));
        // The first two cards: who is ahead, with which card.
        const bAhead = b > a && (cm[b] === cls || ((trumps >>> b) & 1) === 1);
        const w2 = bAhead ? b : a;
        const lo3 = dPos === 1 ? (best2 > lo2 ? best2 : lo2) : lo2;
        const hi3 = dPos === 1 ? hi2 : best2 < hi2 ? best2 : hi2;
        let best3 = dPos === 2 ? -1 : 1000;
        for (let m3 = f3 !== 0 ? f3 : h3; m3 !== 0; m3 &= m3 - 1) {
          const c = 31 - clz32(m3 & -m3);
          const r3 = 31 - clz32(h3 & ~(1 << c));
          const first = points[a] + points[b] + points[c];
          // The first trick's winner (its place, 0 the leader) leads the last one: the three kept cards in his order.
          const w = c > w2 && (cm[c] === cm[w2] || ((trumps >>> c) & 1) === 1) ? 2 : bAhead ? 1 : 0;
          const p = w === 0 ? winnerOf(cm, trumps, r1, r2, r3) : w === 1 ? winnerOf(cm, trumps, r2, r3, r1) : winnerOf(cm, trumps, r3, r1, r2);
          // The last trick's winner's place in the first trick.
          const last = w + p >= 3 ? w + p - 3 : w + p;
          let v: number;
          if (nullKind) v = w !== dPos && last !== dPos ? 1 : 0;
          else if (allKind) v = w === dPos && last === dPos ? 1 : 0;
          else v = (w === dPos ? first : 0) + (last === dPos ? remaining - first : 0);
          if (dPos === 2 ? v > best3 : v < best3) best3 = v;
          if (dPos === 2 ? best3 >= hi3 : best3 <= lo3) break;
        }
        if (dPos === 1 ? best3 > best2 : best3 < best2) best2 = best3;
        if (dPos === 1 ? best2 >= hi2 : best2 <= lo2) break;
      }
      if (dPos === 0 ? best2 > best1 : best2 < best1) best1 = best2;
    }
    return best1;
  }
}

/** R17: the place (0..2) of the winning card of the trick x, y, z (x led), for winnerPosition's bits of one layout. */
function winnerOf(cm: Int32Array, trumps: number, x: number, y: number, z: number): number {
  let w = 0;
  let best = x;
  if (y > best && (cm[y] === cm[best] || ((trumps >>> y) & 1) === 1)) {
    w = 1;
    best = y;
  }
  if (z > best && (cm[z] === cm[best] || ((trumps >>> z) & 1) === 1)) w = 2;
  return w;
}
