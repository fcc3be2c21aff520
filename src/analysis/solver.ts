import type { Card } from '../rules/card';
import * as cardBounds from './card-bounds';
import * as moveOrder from './move-order';
import { packedHands, packedTrumpGameHands } from './position-key';
import type { SolverPosition } from './solver-position';
import { warmUpPositions } from './solver-warm-up';
import { TranspositionTable, ttLower, ttMove, ttUpper } from './transposition-table';

// Read once into module constants (see card-bounds).
const { NO_BOUND } = cardBounds;
const { KIND_ALL, KIND_NULL, KIND_VALUE } = moveOrder;
/** Trick starts with fewer cards left are not looked up: the last two tricks are counted (last-two-tricks). */
const TT_MIN_CARDS = 9;
// Bound once: a global looked up per call is slow where the global object is a sandbox's (jest).
const { clz32 } = Math;
/** Set once the first solver of this thread has run its warm-up (solver-warm-up). */
let warmedUp = false;

export interface SolverStats {
  /** Positions visited (one per card considered). */
  readonly nodes: number;
  readonly ttProbes: number;
  readonly ttHits: number;
  /** Moves of the value search settled by a touching card's bound without being searched (mateBound). */
  readonly mateSkips: number;
  /** Last cards of a trick settled by lastCardMoves without searching a card. */
  readonly lastCardCuts: number;
  /** Positions of the last two tricks counted line by line (last-two-tricks) instead of searched. */
  readonly lastTwoTricks: number;
}

export interface SolverOptions {
  /** log2 of the transposition table's slots (16 bytes each); default 20 (16 MiB), at most 22 (64 MiB). */
  readonly ttBits?: number;
  /** log2 of the slots a search starts on before the table grows (default 17). */
  readonly ttStartBits?: number;
}

/**
 * A perfect-information Skat solver (pure, no I/O): alpha-beta over the card play with 32-bit
 * hand masks (solver-state), a bounded transposition table at trick starts (keyed by the hands
 * packed by quasi-symmetry, see position-key) holding lower and upper bounds that later
 * null-window passes reuse, sure-trick point bounds at trick starts, bounds of a trick's last card
 * from the side each legal card gives the trick to, the last two tricks counted line by line
 * (last-two-tricks), and move generation with
 * rank equivalence and dominance of touching cards and killer cards (move-order). One solver holds one position
 * at a time; its table is reused while the game and the declarer stay the same (the next position
 * of the same deal, or another discard), because what it stores depends on nothing else.
 */
export class Solver extends cardBounds.CardBounds {
  private readonly tt: TranspositionTable;
  /** The table key of the position being searched (the hands packed by quasi-symmetry). */
  private readonly key3 = new Int32Array(3);
  private key = '';
  /**
   * exactFuture's bounds and best card of the positions of the root's trick, kept from one
   * null-window pass to the next (the table keeps trick starts only), by rootKey: the cards played
   * since the root, (first + 1) * 33 + (second + 1), 0 for the root itself.
   */
  private readonly rootLower = new Int16Array(33 * 33);
  private readonly rootUpper = new Int16Array(33 * 33);
  private readonly rootBest = new Int8Array(33 * 33);
  /** Null-window searches run by exactFuture. */
  passes = 0;
  /** Told of each pass of exactFuture (its threshold, the bound it returned, the positions it visited): diagnostics. */
  onPass: ((threshold: number, bound: number, nodes: number) => void) | null = null;
  private lastTwoTricksCounted = 0;

  constructor(options: SolverOptions = {}) {
    super();
    this.tt = new TranspositionTable(options.ttBits ?? 20, options.ttStartBits);
    if (!warmedUp) {
      warmedUp = true;
      this.warmUp();
    }
  }

