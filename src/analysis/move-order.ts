import { SolverState } from './solver-state';

// Bound once: a global looked up per call is slow where the global object is a sandbox's (jest).
const { clz32 } = Math;

/** Search kinds, part of every transposition-table key. */
const KIND_VALUE = 0;
const KIND_NULL = 1;
const KIND_ALL = 2;

/** What a killer card adds to its heuristic score: a tie-breaker among close choices, not an override (overriding doubled the nodes). */
const KILLER_BONUS = 2;
// Exported by name from module constants: the compiled CommonJS then reads them here as constants, not as properties of `exports`.
export { KIND_VALUE, KIND_NULL, KIND_ALL, KILLER_BONUS };

/**
 * Move generation for the searches: the legal cards worth searching, best guess first.
 *
 * Which cards are searched (each rule keeps every answer exact; `touching` cards are two cards of
 * one hand and one class with no live card, in a hand or on the table, between them: every card
 * that can still meet either of them in a trick compares with both the same way, R17):
 *
 * - Null and take-all (did the declarer avoid / take every trick?): only who wins each trick
 *   counts, never card points, and touching cards win and lose the same tricks whichever is
 *   played (the lines after them mirror each other card for card). One card of each run of
 *   touching cards is searched.
 * - Card points (the value search): touching cards worth the same are interchangeable (the lines
 *   mirror with the same points). Touching cards worth different points, x and y (Δ = points(y)
 *   − points(x) > 0), are not: playing y now and x later rather than x now and y later moves Δ
 *   from the trick T' in which the kept card is later played to this trick. Mirror every line
 *   after "x now" onto "y now" (the kept card swapped): every trick has the same winner, so the
 *   mover's side gains Δ·([this trick is ours] − [T' is ours]). When this trick's winning side is
 *   settled whatever the cards still to come in it (the last card of a trick, or no later card
 *   can change the winning side), that gain is ≥ 0 in every line when the trick is ours and ≤ 0
 *   when it is theirs, so the line-by-line order carries over to the minimax values: the most
 *   valuable card of the touching run is as good as any other of it when the trick is ours, the
 *   least valuable one when it is theirs, and only that one is searched. Otherwise one card per
 *   point value of the run is searched. The root's per-card answers never use these reductions
 *   (representatives() merges only cards worth the same), so every card there gets its own value.
 */
export class MoveOrder extends SolverState {
  /** Move lists, 10 slots per level (a level = the number of cards still in the hands). */
  protected readonly moveBuffer = new Int32Array(32 * 10);
  protected readonly scoreBuffer = new Int32Array(32 * 10);
  /**
   * Killer cards of the value search: per level and seat to move, the card that last cut off
   * there (the same refutation often works in the sibling lines). Ordering only, never exactness.
   */
  protected readonly killers = new Int32Array(32 * 3).fill(-1);
  /** Set by sureLeaderPoints: the part of its answer from the leader's trumps. */
  protected sureTrumpPart = 0;
  /** Set by topTrumpPoints. */
  protected declarerTopTrumps = 0;
  protected defenderTopTrumps = 0;

  /**
   * Whose side wins the trick on the table when the side to move plays `b` (a legal card), for
   * every way the trick can still be completed: 1 the mover's side, -1 the other side, 0 not
   * settled.
   */
  protected settledSide(b: number): number {
    const len = this.len;
    const me = (this.leader + len) % 3;
    // The side of a seat relative to the mover's: 1 his, -1 the other (a flag, not a closure: this runs per move).
    const mineDeclarer = me === this.declarer;
    if (len === 2) {
      let w = this.table[0];
      let ws = this.leader;
      if (this.beats(this.table[1], w)) {
        w = this.table[1];
        ws = (this.leader + 1) % 3;
      }
      return this.beats(b, w) ? 1 : (ws === this.declarer) === mineDeclarer ? 1 : -1;
    }
    if (len === 1) {
      const t0 = this.table[0];
      const w = this.beats(b, t0) ? b : t0;
      const ws = w === b ? me : this.leader;
      return this.lastSeatSide(w, ws, (me + 1) % 3, this.classMaskOfBit[t0], mineDeclarer);
    }
    // Leading b: every answer of the second hand, then of the third.
    const s2 = (me + 1) % 3;
    const cls = this.classMaskOfBit[b];
    const h2 = this.hands[s2];
    const f2 = h2 & cls;
    const l2 = f2 !== 0 ? f2 : h2;
    let result = 0;
    for (let m = l2; m !== 0; m &= m - 1) {
      const c = 31 - clz32(m & -m);
      const w = this.beats(c, b) ? c : b;
      const r = this.lastSeatSide(w, w === b ? me : s2, (me + 2) % 3, cls, mineDeclarer);
      if (r === 0 || (result !== 0 && r !== result)) return 0;
      result = r;
    }
    return result;
  }

