import { isBidValue, nextBidValue, MIN_BID } from './bid-values';
import { inputText } from './input-text';
import { allow, refuse, type Judgement } from '../kernel/refusal';
import { FOREHAND, MIDDLEHAND, REARHAND, SEAT_NAMES, type Seat } from './seat';

/** One call of the auction (R6): a bid with its value, a hold, or a pass. */
export interface BidCall {
  readonly seat: Seat;
  readonly call: 'bid' | 'hold' | 'pass';
  readonly value?: number;
}

/**
 * The auction (R5-R8) as a small state machine. Stage 1: middlehand says to forehand. Stage 2:
 * rearhand says to the survivor. Stage 3: forehand's option (R7) when both others passed without
 * a bid. The sayer (junior) must exceed; the listener (senior) only holds or passes (R6).
 */
export interface AuctionState {
  readonly stage: 1 | 2 | 3;
  readonly sayer: Seat;
  readonly listener: Seat;
  /** 'say': the sayer bids or passes; 'answer': the listener holds or passes. */
  readonly awaiting: 'say' | 'answer';
  /** Highest value said or held so far, 0 before any bid. */
  readonly highest: number;
}

export type AuctionOutcome =
  | { readonly kind: 'open'; readonly auction: AuctionState }
  | { readonly kind: 'won'; readonly declarer: Seat; readonly bid: number }
  | { readonly kind: 'allPassed' };

export const OPENING_AUCTION: AuctionState = { stage: 1, sayer: MIDDLEHAND, listener: FOREHAND, awaiting: 'say', highest: 0 };

export function auctionSeatToAct(a: AuctionState): Seat {
  return a.awaiting === 'say' ? a.sayer : a.listener;
}

function open(auction: AuctionState): Judgement<AuctionOutcome> {
  return allow({ kind: 'open', auction });
}

/** Stage 1 has a survivor: rearhand now says to him (R6 "weitersagen"). */
function toStageTwo(survivor: Seat, highest: number): Judgement<AuctionOutcome> {
  return open({ stage: 2, sayer: REARHAND, listener: survivor, awaiting: 'say', highest });
}

/** Judges one call against the auction; the call's seat is checked here too. */
export function judgeBidCall(a: AuctionState, call: BidCall): Judgement<AuctionOutcome> {
  const toAct = auctionSeatToAct(a);
  const who = SEAT_NAMES[call.seat];
  if (a.stage === 3) {
    // R7: only forehand, and only a value of at least 18 or pass.
    if (call.seat !== FOREHAND) return refuse('R7', `middlehand and rearhand have passed; only forehand may still bid 18 or pass, not ${who}`);
    if (call.call === 'pass') return allow({ kind: 'allPassed' });
    if (call.call === 'hold') return refuse('R7', 'nothing has been bid to hold; forehand may bid 18 or pass');
    const v = call.value ?? NaN;
    if (!isBidValue(v)) return refuse('R5', `${inputText(call.value)} is not a bid value; forehand's option is ${MIN_BID}`);
    return allow({ kind: 'won', declarer: FOREHAND, bid: v });
  }
  if (call.seat !== toAct) {
    const task = a.awaiting === 'say' ? `bid to ${SEAT_NAMES[a.listener]}` : `answer ${SEAT_NAMES[a.sayer]}`;
    return refuse('R6', `it is ${SEAT_NAMES[toAct]}'s turn to ${task}, not ${who}'s`);
  }
  if (a.awaiting === 'say') {
    if (call.call === 'hold') return refuse('R6', `${who} must bid a value or pass; holding is ${SEAT_NAMES[a.listener]}'s answer`);
    if (call.call === 'bid') {
      const v = call.value ?? NaN;
      if (!isBidValue(v)) {
        const next = nextBidValue(Number.isFinite(v) ? v : a.highest);
        return refuse('R5', `${inputText(call.value)} is not a bid value${next === null ? '' : `; the next is ${next}`}`);
      }
      if (v <= a.highest) {
        return refuse('R6', `${who} must bid more than ${a.highest} (the junior must exceed; the next value is ${nextBidValue(a.highest) ?? 'none'})`);
      }
      return open({ stage: a.stage, sayer: a.sayer, listener: a.listener, awaiting: 'answer', highest: v });
    }
    // The sayer passes and drops out; the listener survives.
    if (a.stage === 1) return toStageTwo(a.listener, a.highest);
    if (a.highest > 0) return allow({ kind: 'won', declarer: a.listener, bid: a.highest });
    // Nobody bid at all: forehand's option (R7).
    return open({ stage: 3, sayer: FOREHAND, listener: FOREHAND, awaiting: 'say', highest: 0 });
  }
  // Answering: the senior holds (equals) or passes (R6).
  if (call.call === 'bid') {
    return refuse('R6', `${who} answers ${SEAT_NAMES[a.sayer]}'s ${a.highest} by holding (yes) or passing; the senior only needs to equal`);
  }
  if (call.call === 'hold') return open({ stage: a.stage, sayer: a.sayer, listener: a.listener, awaiting: 'say', highest: a.highest });
  // The listener passes and drops out; the sayer survives.
  if (a.stage === 1) return toStageTwo(a.sayer, a.highest);
  return allow({ kind: 'won', declarer: a.sayer, bid: a.highest });
}

/** Compact legal calls: the next legal bid (if any) and pass, or hold and pass. */
export function legalBidCalls(a: AuctionState): BidCall[] {
  const seat = auctionSeatToAct(a);
  if (a.stage === 3)
    return [
      { seat, call: 'bid', value: MIN_BID },
      { seat, call: 'pass' },
    ];
  if (a.awaiting === 'answer')
    return [
      { seat, call: 'hold', value: a.highest },
      { seat, call: 'pass' },
    ];
  const next = nextBidValue(a.highest);
  return next === null
    ? [{ seat, call: 'pass' }]
    : [
        { seat, call: 'bid', value: next },
        { seat, call: 'pass' },
      ];
}
