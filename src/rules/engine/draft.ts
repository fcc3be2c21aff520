import type { Card } from '../card';
import type { GameState } from '../game-state';
import type { Move } from '../move';
import type { Seat } from '../seat';

// How the engine builds states: one object shape, copies that share what a move does not change.

export type Hands = readonly [readonly Card[], readonly Card[], readonly Card[]];

/** A fresh, still-mutable copy of a state. Every state is built through here (one object shape,
 *  which keeps V8's property access monomorphic and the copy cheap); it is never mutated once returned. */
export type Draft = { -readonly [K in keyof GameState]: GameState[K] };
export function draft(s: GameState): Draft {
  return {
    profile: s.profile,
    phase: s.phase,
    dealt: s.dealt,
    hands: s.hands,
    skat: s.skat,
    biddingHistory: s.biddingHistory,
    highestBid: s.highestBid,
    declarer: s.declarer,
    skatPickedUp: s.skatPickedUp,
    discarded: s.discarded,
    declaration: s.declaration,
    kontra: s.kontra,
    re: s.re,
    cardsShown: s.cardsShown,
    resigned: s.resigned,
    currentTrick: s.currentTrick,
    tricks: s.tricks,
    moves: s.moves,
    abandonReason: s.abandonReason,
    result: s.result,
    auction: s.auction,
    playMode: s.playMode,
    claimed: s.claimed,
    endedBy: s.endedBy,
  };
}

export function update(s: GameState, changes: Partial<GameState>): GameState {
  return Object.assign(draft(s), changes);
}

export function withMove(moves: readonly Move[], move: Move): Move[] {
  const n = moves.length;
  const out: Move[] = new Array(n + 1);
  for (let i = 0; i < n; i++) out[i] = moves[i];
  out[n] = move;
  return out;
}

export function withoutAt<T>(xs: readonly T[], at: number): T[] {
  const out: T[] = new Array(xs.length - 1);
  for (let i = 0, j = 0; i < xs.length; i++) if (i !== at) out[j++] = xs[i];
  return out;
}

export function replaceHand(hands: Hands, seat: Seat, hand: readonly Card[]): Hands {
  return seat === 0 ? [hand, hands[1], hands[2]] : seat === 1 ? [hands[0], hand, hands[2]] : [hands[0], hands[1], hand];
}