  /** With `w` (of seat ws) winning so far, the side that wins once `seat` plays its last card of the trick (led class `cls`), or 0. */
  private lastSeatSide(w: number, ws: number, seat: number, cls: number, mineDeclarer: boolean): number {
    const h = this.hands[seat];
    const f = h & cls;
    const legal = f !== 0 ? f : h;
    const over = legal & this.beatersOf(w);
    const wsSide = (ws === this.declarer) === mineDeclarer ? 1 : -1;
    if (over === 0) return wsSide;
    const seatSide = (seat === this.declarer) === mineDeclarer ? 1 : -1;
    if (over === legal || seatSide === wsSide) return seatSide;
    return 0;
  }

  /**
   * settledSide when second to play, the third hand to come: with `w` winning so far for the side
   * wSide (1 the mover's, -1 the other), the side that wins once the third hand plays one of
   * legal3 (its side side3), or 0.
   */
  private thirdSide(w: number, wSide: number, legal3: number, side3: number): number {
    const over = legal3 & this.beatersOf(w);
    if (over === 0) return wSide;
    if (over === legal3 || side3 === wSide) return side3;
    return 0;
  }

  /**
   * Card points the leader's side is sure to take from here (a trick start): the leader's top
   * cards of each class, led one after the other, win (nothing live is higher), except that an
   * opponent holding a trump may ruff a plain suit once void in it, so of a plain suit only as
   * many leads count as every such opponent still has cards of it (he must follow, R16). A
   * partner never spoils a lead (he need not ruff). Counted: the leader's own cards, and what
   * each opponent holding a trump must follow with into those tricks, his cheapest cards of the
   * class (all he has of it when fewer). The plain suits are led first, then the trumps: such an
   * opponent follows suit to every plain lead (he has enough of each counted suit), so his cards
   * of the other classes are still all there when they are led. Sets sureTrumpPart: the part of
   * the answer from the trump leads.
   */
  protected sureLeaderPoints(): number {
    const l = this.leader;
    const hand = this.hands[l];
    const live = this.live;
    const trumps = this.trumpMask;
    const points = this.pointsOfBit;
    // The opponents holding a trump (0: none): both defenders when the declarer leads, else the declarer.
    let ruffA = 0;
    let ruffB = 0;
    if (l === this.declarer) {
      const a = this.hands[l === 2 ? 0 : l + 1];
      const b = this.hands[l === 0 ? 2 : l - 1];
      if ((a & trumps) !== 0) ruffA = a;
      if ((b & trumps) !== 0) {
        if (ruffA === 0) ruffA = b;
        else ruffB = b;
      }
    } else if ((this.hands[this.declarer] & trumps) !== 0) ruffA = this.hands[this.declarer];
    let pts = 0;
    this.sureTrumpPart = 0;
    const classes = this.classMasks;
    for (let i = 0; i < classes.length; i++) {
      const cls = classes[i];
      let rest = live & cls;
      // Nothing to count unless the leader holds the class's top card.
      if (rest === 0 || ((hand >>> (31 - clz32(rest))) & 1) === 0) continue;
      const plain = (cls & trumps) === 0;
      let limit = 10;
      if (plain) {
        if (ruffA !== 0) limit = popcount(ruffA & cls);
        if (ruffB !== 0 && popcount(ruffB & cls) < limit) limit = popcount(ruffB & cls);
      }
      let cp = 0;
      let k = 0;
      for (; k < limit && rest !== 0; k++) {
        const top = 31 - clz32(rest);
        if (((hand >>> top) & 1) === 0) break;
        cp += points[top];
        rest &= ~(1 << top);
      }
      // What the opponents holding a trump must follow with into those k tricks (R16): their k cheapest of the class.
      if (k > 0) {
        // A plain suit of a suit or grand game is worth more the higher the card (7-8-9, Q, K, T, A).
        const ordered = plain && this.trumpGame;
        if (ruffA !== 0) cp += this.cheapest(ruffA & cls, k, ordered);
        if (ruffB !== 0) cp += this.cheapest(ruffB & cls, k, ordered);
      }
      pts += cp;
      if (!plain) this.sureTrumpPart = cp;
    }
    return pts;
  }

