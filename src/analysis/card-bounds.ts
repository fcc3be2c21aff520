import { LastTwoTricks } from './last-two-tricks';
import * as moveOrder from './move-order';

// Bound once: a global looked up per call is slow where the global object is a sandbox's (jest).
const { clz32 } = Math;
/** The searches' "no bound": searched values are never this low. */
const NO_BOUND = -1000;
export { NO_BOUND };
// Imports read once into module constants: V8 folds these into the optimised code, where a named
// import of the compiled CommonJS is a property load at every use.
const { KILLER_BONUS } = moveOrder;

/**
 * Bounds of one card's value in the value search (solver.ts) known without searching it: the
 * last card of a trick from the side it gives the trick to, a touching card from its neighbour
 * searched before it.
 */
export class CardBounds extends LastTwoTricks {
  /** Per level, the value (or fail-soft bound) each move of the list came back with. */
  protected readonly valueBuffer = new Int32Array(32 * 10);
  /** Moves of the value search settled by a touching card's bound without being searched (mateBound). */
  protected mateSkips = 0;
  /** Last cards of a trick settled by lastCardMoves without searching a card. */
  protected lastCardCuts = 0;

  /**
   * The last card of a trick (two on the table): each legal card gives the trick to one side,
   * known now (R17), and bounds the declarer's future points: at least the trick (with that
   * card) when it gives the trick to him, at most what is left after the trick when it gives it
   * to the defenders (the points still to come are never negative and never more than what is
   * left). The mover picks among his cards, so the node is bounded by the best of those bounds
   * for him: the declarer's most valuable card among those that take the trick, a defender's
   * most valuable one among those that give it to his side. Returns such a bound (>= 0) when it
   * already settles the null window (a fail-high lower bound, a fail-low upper bound); otherwise
   * fills the move list (lastCardList, genMoves' list) and returns minus its length.
   */
  protected lastCardMoves(alpha: number, beta: number): number {
    const t0 = this.table[0];
    const t1 = this.table[1];
    let w = t0;
    let ws = this.leader;
    if (this.beats(t1, w)) {
      w = t1;
      ws = (this.leader + 1) % 3;
    }
    const seat = (this.leader + 2) % 3;
    const hand = this.hands[seat];
    const follow = hand & this.classMaskOfBit[t0];
    const legal = follow !== 0 ? follow : hand;
    const over = legal & this.beatersOf(w);
    const declarerMoves = seat === this.declarer;
    const table = this.pointsOfBit[t0] + this.pointsOfBit[t1];
    // A card is worth at most 11: far from both ends of the window, no bound of this trick settles it.
    if (table + 11 >= beta || this.remaining - table - 11 <= alpha) {
      // The legal cards that give the trick to the declarer, and those that give it to the defenders.
      const toDeclarer = declarerMoves ? over : ws === this.declarer ? legal & ~over : 0;
      const toDefenders = legal & ~toDeclarer;
      const left = this.remaining - table;
      let lower: number;
      let upper: number;
      if (declarerMoves) {
        lower = toDeclarer !== 0 ? table + this.pointsRange(toDeclarer, true) : 0;
        upper = toDeclarer !== 0 ? this.remaining : left - this.pointsRange(toDefenders, false);
      } else {
        lower = toDefenders !== 0 ? 0 : table + this.pointsRange(toDeclarer, false);
        upper = toDefenders !== 0 ? left - this.pointsRange(toDefenders, true) : this.remaining;
      }
      if (lower >= beta) {
        this.lastCardCuts++;
        return lower;
      }
      if (upper <= alpha) {
        this.lastCardCuts++;
        return upper;
      }
    }
    return -this.lastCardList(legal, over, (ws === this.declarer) === declarerMoves);
  }

