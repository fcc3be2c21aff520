import type { Card } from '../rules/card';
import type { Seat } from '../rules/seat';
import { type CardLayout, cardLayout, maskOf } from './card-layout';
import type { SolverPosition } from './solver-position';
import { type EqualRun, packedHands } from './position-key';
import { popcount, TranspositionTable, ttLower, ttMove, ttUpper } from './transposition-table';

// Bound once: a global looked up per call is slow where the global object is a sandbox's (jest).
const { clz32 } = Math;

/** Search kinds, part of every transposition-table key. */
const KIND_VALUE = 0;
const KIND_NULL = 1;
const KIND_ALL = 2;

/** Positions with fewer cards left are searched again rather than looked up (a probe costs more). */
const TT_MIN_CARDS = 6;

export interface SolverStats {
  /** Positions visited (one per card considered). */
  readonly nodes: number;
  readonly ttProbes: number;
  readonly ttHits: number;
}

export interface SolverOptions {
  /** log2 of the transposition table's slots (16 bytes each); default 20 (16 MiB), at most 22 (64 MiB). */
  readonly ttBits?: number;
}

const bitIndex = (bit: number): number => 31 - clz32(bit);

/**
 * A perfect-information Skat solver (pure, no I/O): alpha-beta over the card play with 32-bit
 * hand masks, a bounded transposition table at trick starts (keyed by the hands packed by
 * quasi-symmetry, see position-key), rank equivalence (of two cards of
 * one hand with no other live card between them in their class and the same card points, only
 * one is searched) and move ordering. One solver holds one position at a time; its table is
 * reused while the game and the declarer stay the same (the next position of the same deal, or
 * another discard), because what it stores depends on nothing else.
 */
export class Solver {
  private layout: CardLayout = cardLayout('grand', null);
  private readonly tt: TranspositionTable;
  private readonly hands = new Int32Array(3);
  /** Bits (0..31) of the cards on the table, in play order. */
  private readonly table = new Int32Array(3);
  private len = 0;
  private leader = 0;
  private declarer = 0;
  /** Card points still to be won: in the hands and on the table. */
  private remaining = 0;
  /** Cards still in play: in the hands and on the table. */
  private live = 0;
  /** Cards still in the hands. */
  private level = 0;
  private pointsOfBit: Int8Array = this.layout.pointsOfBit;
  private classMaskOfBit: Int32Array = this.layout.classMaskOfBit;
  private trumpMask = 0;
  private equalRuns: readonly EqualRun[] = this.layout.equalRuns;
  private equalRunsMask = this.layout.equalRunsMask;
  /** The table key of the position being searched (the hands packed by quasi-symmetry). */
  private readonly key3 = new Int32Array(3);
  /** Move lists, 10 slots per level (a level = the number of cards still in the hands). */
  private readonly moveBuffer = new Int32Array(32 * 10);
  private readonly scoreBuffer = new Int32Array(32 * 10);
  private key = '';
  nodes = 0;
  /** Null-window searches run by exactFuture. */
  passes = 0;

  constructor(options: SolverOptions = {}) {
    this.tt = new TranspositionTable(options.ttBits ?? 20);
  }

  get stats(): SolverStats {
    return { nodes: this.nodes, ttProbes: this.tt.probes, ttHits: this.tt.hits };
  }

  get tableBytes(): number {
    return this.tt.bytes;
  }

  /** Sets up a position; keeps the table when the game and declarer are those of the last one. */
  load(pos: SolverPosition): void {
    const layout = cardLayout(pos.game, pos.trump);
    const key = `${pos.game}${pos.trump ?? ''}${pos.declarer}`;
    if (key !== this.key) {
      this.tt.newGeneration();
      this.key = key;
    }
    this.layout = layout;
    this.pointsOfBit = layout.pointsOfBit;
    this.classMaskOfBit = layout.classMaskOfBit;
    this.trumpMask = layout.trumpMask;
    this.equalRuns = layout.equalRuns;
    this.equalRunsMask = layout.equalRunsMask;
    this.declarer = pos.declarer;
    for (let s = 0; s < 3; s++) this.hands[s] = maskOf(layout, pos.hands[s]);
    this.len = pos.trick.length;
    this.leader = pos.trick.length ? pos.trick[0].seat : pos.toMove;
    let remaining = 0;
    for (let i = 0; i < this.len; i++) {
      const b = bitIndex(maskOf(layout, [pos.trick[i].card]));
      this.table[i] = b;
      remaining += this.pointsOfBit[b];
    }
    const all = this.hands[0] | this.hands[1] | this.hands[2];
    for (let m = all; m !== 0; m &= m - 1) remaining += this.pointsOfBit[bitIndex(m & -m)];
    this.remaining = remaining;
    this.level = popcount(all);
    let live = all;
    for (let i = 0; i < this.len; i++) live |= 1 << this.table[i];
    this.live = live;
  }

