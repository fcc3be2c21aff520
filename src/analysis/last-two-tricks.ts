import { KIND_ALL, KIND_NULL, MoveOrder } from './move-order';

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
export class LastTwoTricks extends MoveOrder {
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
    const h1 = this.hands[l];
    const h2 = this.hands[s2];
    const h3 = this.hands[s3];
    const points = this.pointsOfBit;
    const remaining = this.remaining;
    let best1 = l === d ? -1 : 1000;
    for (let m1 = h1; m1 !== 0; m1 &= m1 - 1) {
      const a = 31 - clz32(m1 & -m1);
      const cls = this.classMaskOfBit[a];
      const f2 = h2 & cls;
      const f3 = h3 & cls;
      const r1 = 31 - clz32(h1 & ~(1 << a));
      let best2 = s2 === d ? -1 : 1000;
      for (let m2 = f2 !== 0 ? f2 : h2; m2 !== 0; m2 &= m2 - 1) {
        const b = 31 - clz32(m2 & -m2);
        const r2 = 31 - clz32(h2 & ~(1 << b));
        let best3 = s3 === d ? -1 : 1000;
        for (let m3 = f3 !== 0 ? f3 : h3; m3 !== 0; m3 &= m3 - 1) {
          const c = 31 - clz32(m3 & -m3);
          const r3 = 31 - clz32(h3 & ~(1 << c));
          const first = points[a] + points[b] + points[c];
          // The first trick's winner leads the last one: the three kept cards in his order.
          const w = this.winnerPosition(a, b, c);
          const last = w === 0 ? this.winnerPosition(r1, r2, r3) : w === 1 ? 1 + this.winnerPosition(r2, r3, r1) : 2 + this.winnerPosition(r3, r1, r2);
          const firstSeat = w === 0 ? l : w === 1 ? s2 : s3;
          const lastSeat = last % 3 === 0 ? l : last % 3 === 1 ? s2 : s3;
          let v: number;
          if (kind === KIND_NULL) v = firstSeat !== d && lastSeat !== d ? 1 : 0;
          else if (kind === KIND_ALL) v = firstSeat === d && lastSeat === d ? 1 : 0;
          else v = (firstSeat === d ? first : 0) + (lastSeat === d ? remaining - first : 0);
          if (s3 === d ? v > best3 : v < best3) best3 = v;
        }
        if (s2 === d ? best3 > best2 : best3 < best2) best2 = best3;
      }
      if (l === d ? best2 > best1 : best2 < best1) best1 = best2;
    }
    return best1;
  }
}