  /** Every search once from the warm-up positions, then all of it forgotten (solver-warm-up says why). */
  private warmUp(): void {
    for (const pos of warmUpPositions()) {
      this.load(pos);
      this.tickIn = 3;
      if (pos.game === 'null') this.nullWon();
      else {
        this.exactFuture();
        this.tickIn = 3;
        this.futureAtLeast(this.remaining >> 1);
        this.takeAll();
      }
    }
    this.key = '';
    this.clearTable();
    this.tt.probes = this.tt.hits = 0;
    this.nodes = this.passes = this.mateSkips = this.lastCardCuts = this.lastTwoTricksCounted = 0;
    this.tickIn = 0x10000;
  }

  get stats(): SolverStats {
    return {
      nodes: this.nodes,
      ttProbes: this.tt.probes,
      ttHits: this.tt.hits,
      mateSkips: this.mateSkips,
      lastCardCuts: this.lastCardCuts,
      lastTwoTricks: this.lastTwoTricksCounted,
    };
  }

  get tableBytes(): number {
    return this.tt.bytes;
  }

  /** Sets up a position; keeps the table when the game and declarer are those of the last one. */
  override load(pos: SolverPosition): void {
    const key = `${pos.game}${pos.trump ?? ''}${pos.declarer}`;
    if (key !== this.key) {
      this.tt.newGeneration();
      this.killers.fill(-1);
      this.key = key;
    }
    super.load(pos);
  }

  /** Forgets the table (a caller wanting timings of a cold solve). */
  clearTable(): void {
    this.tt.newGeneration();
    this.killers.fill(-1);
  }

  // ------------------------------------------------------------------ value search

