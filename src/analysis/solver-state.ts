import type { Card } from '../rules/card';
import type { Seat } from '../rules/seat';
import { type CardLayout, cardLayout, maskOf } from './card-layout';
import type { SolverPosition } from './solver-position';
import { popcount } from './transposition-table';

// Bound once: a global looked up per call is slow where the global object is a sandbox's (jest).
const { clz32 } = Math;

export const bitIndex = (bit: number): number => 31 - clz32(bit);

/**
 * The position the solver searches, as 32-bit masks (see card-layout): the three hands, the trick
 * on the table, who leads, what is still in play; play and undo in place. The searches
 * (solver.ts) and the move generation (move-order.ts) build on it.
 */
export class SolverState {
  protected layout: CardLayout = cardLayout('grand', null);
  protected readonly hands = new Int32Array(3);
  /** Bits (0..31) of the cards on the table, in play order. */
  protected readonly table = new Int32Array(3);
  protected len = 0;
  protected leader = 0;
  protected declarer = 0;
  /** Card points still to be won: in the hands and on the table. */
  protected remaining = 0;
  /** Cards still in play: in the hands and on the table. */
  protected live = 0;
  /** Cards still in the hands. */
  protected level = 0;
  protected pointsOfBit: Int8Array = this.layout.pointsOfBit;
  protected classMaskOfBit: Int32Array = this.layout.classMaskOfBit;
  protected trumpMask = 0;
  /** The class masks of the layout (4 plain suits and the trumps, or 4 null suits). */
  protected classMasks: readonly number[] = [];
  /** The runs of equal cards as packedHands takes them (position-key). */
  protected equalRuns: Int32Array = this.layout.runPairs;
  protected equalRunsMask = this.layout.equalRunsMask;
  /** A suit or grand game: its positions are packed by packedTrumpGameHands (position-key). */
  protected trumpGame = true;
  /** Points the declarer took with the trick just completed by the last play. */
  protected lastGain = 0;
  protected lastWinner = 0;
  /** Positions visited (one per card considered). */
  nodes = 0;
  /**
   * Called every 65,536 positions while searching (a caller's budget check: it may throw to stop
   * the search, after which the solver must be loaded again). Null: none. Keep one function for
   * the solver's life: the call is compiled for the first target it saw.
   */
  tick: (() => void) | null = null;
  /** Positions until the next tick (the warm-up, solver-warm-up, runs the tick's branch before V8 compiles the searches). */
  protected tickIn = 0x10000;

  /** Sets up a position (checked by the caller, see position-check). */
  load(pos: SolverPosition): void {
    const layout = cardLayout(pos.game, pos.trump);
    this.layout = layout;
    this.pointsOfBit = layout.pointsOfBit;
    this.classMaskOfBit = layout.classMaskOfBit;
    this.trumpMask = layout.trumpMask;
    this.classMasks = [...new Set(layout.classMaskOfBit)];
    this.equalRuns = layout.runPairs;
    this.equalRunsMask = layout.equalRunsMask;
    this.trumpGame = layout.game !== 'null';
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
   * higher card of the same hand that is equivalent for every question (rank equivalence: no
   * other live card between them in their class, and the same card points, or any in null).
   */
  representatives(): Map<number, number> {
    const legal = this.legalMask();
    const hand = this.hands[(this.leader + this.len) % 3];
    const out = new Map<number, number>();
    for (let m = legal; m !== 0;) {
      const b = bitIndex(m);
      m &= ~(1 << b);
      const above = this.equivalentAbove(b, hand);
      out.set(b, above < 0 ? b : (out.get(above) as number));
    }
    return out;
  }

  /** The next higher live card of b's class when it is in `hand` and worth the same (or any, in null); else -1. */
  private equivalentAbove(b: number, hand: number): number {
    const aboveMask = this.live & this.classMaskOfBit[b] & ~((2 << b) - 1);
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
  protected winnerPosition(a: number, b: number, c: number): number {
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
  protected beats(x: number, best: number): boolean {
    return x > best && (this.classMaskOfBit[x] === this.classMaskOfBit[best] || ((this.trumpMask >>> x) & 1) === 1);
  }

  /** The cards that beat card `best` (R17): higher cards of its class, and trumps above it. */
  protected beatersOf(best: number): number {
    return (this.classMaskOfBit[best] | this.trumpMask) & ~((2 << best) - 1);
  }

  /** The winner of the last trick when each hand holds one card, at a trick start. */
  protected lastTrickWinner(): number {
    const l = this.leader;
    const a = bitIndex(this.hands[l]);
    const b = bitIndex(this.hands[(l + 1) % 3]);
    const c = bitIndex(this.hands[(l + 2) % 3]);
    return (l + this.winnerPosition(a, b, c)) % 3;
  }
}
