import { type AuctionOutcome, judgeBidCall } from '../bidding';
import { PASSED_IN_RESULT } from '../game-end';
import type { BidCall, GameState } from '../game-state';
import type { Move } from '../move';
import { allow, type Judgement } from '../../kernel/refusal';
import { draft, withMove, type Draft } from './draft';
import { notNow } from './move-checks';

// ---------------------------------------------------------------- bidding (R5-R8)

/** `owned`: replay's working state, changed in place (see replayMoves); null: copy (applyMove). */
export function bidCall(state: GameState, move: Extract<Move, { kind: 'bid' | 'hold' | 'pass' }>, owned: Draft | null): Judgement<GameState> | null {
  if (state.phase !== 'bidding' || !state.auction) return notNow(state, 'R6', `a ${move.kind}`);
  const call: BidCall =
    move.kind === 'bid'
      ? { seat: move.seat, call: 'bid', value: move.value }
      : move.kind === 'hold'
        ? { seat: move.seat, call: 'hold', value: state.auction.highest }
        : { seat: move.seat, call: 'pass' };
  const judged: Judgement<AuctionOutcome> = judgeBidCall(state.auction, call);
  if (!judged.ok) return judged;
  const outcome = judged.value;
  let next: Draft;
  if (owned) {
    next = owned;
    (next.biddingHistory as BidCall[]).push(call);
    (next.moves as Move[]).push(move);
  } else {
    next = draft(state);
    next.biddingHistory = withCall(state.biddingHistory, call);
    next.moves = withMove(state.moves, move);
  }
  if (outcome.kind === 'open') {
    next.auction = outcome.auction;
    next.highestBid = outcome.auction.highest;
    return owned ? null : allow(next);
  }
  next.auction = null;
  if (outcome.kind === 'won') {
    next.highestBid = outcome.bid;
    next.declarer = outcome.declarer;
    next.phase = 'skatDecision';
  } else if (state.profile.allPassed === 'ramsch') {
    // All passed with Ramsch on (R42): everyone plays for himself.
    next.phase = 'playing';
    next.playMode = 'ramsch';
  } else {
    // R8: eingepasst.
    next.phase = 'passedIn';
    next.result = PASSED_IN_RESULT;
  }
  return owned ? null : allow(next);
}

function withCall(history: readonly BidCall[], call: BidCall): BidCall[] {
  const n = history.length;
  const out: BidCall[] = new Array(n + 1);
  for (let i = 0; i < n; i++) out[i] = history[i];
  out[n] = call;
  return out;
}