  /** The declarer's future card points with perfect play, if within (alpha, beta); fail-soft bounds otherwise. */
  searchValue(alpha: number, beta: number): number {
    this.nodes++;
    if (--this.tickIn === 0) this.ticked();
    const len = this.len;
    let tag = -1;
    let first = -1;
    const alpha0 = alpha;
    const beta0 = beta;
    let k0 = 0;
    let k1 = 0;
    let k2 = 0;
    let n = 0;
    if (len === 0) {
      const level = this.level;
      if (level === 0) return 0;
      const remaining = this.remaining;
      if (remaining <= alpha) return remaining;
      if (beta <= 0) return 0;
      if (level === 3) return this.lastTrickWinner() === this.declarer ? remaining : 0;
      if (level === 6) {
        this.lastTwoTricksCounted++;
        return this.lastTwoTricksValue(KIND_VALUE);
      }
      if (level >= TT_MIN_CARDS) {
        tag = this.leader | (KIND_VALUE << 2);
        this.packKey();
        k0 = this.key3[0];
        k1 = this.key3[1];
        k2 = this.key3[2];
        const meta = this.tt.probe(k0, k1, k2, tag);
        if (meta >= 0) {
          // ttLower, ttUpper and ttMove inline (a call to another module's function is not inlined here).
          const lo = (meta >>> 4) & 0x7f;
          const up = (meta >>> 11) & 0x7f;
          if (lo >= beta || lo === up) return lo;
          if (up <= alpha) return up;
          first = ((meta >>> 18) & 0x3f) - 1;
        }
      }
      // The bounds of pointBounds (inline: this is the hot path). Both are computed before either
      // is tested: a return that reads a field or does arithmetic first makes the optimised code
      // deoptimise the first time it is taken, and Node 20's V8 then sometimes never optimises
      // this function again (the whole search runs at half speed in that process).
      const sure = this.sureLeaderPoints();
      this.topTrumpPoints();
      let lowerBound: number;
      let upperBound: number;
      if (this.leader === this.declarer) {
        lowerBound = sure;
        upperBound = remaining - this.defenderTopTrumps;
      } else {
        // The leader's plain sure tricks and every defender's top trumps (the leader's among them).
        lowerBound = this.declarerTopTrumps;
        upperBound = remaining - (sure - this.sureTrumpPart + this.defenderTopTrumps);
      }
      if (lowerBound >= beta) return lowerBound;
      if (upperBound <= alpha) return upperBound;
    } else if (len === 2) {
      // The last card's bounds, or its move list (minus its length).
      const bound = this.lastCardMoves(alpha, beta);
      if (bound >= 0) return bound;
      n = -bound;
    }
    const maximising = (this.leader + len) % 3 === this.declarer;
    if (len !== 2) n = this.genMoves(KIND_VALUE, first);
    const base = this.level * 10;
    let best = maximising ? -1 : 1000;
    let bestMove = -1;
    const values = this.valueBuffer;
    const moverHand = this.hands[(this.leader + len) % 3];
    const live = this.live;
    for (let i = 0; i < n; i++) {
      const b = this.moveBuffer[base + i];
      // A touching card of the same hand searched before may bound this one (within the points between them).
      let v = NO_BOUND;
      if (i > 0) {
        // Only a card with a touching neighbour in its hand can have a mate.
        const cls = this.classMaskOfBit[b];
        const up = live & cls & ~((2 << b) - 1);
        const down = live & cls & ((1 << b) - 1);
        if ((up & -up & moverHand) !== 0 || (down !== 0 && ((moverHand >>> (31 - clz32(down))) & 1) === 1))
          v = this.mateBound(base, i, b, maximising, alpha, beta) | 0;
      }
      if (v === NO_BOUND) {
        const saved = this.play(b);
        if (this.len === 0) {
          const gain = this.lastGain;
          v = gain + (this.searchValue(alpha - gain, beta - gain) | 0);
        } else {
          // `| 0`: an int32 for the optimised code (a call's result is otherwise kept as a double here).
          v = this.searchValue(alpha, beta) | 0;
        }
        this.undo(b, saved);
      }
      values[base + i] = v;
      if (maximising) {
        if (v > best) {
          best = v;
          bestMove = b;
        }
        if (best >= beta) {
          this.killers[this.level * 3 + this.toMove] = b;
          break;
        }
        if (best > alpha) alpha = best;
      } else {
        if (v < best) {
          best = v;
          bestMove = b;
        }
        if (best <= alpha) {
          this.killers[this.level * 3 + this.toMove] = b;
          break;
        }
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
   * searchValue for the root of exactFuture and the positions of its trick (before the trick's
   * last card is played: every later position is a trick start, or inside a later trick, and goes
   * to searchValue and its table). Their bounds are kept from pass to pass (rootLower,
   * rootUpper): a later pass takes a card's known bound instead of searching it again when that
   * bound settles its window, where searchValue would search again the card's trick (the table
   * keeps trick starts only). The root keeps its best card for the next pass (rootBest, or the
   * table's at a trick start); the other positions order their cards by the heuristics, as the
   * value search does (a best card kept there ordered worse). `key`: rootKey.
   */
  private searchRootTrick(alpha: number, beta: number, key: number): number {
    this.nodes++;
    if (--this.tickIn === 0) this.ticked();
    let lo = this.rootLower[key];
    let up = this.rootUpper[key];
    let first = key === 0 ? this.rootBest[key] : -1;
    const len = this.len;
    let tag = -1;
    let k0 = 0;
    let k1 = 0;
    let k2 = 0;
    if (key === 0 && len === 0) {
      // A trick start: the table's bounds and best card too (a position solved before).
      tag = this.leader | (KIND_VALUE << 2);
      this.packKey();
      k0 = this.key3[0];
      k1 = this.key3[1];
      k2 = this.key3[2];
      const meta = this.tt.probe(k0, k1, k2, tag);
      if (meta >= 0) {
        if (ttLower(meta) > lo) lo = ttLower(meta);
        if (ttUpper(meta) < up) up = ttUpper(meta);
        if (first < 0) first = ttMove(meta);
      }
    }
    if (lo >= beta || lo === up) return lo;
    if (up <= alpha) return up;
    // At a trick's last card: its bound, or its move list (minus its length).
    const bound = len === 2 ? this.lastCardMoves(alpha, beta) : -this.genMoves(KIND_VALUE, first);
    if (bound >= 0) return bound;
    const n = -bound;
    const alpha0 = alpha;
    const beta0 = beta;
    const maximising = (this.leader + len) % 3 === this.declarer;
    const base = this.level * 10;
    let best = maximising ? -1 : 1000;
    let bestMove = -1;
    for (let i = 0; i < n; i++) {
      const b = this.moveBuffer[base + i];
      let v = i > 0 ? this.mateBound(base, i, b, maximising, alpha, beta) : NO_BOUND;
      if (v === NO_BOUND) {
        const saved = this.play(b);
        if (this.len === 0) {
          const gain = this.lastGain;
          v = gain + this.searchValue(alpha - gain, beta - gain);
        } else {
          v = this.searchRootTrick(alpha, beta, key === 0 ? b + 1 : key * 33 + b + 1);
        }
        this.undo(b, saved);
      }
      this.valueBuffer[base + i] = v;
      if (maximising ? v > best : v < best) {
        best = v;
        bestMove = b;
      }
      if (maximising ? best >= beta : best <= alpha) {
        this.killers[this.level * 3 + this.toMove] = b;
        break;
      }
      if (maximising && best > alpha) alpha = best;
      if (!maximising && best < beta) beta = best;
    }
    if (best <= alpha0) up = best < up ? best : up;
    else if (best >= beta0) lo = best > lo ? best : lo;
    else lo = up = best;
    this.rootLower[key] = lo;
    this.rootUpper[key] = up;
    this.rootBest[key] = bestMove;
    if (tag >= 0) this.tt.store(k0, k1, k2, tag, lo, up, bestMove);
    return best;
  }

  /** The table key of this trick start into key3 (the hands packed, see position-key). */
  private packKey(): void {
    if (this.trumpGame) packedTrumpGameHands(this.hands[0], this.hands[1], this.hands[2], this.key3);
    else packedHands(this.equalRuns, this.equalRunsMask, this.hands[0], this.hands[1], this.hands[2], this.key3);
  }

  /** The tick's branch of the searches (see tickIn). */
  private ticked(): void {
    this.tickIn = 0x10000;
    if (this.tick !== null) this.tick();
  }

  /** The legal cards a search of this kind would try here, in its order (for specs and diagnostics). */
  searchedCards(kind: 'value' | 'null' | 'all'): Card[] {
    const n = this.genMoves(kind === 'value' ? KIND_VALUE : kind === 'null' ? KIND_NULL : KIND_ALL, -1);
    const base = this.level * 10;
    return Array.from({ length: n }, (_, i) => this.cardOfBit(this.moveBuffer[base + i]));
  }

  /**
   * The exact future card points of the declarer by null-window searches ("at least t?") from a
   * guess (the caller's, e.g. the value of the neighbouring position, or a line played out), the
   * value bracketed from the start by the sure tricks of the side to lead. Every pass stores its
   * bounds in the table, so later passes cut where earlier ones proved enough. A search that
   * succeeds returns a lower bound barely above t, so plain MTD(f) would climb one point a pass:
   * the steps double while the answers go one way, and once the value is bracketed the bracket
   * is halved.
   */
  exactFuture(guess?: number): number {
    // The point bounds of a trick start bracket the value at the root too.
    const [lower0, upper0] = this.pointBounds();
    let lower = lower0;
    let upper = upper0;
    // No guess given: one line played out by the move ordering (within about 12 points, mostly above).
    let t = guess === undefined ? this.playoutEstimate() - 5 : guess;
    let up = 1;
    let down = 1;
    let high = false;
    let low = false;
    // The root's trick is searched with its bounds kept between passes (searchRootTrick).
    const rootTrick = this.level > TT_MIN_CARDS;
    if (rootTrick) {
      this.rootLower.fill(0);
      this.rootUpper.fill(127);
      this.rootBest.fill(-1);
    }
    while (lower < upper) {
      if (t <= lower) t = lower + 1;
      if (t > upper) t = upper;
      const nodes0 = this.nodes;
      const v = rootTrick ? this.searchRootTrick(t - 1, t, 0) : this.searchValue(t - 1, t);
      this.passes++;
      if (this.onPass !== null) this.onPass(t, v, this.nodes - nodes0);
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
    if (--this.tickIn === 0) this.ticked();
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
      if (level === 6) {
        this.lastTwoTricksCounted++;
        return this.lastTwoTricksValue(kind) === 1;
      }
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