  /**
   * genMoves(KIND_VALUE, -1) at a trick's last card (two on the table), from what the caller
   * (lastCardMoves) has worked out already: the legal cards, those of them that beat
   * the trick's winning card so far, and whether that card is the mover's side's. The trick's side
   * is settled by each card, so of a touching run only its most (ours) or least (theirs) valuable
   * card is kept. The same list in the same order as genMoves (a spec checks it).
   */
  protected lastCardList(legal: number, over: number, winnerIsFriend: boolean): number {
    const base = this.level * 10;
    const moves = this.moveBuffer;
    if ((legal & (legal - 1)) === 0) {
      moves[base] = 31 - clz32(legal);
      return 1;
    }
    const seat = (this.leader + 2) % 3;
    const hand = this.hands[seat];
    const live = this.live;
    const scores = this.scoreBuffer;
    const points = this.pointsOfBit;
    const classMaskOfBit = this.classMaskOfBit;
    const killer = this.killers[this.level * 3 + seat];
    let n = 0;
    let runSide = 0;
    let runPoints = 0;
    let runKeep = -1;
    for (let m = legal; m !== 0;) {
      const b = 31 - clz32(m);
      const bit = 1 << b;
      m &= ~bit;
      const cls = classMaskOfBit[b];
      const above = live & cls & ~((bit << 1) - 1);
      const pts = points[b];
      const beats = (over & bit) !== 0;
      // Does this card give the trick to the mover's side?
      const ours = beats || winnerIsFriend;
      if (above !== 0 && (above & -above & hand) !== 0) {
        // Touching the card above it: kept only when worth something new for the run.
        if (((runPoints >>> pts) & 1) === 1) continue;
        if (runSide !== 0) {
          const kept = points[runKeep];
          if (runSide > 0 ? pts <= kept : pts >= kept) continue;
          let j = 0;
          while (moves[base + j] !== runKeep) j++;
          for (; j < n - 1; j++) {
            moves[base + j] = moves[base + j + 1];
            scores[base + j] = scores[base + j + 1];
          }
          n--;
          runKeep = b;
        }
        runPoints |= 1 << pts;
      } else {
        runPoints = 1 << pts;
        runKeep = b;
        const below = live & cls & (bit - 1);
        runSide = below !== 0 && ((hand >>> (31 - clz32(below))) & 1) === 1 ? (ours ? 1 : -1) : 0;
      }
      let score = ours ? 100 + pts * 4 - (beats ? b : 0) : 0 - pts * 4 - b;
      if (b === killer) score += KILLER_BONUS;
      let i = n++;
      while (i > 0 && scores[base + i - 1] < score) {
        scores[base + i] = scores[base + i - 1];
        moves[base + i] = moves[base + i - 1];
        i--;
      }
      scores[base + i] = score;
      moves[base + i] = b;
    }
    return n;
  }

  /** The most (or least) card points of one card of a mask (not empty). */
  private pointsRange(mask: number, most: boolean): number {
    let best = most ? 0 : 11;
    for (let m = mask; m !== 0; m &= m - 1) {
      const p = this.pointsOfBit[31 - clz32(m & -m)];
      if (most ? p > best : p < best) best = p;
    }
    return best;
  }

  /**
   * A bound that settles move i (bit b) without searching it, from a touching card of the same
   * hand searched before it at this node (see move-order: the lines after either mirror each
   * other with the same trick winners, so their values differ by at most the points between
   * them): for the declarer, that card's value or upper bound plus the difference when it is
   * still at most alpha; for a defender, minus it when at least beta. NO_BOUND otherwise.
   */
  protected mateBound(base: number, i: number, b: number, maximising: boolean, alpha: number, beta: number): number {
    const cls = this.classMaskOfBit[b];
    const foreign = this.live & ~this.hands[(this.leader + this.len) % 3] & cls;
    for (let j = 0; j < i; j++) {
      const c = this.moveBuffer[base + j];
      if (this.classMaskOfBit[c] !== cls) continue;
      const lo = c < b ? c : b;
      const hi = c < b ? b : c;
      if ((foreign & ((1 << hi) - 1) & ~((2 << lo) - 1)) !== 0) continue;
      const d = this.pointsOfBit[b] - this.pointsOfBit[c];
      const delta = d < 0 ? -d : d;
      const vc = this.valueBuffer[base + j];
      if (maximising ? vc + delta <= alpha : vc - delta >= beta) {
        this.mateSkips++;
        return maximising ? vc + delta : vc - delta;
      }
    }
    return NO_BOUND;
  }
}