  /**
   * Card points of top trumps (a trick start): a trump above every trump of the other side wins
   * the trick it is played in whenever that is (R17: nothing beats it but a higher trump, and
   * those are its own side's), so its points are that side's. Sets declarerTopTrumps (the
   * declarer's trumps above every defender's) and defenderTopTrumps (the defenders' above every
   * trump of the declarer).
   */
  protected topTrumpPoints(): void {
    const trumps = this.live & this.trumpMask;
    const mine = this.hands[this.declarer] & trumps;
    const theirs = trumps & ~mine;
    this.declarerTopTrumps = this.pointsOfMask(theirs === 0 ? mine : mine & ~((2 << (31 - clz32(theirs))) - 1));
    this.defenderTopTrumps = this.pointsOfMask(mine === 0 ? theirs : theirs & ~((2 << (31 - clz32(mine))) - 1));
  }

  /** The card points of the k least valuable cards of a mask (all of them when fewer); `ordered`: its cards are worth more the higher their bit. */
  private cheapest(mask: number, k: number, ordered: boolean): number {
    if (popcount(mask) <= k) return this.pointsOfMask(mask);
    const points = this.pointsOfBit;
    let pts = 0;
    if (ordered) {
      for (let m = mask; k > 0; k--, m &= m - 1) pts += points[31 - clz32(m & -m)];
      return pts;
    }
    // The cheapest card left, k times (k is small).
    for (let m = mask; k > 0; k--) {
      let cheap = -1;
      for (let r = m; r !== 0; r &= r - 1) {
        const b = 31 - clz32(r & -r);
        if (cheap < 0 || points[b] < points[cheap]) cheap = b;
      }
      pts += points[cheap];
      m &= ~(1 << cheap);
    }
    return pts;
  }

  private pointsOfMask(mask: number): number {
    let pts = 0;
    for (let m = mask; m !== 0; m &= m - 1) pts += this.pointsOfBit[31 - clz32(m & -m)];
    return pts;
  }