  /** Forgets the table (a caller wanting timings of a cold solve). */
  clearTable(): void {
    this.tt.newGeneration();
  }

  get toMove(): Seat {
    return ((this.leader + this.len) % 3) as Seat;
  }

  get cardsLeft(): number {
    return this.level;
  }

  /** The legal cards of the side to move (R16), as a mask. */
  legalMask(): number {
    const hand = this.hands[(this.leader + this.len) % 3];
    if (this.len === 0) return hand;
    const follow = hand & this.classMaskOfBit[this.table[0]];
    return follow !== 0 ? follow : hand;
  }

  cardOfBit(bit: number): Card {
    return this.layout.cardOfBit[bit];
  }

  /**
   * For each legal card (by bit), the bit of the card that stands for it: itself, or the next
   * higher card of the same hand that is equivalent (rank equivalence).
   */
  representatives(): Map<number, number> {
    const legal = this.legalMask();
    const hand = this.hands[(this.leader + this.len) % 3];
    const present = this.live;
    const out = new Map<number, number>();
    for (let m = legal; m !== 0;) {
      const b = bitIndex(m);
      m &= ~(1 << b);
      const above = this.equivalentAbove(b, hand, present);
      out.set(b, above < 0 ? b : (out.get(above) as number));
    }
    return out;
  }

  /** The next higher live card of b's class when it is in `hand` and worth the same (or any, in null); else -1. */
  private equivalentAbove(b: number, hand: number, present: number): number {
    const aboveMask = present & this.classMaskOfBit[b] & ~((2 << b) - 1);
    if (aboveMask === 0) return -1;
    const next = aboveMask & -aboveMask;
    if ((next & hand) === 0) return -1;
    const nb = bitIndex(next);
    if (this.layout.game !== 'null' && this.pointsOfBit[nb] !== this.pointsOfBit[b]) return -1;
    return nb;
  }

  /** Plays a card (by bit); returns what undo needs. */
  play(bit: number): number {
    const seat = (this.leader + this.len) % 3;
    this.hands[seat] &= ~(1 << bit);
    this.level--;
    this.table[this.len++] = bit;
    if (this.len < 3) return this.leader;
    // The next trick overwrites the table: keep the completed one for undo.
    const t = this.table;
    const saved = this.leader | (t[0] << 2) | (t[1] << 7) | (t[2] << 12);
    const w = this.winnerPosition(t[0], t[1], t[2]);
    const winner = (this.leader + w) % 3;
    const pts = this.pointsOfBit[t[0]] + this.pointsOfBit[t[1]] + this.pointsOfBit[t[2]];
    this.remaining -= pts;
    this.live &= ~((1 << t[0]) | (1 << t[1]) | (1 << t[2]));
    this.lastGain = winner === this.declarer ? pts : 0;
    this.lastWinner = winner;
    this.leader = winner;
    this.len = 0;
    return saved;
  }

  /** After play: did that card complete a trick? */
  get trickJustCompleted(): boolean {
    return this.len === 0;
  }

  /** Points the declarer took with the trick just completed by the last play. */
  private lastGain = 0;
  private lastWinner = 0;

  get gainOfLastPlay(): number {
    return this.lastGain;
  }

  get winnerOfLastTrick(): number {
    return this.lastWinner;
  }

  /** Takes back the last card played; `saved` is what play returned, `bit` the card. */
  undo(bit: number, saved: number): void {
    if (this.len === 0) {
      // The card completed a trick: put the trick back on the table.
      const t = this.table;
      t[0] = (saved >>> 2) & 31;
      t[1] = (saved >>> 7) & 31;
      t[2] = (saved >>> 12) & 31;
      this.remaining += this.pointsOfBit[t[0]] + this.pointsOfBit[t[1]] + this.pointsOfBit[t[2]];
      this.live |= (1 << t[0]) | (1 << t[1]) | (1 << t[2]);
      this.leader = saved & 3;
      this.len = 3;
    }
    this.len--;
    this.level++;
    this.hands[(this.leader + this.len) % 3] |= 1 << bit;
  }

