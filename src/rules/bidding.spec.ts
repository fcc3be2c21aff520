import { type AuctionOutcome, type AuctionState, judgeBidCall, legalBidCalls, OPENING_AUCTION } from './bidding';
import type { BidCall } from './game-state';
import type { Judgement } from '../kernel/refusal';
import type { Seat } from './seat';

/** Parses ISS-style bidding "1 18 0 y 2 p" into calls. */
function calls(text: string): BidCall[] {
  const t = text.trim().split(/\s+/);
  const out: BidCall[] = [];
  for (let i = 0; i < t.length; i += 2) {
    const seat = Number(t[i]) as Seat;
    const a = t[i + 1];
    out.push(a === 'p' ? { seat, call: 'pass' } : a === 'y' ? { seat, call: 'hold' } : { seat, call: 'bid', value: Number(a) });
  }
  return out;
}

function run(text: string): Judgement<AuctionOutcome> {
  let a: AuctionState = OPENING_AUCTION;
  let last: Judgement<AuctionOutcome> = { ok: true, value: { kind: 'open', auction: a } };
  for (const c of calls(text)) {
    if (!(last.ok && last.value.kind === 'open')) throw new Error('auction already over');
    last = judgeBidCall(a, c);
    if (!last.ok) return last;
    if (last.value.kind === 'open') a = last.value.auction;
  }
  return last;
}

const won = (declarer: number, bid: number) => ({ ok: true, value: { kind: 'won', declarer, bid } });

describe('bidding', () => {
  it('R6: middlehand says to forehand; forehand holds or passes; the bid is the last value held', () => {
    expect(run('1 18 0 y 1 20 0 y 1 22 0 p 2 p')).toEqual(won(1, 22));
    expect(run('1 18 0 y 1 20 0 y 1 p 2 p')).toEqual(won(0, 20));
  });

  it('R6: rearhand then says to the survivor and must exceed the highest value reached', () => {
    expect(run('1 18 0 p 2 20 1 y 2 22 1 y 2 23 1 y 2 24 1 y 2 p')).toEqual(won(1, 24));
    expect(run('1 p 2 18 0 y 2 20 0 y 2 22 0 y 2 23 0 p')).toEqual(won(2, 23));
    const r = run('1 20 0 p 2 20');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusal).toEqual({ ruleId: 'R6', reason: 'rearhand must bid more than 20 (the junior must exceed; the next value is 22)' });
  });

  it('R6: the senior only equals: the listener may not say a number', () => {
    const r = run('1 18 0 20');
    if (r.ok) throw new Error('accepted');
    expect(r.refusal.ruleId).toBe('R6');
    expect(r.refusal.reason).toContain('holding (yes) or passing');
  });

  it('R6: "geben, hören, sagen": the wrong seat is refused', () => {
    const r = run('2 18');
    if (r.ok) throw new Error('accepted');
    expect(r.refusal).toEqual({ ruleId: 'R6', reason: "it is middlehand's turn to bid to forehand, not rearhand's" });
    const r2 = run('1 18 2 y');
    if (r2.ok) throw new Error('accepted');
    expect(r2.refusal.reason).toBe("it is forehand's turn to answer middlehand, not rearhand's");
  });

  it('R5: only legal values may be said; jump bids are allowed', () => {
    const r = run('1 19');
    if (r.ok) throw new Error('accepted');
    expect(r.refusal).toEqual({ ruleId: 'R5', reason: '19 is not a bid value; the next is 20' });
    expect(run('1 48 0 p 2 p')).toEqual(won(1, 48));
    expect(run('1 18 0 y 1 264 0 p 2 p')).toEqual(won(1, 264));
  });

  it('R6: a middlehand pass at once ends stage 1 and rearhand says to forehand', () => {
    expect(run('1 p 2 18 0 p')).toEqual(won(2, 18));
    const open = run('1 p');
    expect(open.ok && open.value.kind === 'open' && open.value.auction.sayer === 2 && open.value.auction.listener === 0).toBe(true);
  });

  it('R6: holding is an answer, not something the sayer can do', () => {
    const r = run('1 y');
    if (r.ok) throw new Error('accepted');
    expect(r.refusal.ruleId).toBe('R6');
  });

  it("R7: forehand's option at 18 when both others pass", () => {
    expect(run('1 p 2 p 0 18')).toEqual(won(0, 18));
    const r = run('1 p 2 p 1 18');
    if (r.ok) throw new Error('accepted');
    expect(r.refusal.ruleId).toBe('R7');
    const hold = run('1 p 2 p 0 y');
    expect(hold.ok).toBe(false);
  });

  it('R8: all three pass', () => {
    expect(run('1 p 2 p 0 p')).toEqual({ ok: true, value: { kind: 'allPassed' } });
  });

  it('R6: rearhand passing at once leaves the survivor of stage 1 declarer at his value', () => {
    expect(run('1 18 0 p 2 p')).toEqual(won(1, 18));
    expect(run('1 18 0 y 1 p 2 p')).toEqual(won(0, 18));
  });

  it('lists the compact legal calls: next bid and pass, or hold and pass', () => {
    expect(legalBidCalls(OPENING_AUCTION)).toEqual([
      { seat: 1, call: 'bid', value: 18 },
      { seat: 1, call: 'pass' },
    ]);
    const r = run('1 18');
    if (!(r.ok && r.value.kind === 'open')) throw new Error();
    expect(legalBidCalls(r.value.auction)).toEqual([
      { seat: 0, call: 'hold', value: 18 },
      { seat: 0, call: 'pass' },
    ]);
  });
});