  /**
   * Fills the move buffer of this level with the legal moves worth searching (see the class
   * comment), best guess first (`first`: the card the table remembers as best here, or -1).
   * Returns how many.
   */
  protected genMoves(kind: number, first: number): number {
    const seat = (this.leader + this.len) % 3;
    const hand = this.hands[seat];
    const len = this.len;
    let legal = hand;
    if (len > 0) {
      const follow = hand & this.classMaskOfBit[this.table[0]];
      if (follow !== 0) legal = follow;
    }
    const base = this.level * 10;
    const moves = this.moveBuffer;
    // One legal card: nothing to order.
    if ((legal & (legal - 1)) === 0) {
      moves[base] = 31 - clz32(legal);
      return 1;
    }
    const live = this.live;
    const scores = this.scoreBuffer;
    const points = this.pointsOfBit;
    const classMaskOfBit = this.classMaskOfBit;
    const nullGame = kind === KIND_NULL;
    const anyPoints = kind !== KIND_VALUE;
    let n = 0;
    // The card winning the trick on the table so far, and whose side it is on.
    let winBit = -1;
    let winnerIsFriend = false;
    const mine = seat === this.declarer;
    if (len > 0) {
      let winPos = 0;
      winBit = this.table[0];
      if (len === 2 && this.beats(this.table[1], winBit)) {
        winPos = 1;
        winBit = this.table[1];
      }
      winnerIsFriend = ((this.leader + winPos) % 3 === this.declarer) === mine;
    }
    const others = live & ~hand;
    const trumpMask = this.trumpMask;
    // At a lead: the other side's cards, and its hands holding a trump (0: none), which can ruff a plain suit they are void in.
    let opponents = 0;
    let ruffA = 0;
    let ruffB = 0;
    if (len === 0 && !nullGame) {
      for (let o = 0; o < 3; o++) {
        if (o === seat || (!mine && o !== this.declarer)) continue;
        const h = this.hands[o];
        opponents |= h;
        if ((h & trumpMask) === 0) continue;
        if (ruffA === 0) ruffA = h;
        else ruffB = h;
      }
    }
    // Second to play: the third hand's legal cards and side, and the trick's side when the card played stays under the lead.
    let legal3 = 0;
    let side3 = 0;
    let sideUnder = 0;
    if (len === 1 && !nullGame) {
      const seat3 = seat === 2 ? 0 : seat + 1;
      const h3 = this.hands[seat3];
      const f3 = h3 & classMaskOfBit[winBit];
      legal3 = f3 !== 0 ? f3 : h3;
      side3 = (seat3 === this.declarer) === mine ? 1 : -1;
      sideUnder = this.thirdSide(winBit, winnerIsFriend ? 1 : -1, legal3, side3);
    }
    const killer = kind === KIND_VALUE ? this.killers[this.level * 3 + seat] : -1;
    // The touching run being walked down (value search): its settled side, the points seen in it.
    let runSide = 0;
    let runPoints = 0;
    let runKeep = -1;
    for (let m = legal; m !== 0;) {
      const b = 31 - clz32(m);
      const bit = 1 << b;
      m &= ~bit;
      const cls = classMaskOfBit[b];
      const above = live & cls & ~((bit << 1) - 1);
      const next = above & -above;
      const touching = above !== 0 && (next & hand) !== 0;
      if (touching && anyPoints) continue;
      // Does b beat the card winning so far (not at a lead), and the trick's side then when second to play (settledSide).
      const over = len !== 0 && this.beats(b, winBit);
      let st = sideUnder;
      if (over && len === 1 && !nullGame) {
        // thirdSide(b, 1, legal3, side3), inline: the third hand's cards that beat b.
        const over3 = legal3 & (cls | trumpMask) & ~((2 << b) - 1);
        st = over3 === 0 ? 1 : over3 === legal3 || side3 === 1 ? side3 : 0;
      }
      if (touching) {
        const pts = points[b];
        // A card worth the same as one already kept of its run: interchangeable with it.
        if (((runPoints >>> pts) & 1) === 1) continue;
        if (runSide !== 0) {
          // Settled: keep the most (ours) or least (theirs) valuable card of the run.
          const kept = points[runKeep];
          if (runSide > 0 ? pts <= kept : pts >= kept) continue;
          // This card replaces the one kept: drop that one from the list.
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
      } else if (!anyPoints) {
        // The top of a new run: its side (settledSide) when the card below it is touching.
        runPoints = 1 << points[b];
        runKeep = b;
        const below = live & cls & (bit - 1);
        const under = 31 - clz32(below);
        if (below === 0 || ((hand >>> under) & 1) === 0) runSide = 0;
        else if (len === 0) runSide = this.settledSide(b);
        else if (len === 1) runSide = st;
        else runSide = over || winnerIsFriend ? 1 : -1;
      }
      let score: number;
      if (b === first) score = 1000;
      else if (nullGame) {
        // Null: the declarer wants to stay under the winning card, the defenders to push him over.
        if (len === 0) score = mine ? 0 - b : b;
        else score = mine ? (over ? -100 - b : b) : over ? b : 100 - b;
      } else {
        const pts = points[b];
        if (len === 0) {
          // Lead a card whose trick our side surely wins (a master: nothing of another hand above it in
          // its class; or nothing of the other side above it and none of them can ruff) for its points,
          // else something cheap.
          const master = (others & cls & ~((bit << 1) - 1)) === 0;
          const trump = ((trumpMask >>> b) & 1) === 1;
          const sure =
            master ||
            ((opponents & cls & ~((bit << 1) - 1)) === 0 && (trump || ((ruffA === 0 || (ruffA & cls) !== 0) && (ruffB === 0 || (ruffB & cls) !== 0))));
          score = sure ? 60 + pts + (trump ? 10 : 0) : trump ? 20 - pts : 40 - 2 * pts;
        } else if (len === 2) {
          // Last to play: the trick is decided by this card.
          if (over || winnerIsFriend) score = 100 + pts * 4 - (over ? b : 0);
          else score = 0 - pts * 4 - b;
        } else if (over)
          // Second to play: points go into a trick only when the third hand cannot take it.
          score = st > 0 ? 100 + pts * 4 - b : 45 - pts - (b >> 2);
        else score = st > 0 ? 100 + pts * 4 - b : st < 0 || !winnerIsFriend ? 0 - pts * 4 - b : pts * 2;
      }
      if (b === killer && b !== first) score += KILLER_BONUS;
      // Insertion by score, highest first.
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

  /**
   * Bounds of the declarer's future card points known without searching, [lower, upper]: at a
   * trick start the leader's sure tricks with what the opponents must follow into them, and the
   * top trumps of either side (see move-order); elsewhere [0, the points still in play]. The
   * value search cuts on the same bounds at every trick start.
   */
  pointBounds(): [number, number] {
    if (this.len !== 0 || this.level === 0) return [0, this.remaining];
    const sure = this.sureLeaderPoints();
    this.topTrumpPoints();
    if (this.leader === this.declarer) return [sure, this.remaining - this.defenderTopTrumps];
    return [this.declarerTopTrumps, this.remaining - (sure - this.sureTrumpPart + this.defenderTopTrumps)];
  }

  /** A quick estimate of the declarer's future card points: one line played out by the move ordering's first choice for both sides. */
  playoutEstimate(): number {
    const played: number[] = [];
    const saved: number[] = [];
    let gain = 0;
    while (this.level > 0) {
      this.genMoves(KIND_VALUE, -1);
      const b = this.moveBuffer[this.level * 10];
      saved.push(this.play(b));
      played.push(b);
      if (this.len === 0) gain += this.lastGain;
    }
    for (let i = played.length - 1; i >= 0; i--) this.undo(played[i], saved[i]);
    return gain;
  }
}

function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