  /** R17: position (0..2) of the winning card of a full trick. */
  private winnerPosition(a: number, b: number, c: number): number {
    let best = 0;
    let bestBit = a;
    if (this.beats(b, bestBit)) {
      best = 1;
      bestBit = b;
    }
    if (this.beats(c, bestBit)) best = 2;
    return best;
  }

  /** Does card `x` beat card `best` (both bits)? Same class or a trump, and a higher bit. */
  private beats(x: number, best: number): boolean {
    return x > best && (this.classMaskOfBit[x] === this.classMaskOfBit[best] || ((this.trumpMask >>> x) & 1) === 1);
  }

  // ------------------------------------------------------------------ moves

  /**
   * Fills the move buffer of this level with the representative legal moves, best guess first
   * (`first`: the card the table remembers as best here, or -1). Returns how many.
   */
  private genMoves(kind: number, first: number): number {
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
    for (let m = legal; m !== 0;) {
      const b = 31 - clz32(m);
      const bit = 1 << b;
      m &= ~bit;
      const cls = classMaskOfBit[b];
      const above = live & cls & ~((bit << 1) - 1);
      // Rank equivalence: the next live card above is ours and worth the same: b is that card.
      if (above !== 0) {
        const next = above & -above;
        if ((next & hand) !== 0 && (nullGame || points[31 - clz32(next)] === points[b])) continue;
      }
      let score: number;
      if (b === first) score = 1000;
      else if (nullGame) {
        // Null: the declarer wants to stay under the winning card, the defenders to push him over.
        if (len === 0) score = mine ? -b : b;
        else {
          const over = this.beats(b, winBit);
          score = mine ? (over ? -100 - b : b) : over ? b : 100 - b;
        }
      } else {
        const pts = points[b];
        if (len === 0) {
          // Lead a master (nothing of another hand above it in its class) for its points, else something cheap.
          const master = (others & cls & ~((bit << 1) - 1)) === 0;
          const trump = ((this.trumpMask >>> b) & 1) === 1;
          score = master ? 60 + pts + (trump ? 10 : 0) : trump ? 20 - pts : 40 - 2 * pts;
        } else {
          const over = this.beats(b, winBit);
          if (len === 2) {
            // Last to play: the trick is decided by this card.
            if (over || winnerIsFriend) score = 100 + pts * 4 - (over ? b : 0);
            else score = -pts * 4 - b;
          } else if (over) score = 50 + pts * 2 - (b >> 2);
          else if (winnerIsFriend) score = pts * 2;
          else score = -pts * 4 - b;
        }
      }
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

  /** The winner of the last trick when each hand holds one card, at a trick start. */
  private lastTrickWinner(): number {
    const l = this.leader;
    const a = bitIndex(this.hands[l]);
    const b = bitIndex(this.hands[(l + 1) % 3]);
    const c = bitIndex(this.hands[(l + 2) % 3]);
    return (l + this.winnerPosition(a, b, c)) % 3;
  }

  // ------------------------------------------------------------------ value search

  /** The declarer's future card points with perfect play, if within (alpha, beta); fail-soft bounds otherwise. */
  searchValue(alpha: number, beta: number): number {
    this.nodes++;
    const len = this.len;
    let tag = -1;
    let first = -1;
    const alpha0 = alpha;
    const beta0 = beta;
    let k0 = 0;
    let k1 = 0;
    let k2 = 0;
    if (len === 0) {
      const level = this.level;
      if (level === 0) return 0;
      const remaining = this.remaining;
      if (remaining <= alpha) return remaining;
      if (beta <= 0) return 0;
      if (level === 3) return this.lastTrickWinner() === this.declarer ? remaining : 0;
      if (level >= TT_MIN_CARDS) {
        tag = this.leader | (KIND_VALUE << 2);
        packedHands(this.equalRuns, this.equalRunsMask, this.hands[0], this.hands[1], this.hands[2], this.key3);
        k0 = this.key3[0];
        k1 = this.key3[1];
        k2 = this.key3[2];
        const meta = this.tt.probe(k0, k1, k2, tag);
        if (meta >= 0) {
          const lo = ttLower(meta);
          const up = ttUpper(meta);
          if (lo >= beta || lo === up) return lo;
          if (up <= alpha) return up;
          first = ttMove(meta);
        }
      }
    }
    const maximising = (this.leader + len) % 3 === this.declarer;
    const n = this.genMoves(KIND_VALUE, first);
    const base = this.level * 10;
    let best = maximising ? -1 : 1000;
    let bestMove = -1;
    for (let i = 0; i < n; i++) {
      const b = this.moveBuffer[base + i];
      const saved = this.play(b);
      let v: number;
      if (this.len === 0) {
        const gain = this.lastGain;
        v = gain + this.searchValue(alpha - gain, beta - gain);
      } else {
        v = this.searchValue(alpha, beta);
      }
      this.undo(b, saved);
      if (maximising) {
        if (v > best) {
          best = v;
          bestMove = b;
        }
        if (best >= beta) break;
        if (best > alpha) alpha = best;
      } else {
        if (v < best) {
          best = v;
          bestMove = b;
        }
        if (best <= alpha) break;
        if (best < beta) beta = best;
      }
    }
    if (tag >= 0) {
      if (best <= alpha0) this.tt.store(k0, k1, k2, tag, 0, best, bestMove);
      else if (best >= beta0) this.tt.store(k0, k1, k2, tag, best, 127, bestMove);
      else this.tt.store(k0, k1, k2, tag, best, best, bestMove);
    }
    return best;
  }

  /**
   * The exact future card points of the declarer by null-window searches ("at least t?") from a
   * guess. A search that succeeds returns a lower bound barely above t, so plain MTD(f) would
   * climb one point a pass: the steps double while the answers go one way, and once the value is
   * bracketed the bracket is halved.
   */
  exactFuture(guess?: number): number {
    let lower = 0;
    let upper = this.remaining;
    let t = guess === undefined ? Math.round(upper * 0.5) : guess;
    let up = 1;
    let down = 1;
    let high = false;
    let low = false;
    while (lower < upper) {
      if (t <= lower) t = lower + 1;
      if (t > upper) t = upper;
      const v = this.searchValue(t - 1, t);
      this.passes++;
      if (v >= t) {
        lower = v;
        high = true;
      } else {
        upper = v;
        low = true;
      }
      if (high && low) t = (lower + upper + 1) >> 1;
      else if (high) {
        t = lower + up;
        up *= 2;
      } else {
        t = upper + 1 - down;
        down *= 2;
      }
    }
    return lower;
  }

  /** Can the declarer make at least `target` more card points, whatever the defenders do? */
  futureAtLeast(target: number): boolean {
    if (target <= 0) return true;
    if (target > this.remaining) return false;
    return this.searchValue(target - 1, target) >= target;
  }

  // ------------------------------------------------------------------ yes/no searches

  /** Null (R18): can the declarer avoid every remaining trick? */
  nullWon(): boolean {
    return this.searchBool(KIND_NULL);
  }

  /** Suit/grand: can the declarer take every remaining trick (the one on the table included)? */
  takeAll(): boolean {
    return this.searchBool(KIND_ALL);
  }

  /** true when the declarer reaches the search's goal: no trick (null) or every trick (take-all). */
  private searchBool(kind: number): boolean {
    this.nodes++;
    const len = this.len;
    let tag = -1;
    let first = -1;
    let k0 = 0;
    let k1 = 0;
    let k2 = 0;
    if (len === 0) {
      const level = this.level;
      if (level === 0) return true;
      if (level === 3) return (this.lastTrickWinner() === this.declarer) === (kind === KIND_ALL);
      if (level >= TT_MIN_CARDS) {
        tag = this.leader | (kind << 2);
        packedHands(this.equalRuns, this.equalRunsMask, this.hands[0], this.hands[1], this.hands[2], this.key3);
        k0 = this.key3[0];
        k1 = this.key3[1];
        k2 = this.key3[2];
        const meta = this.tt.probe(k0, k1, k2, tag);
        if (meta >= 0) {
          if (ttLower(meta) === ttUpper(meta)) return ttLower(meta) === 1;
          first = ttMove(meta);
        }
      }
    }
    const declarerToMove = (this.leader + len) % 3 === this.declarer;
    const n = this.genMoves(kind, first);
    const base = this.level * 10;
    // The declarer needs one move that works; a defender needs one that breaks it.
    let result = !declarerToMove;
    let decisive = -1;
    for (let i = 0; i < n; i++) {
      const b = this.moveBuffer[base + i];
      const saved = this.play(b);
      let ok: boolean;
      if (this.len === 0) {
        const declarerWon = this.lastWinner === this.declarer;
        ok = (kind === KIND_NULL ? !declarerWon : declarerWon) && this.searchBool(kind);
      } else {
        ok = this.searchBool(kind);
      }
      this.undo(b, saved);
      if (ok === declarerToMove) {
        result = ok;
        decisive = b;
        break;
      }
    }
    if (tag >= 0) {
      const v = result ? 1 : 0;
      this.tt.store(k0, k1, k2, tag, v, v, decisive);
    }
    return result;
  }
}
