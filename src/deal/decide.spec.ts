import type { Card } from '../rules/card';
import { legalMoves } from '../rules/game';
import type { Declaration } from '../rules/declaration';
import type { DealCommand, StartDeal } from './commands';
import { decide, type DecideContext } from './decide';
import { decideAll } from './decideAll';
import { initialDealState, type DealState } from './dealState';
import type { DealEvent } from './events';
import { evolve } from './evolve';

// A fixed deal: forehand Anna holds the jacks and clubs, middlehand Ben spades, rearhand Cleo hearts/diamonds.
const HANDS: [Card[], Card[], Card[]] = [
  ['CJ', 'SJ', 'HJ', 'DJ', 'CA', 'CT', 'CK', 'CQ', 'C9', 'C8'],
  ['SA', 'ST', 'SK', 'SQ', 'S9', 'S8', 'S7', 'HA', 'HT', 'HK'],
  ['HQ', 'H9', 'H8', 'H7', 'DA', 'DT', 'DK', 'DQ', 'D9', 'D8'],
];
const SKAT: [Card, Card] = ['C7', 'D7'];
const D = 'd1';
const player: DecideContext = { actorId: 'Anna', role: 'player', now: '2026-11-29T10:00:00.000Z' };
const arbiter: DecideContext = { actorId: 'Ulla', role: 'arbiter', now: '2026-11-29T11:00:00.000Z' };
const clubs: Declaration = { gameType: 'clubs', hand: false, schneiderAnnounced: false, schwarzAnnounced: false, ouvert: false };

const start: StartDeal = {
  type: 'StartDeal',
  dealId: D,
  dealer: 'Cleo',
  players: ['Anna', 'Ben', 'Cleo'],
  cards: { kind: 'given', hands: HANDS, skat: SKAT },
  startedAt: '2026-11-29T09:00:00.000Z',
};

/** Given these commands were accepted (ids given to events so corrections can refer to them). */
function given(...commands: DealCommand[]): DealState {
  let state = initialDealState;
  let n = 0;
  for (const c of commands) {
    const r = decide(c, state, player);
    if (!r.ok) throw new Error(`given: ${c.type} refused: ${r.refusal.ruleId} ${r.refusal.reason}`);
    state = r.value.reduce((s, e) => evolve(s, { ...e, eventId: `e${n++}` }), state);
  }
  return state;
}
const when = (state: DealState, command: DealCommand, ctx: DecideContext = player) => decide(command, state, ctx);
const types = (events: readonly DealEvent[]) => events.map((e) => e.type);
function thenEvents(r: ReturnType<typeof decide>): DealEvent[] {
  if (!r.ok) throw new Error(`refused: ${r.refusal.ruleId} ${r.refusal.reason}`);
  return r.value;
}
function thenRefused(r: ReturnType<typeof decide>, ruleId: string): void {
  expect(r.ok).toBe(false);
  if (!r.ok) {
    expect(r.refusal.ruleId).toBe(ruleId);
    expect(r.refusal.reason.length).toBeGreaterThan(5);
  }
}

// Commands of the auction in which Anna (forehand) wins at 18 (R6).
const bid18: DealCommand = { type: 'CallBid', dealId: D, seat: 1, value: 18 };
const hold: DealCommand = { type: 'HoldBid', dealId: D, seat: 0 };
const benPasses: DealCommand = { type: 'PassBid', dealId: D, seat: 1 };
const cleoPasses: DealCommand = { type: 'PassBid', dealId: D, seat: 2 };
const take: DealCommand = { type: 'TakeSkat', dealId: D, seat: 0 };
const discard: DealCommand = { type: 'DiscardSkat', dealId: D, seat: 0, cards: ['C8', 'D7'] };
const declareClubs: DealCommand = { type: 'DeclareGame', dealId: D, seat: 0, declaration: clubs };
const auctionWon = [start, bid18, hold, benPasses, cleoPasses];
const playing = [...auctionWon, take, discard, declareClubs];

describe('deal decider: StartDeal', () => {
  it('R2/R4: records DealStarted with profile and version, then CardsDealt', () => {
    const events = thenEvents(when(initialDealState, start));
    expect(types(events)).toEqual(['DealStarted', 'CardsDealt']);
    const [started, dealt] = events;
    expect(started.type === 'DealStarted' && started.data).toMatchObject({ dealId: D, dealer: 'Cleo', players: ['Anna', 'Ben', 'Cleo'], profileId: 'isko', profileVersion: expect.any(String), dealNumber: 1 });
    expect(dealt.type === 'CardsDealt' && dealt.data).toMatchObject({ hands: HANDS, skat: SKAT, shuffle: 'given' });
  });
  it('R4: a seeded server shuffle is reproducible', () => {
    const cmd: StartDeal = { ...start, cards: { kind: 'seeded', seed: 'abc' } };
    expect(thenEvents(when(initialDealState, cmd))).toEqual(thenEvents(when(initialDealState, cmd)));
  });
  it('R4: a crypto shuffle uses the deck the shell supplies; refused without one', () => {
    thenRefused(when(initialDealState, { ...start, cards: { kind: 'crypto' } }), 'R4');
    const deck = [...HANDS[0], ...HANDS[1], ...HANDS[2], ...SKAT];
    expect(types(thenEvents(when(initialDealState, { ...start, cards: { kind: 'crypto' } }, { ...player, serverDeck: deck })))).toEqual(['DealStarted', 'CardsDealt']);
  });
  it('L1: refuses a second start', () => thenRefused(when(given(start), start), 'L1'));
  it('R2: refuses two players, or the same player twice', () => {
    thenRefused(when(initialDealState, { ...start, players: ['Anna', 'Ben'] as unknown as StartDeal['players'] }), 'R2');
    thenRefused(when(initialDealState, { ...start, players: ['Anna', 'Anna', 'Cleo'] }), 'R2');
  });
  it('R3: at a 3-table the dealer is rearhand; at 4 he sits out', () => {
    thenRefused(when(initialDealState, { ...start, dealer: 'Anna' }), 'R3');
    expect(when(initialDealState, { ...start, dealer: 'Dora', sittingOut: ['Dora'] }).ok).toBe(true);
    thenRefused(when(initialDealState, { ...start, dealer: 'Dora', sittingOut: ['Anna'] }), 'R3');
  });
  it('R1: refuses a duplicated card; R4: refuses short hands', () => {
    const dup: [Card[], Card[], Card[]] = [HANDS[0], HANDS[1], [...HANDS[2].slice(0, 9), 'CJ']];
    thenRefused(when(initialDealState, { ...start, cards: { kind: 'given', hands: dup, skat: SKAT } }), 'R1');
    const short: [Card[], Card[], Card[]] = [HANDS[0].slice(0, 9), HANDS[1], HANDS[2]];
    thenRefused(when(initialDealState, { ...start, cards: { kind: 'given', hands: short, skat: SKAT } }), 'R4');
  });
  it('L9: refuses an unknown rule profile', () => thenRefused(when(initialDealState, { ...start, profileId: 'nonsense' }), 'L9'));
  it('L2: any other command on a deal that was never started is refused', () => thenRefused(when(initialDealState, bid18), 'L2'));
});

describe('deal decider: bidding (R5-R8)', () => {
  it('CallBid records BidCalled', () => {
    expect(thenEvents(when(given(start), bid18))).toEqual([{ type: 'BidCalled', data: { seat: 1, value: 18 } }]);
  });
  it('R5: refuses a value no game can be worth', () => thenRefused(when(given(start), { ...bid18, value: 19 } as DealCommand), 'R5'));
  it('R6: refuses a bid out of turn', () => {
    const r = when(given(start), { type: 'CallBid', dealId: D, seat: 2, value: 18 });
    expect(r.ok).toBe(false);
  });
  it('HoldBid records BidHeld with the value held', () => {
    expect(thenEvents(when(given(start, bid18), hold))).toEqual([{ type: 'BidHeld', data: { seat: 0, value: 18 } }]);
  });
  it('R6: refuses a hold when there is nothing to hold', () => {
    expect(when(given(start), hold).ok).toBe(false);
  });
  it('PassBid records BidPassed', () => {
    expect(thenEvents(when(given(start, bid18, hold), benPasses))).toEqual([{ type: 'BidPassed', data: { seat: 1 } }]);
  });
  it('R8: the third pass records BidPassed, DealPassedIn and DealScored (passed in, no score)', () => {
    const state = given(start, { type: 'PassBid', dealId: D, seat: 1 }, { type: 'PassBid', dealId: D, seat: 2 });
    const events = thenEvents(when(state, { type: 'PassBid', dealId: D, seat: 0 }));
    expect(types(events)).toEqual(['BidPassed', 'DealPassedIn', 'DealScored']);
    const scored = events[2];
    expect(scored.type === 'DealScored' && scored.data.result).toMatchObject({ kind: 'passedIn', passedIn: true, score: null });
  });
  it('R2: refuses a seat outside 0-2', () => thenRefused(when(given(start), { ...bid18, seat: 3 } as unknown as DealCommand), 'R2'));
});

describe('deal decider: skat, discard, declaration (R9-R14)', () => {
  it('TakeSkat records SkatTaken with the two skat cards', () => {
    expect(thenEvents(when(given(...auctionWon), take))).toEqual([{ type: 'SkatTaken', data: { seat: 0, skat: SKAT } }]);
  });
  it('R9: refuses TakeSkat by a player who is not the declarer', () => {
    expect(when(given(...auctionWon), { ...take, seat: 1 } as DealCommand).ok).toBe(false);
  });
  it('DiscardSkat records SkatDiscarded', () => {
    expect(thenEvents(when(given(...auctionWon, take), discard))).toEqual([{ type: 'SkatDiscarded', data: { seat: 0, cards: ['C8', 'D7'] } }]);
  });
  it('R10: refuses discarding a card the declarer does not hold', () => {
    const r = when(given(...auctionWon, take), { ...discard, cards: ['SA', 'D7'] } as DealCommand);
    expect(r.ok).toBe(false);
  });
  it('DeclareGame records GameDeclared', () => {
    expect(thenEvents(when(given(...auctionWon, take, discard), declareClubs))).toEqual([{ type: 'GameDeclared', data: { seat: 0, declaration: clubs } }]);
  });
  it('R12: refuses schneider announced after picking up the skat', () => {
    thenRefused(when(given(...auctionWon, take, discard), { ...declareClubs, declaration: { ...clubs, schneiderAnnounced: true } } as DealCommand), 'R12');
  });
  it('R9: a hand game is declared without taking the skat', () => {
    const events = thenEvents(when(given(...auctionWon), { ...declareClubs, declaration: { ...clubs, hand: true } } as DealCommand));
    expect(types(events)).toEqual(['GameDeclared']);
  });
  it('R14: an ouvert game records CardsShown with the declarer\'s cards', () => {
    const grandOuvert: Declaration = { gameType: 'grand', hand: true, schneiderAnnounced: true, schwarzAnnounced: true, ouvert: true };
    const events = thenEvents(when(given(...auctionWon), { ...declareClubs, declaration: grandOuvert } as DealCommand));
    expect(types(events)).toEqual(['GameDeclared', 'CardsShown']);
    expect(events[1].type === 'CardsShown' && events[1].data).toEqual({ seat: 0, cards: HANDS[0], why: 'ouvert' });
  });
});

describe('deal decider: play (R15-R21, D3)', () => {
  it('PlayCard records CardPlayed with the trick number', () => {
    expect(thenEvents(when(given(...playing), { type: 'PlayCard', dealId: D, seat: 0, card: 'CJ' }))).toEqual([{ type: 'CardPlayed', data: { seat: 0, card: 'CJ', trick: 1 } }]);
  });
  it('R15: refuses a card played out of turn', () => {
    expect(when(given(...playing), { type: 'PlayCard', dealId: D, seat: 1, card: 'SA' }).ok).toBe(false);
  });
  it('R16: refuses a card that does not follow suit (null: HJ is a heart, Ben holds hearts)', () => {
    const nullHand: Declaration = { gameType: 'null', hand: true, schneiderAnnounced: false, schwarzAnnounced: false, ouvert: false };
    const led = given(...auctionWon, { type: 'DeclareGame', dealId: D, seat: 0, declaration: nullHand }, { type: 'PlayCard', dealId: D, seat: 0, card: 'HJ' });
    thenRefused(when(led, { type: 'PlayCard', dealId: D, seat: 1, card: 'SA' }), 'R16');
    expect(when(led, { type: 'PlayCard', dealId: D, seat: 1, card: 'HK' }).ok).toBe(true);
  });
  it('ShowCards records CardsShown (claim) with the declarer\'s cards', () => {
    const events = thenEvents(when(given(...playing), { type: 'ShowCards', dealId: D, seat: 0 }));
    expect(events[0]).toMatchObject({ type: 'CardsShown', data: { seat: 0, why: 'claim' } });
  });
  it('D3: a declarer resigning records GameResigned and DealScored (lost)', () => {
    const events = thenEvents(when(given(...playing), { type: 'Resign', dealId: D, seat: 0 }));
    expect(types(events)).toEqual(['GameResigned', 'DealScored']);
    expect(events[1].type === 'DealScored' && events[1].data.result.won).toBe(false);
  });
  it('D3 (iss profile): one defender resigning alone changes nothing but is recorded', () => {
    const iss = given({ ...start, profileId: 'iss' }, bid18, hold, benPasses, cleoPasses, take, discard, declareClubs);
    expect(types(thenEvents(when(iss, { type: 'Resign', dealId: D, seat: 1 })))).toEqual(['GameResigned']);
  });
  it('R21 (isko profile): one defender conceding ends the game, which is scored', () => {
    expect(types(thenEvents(when(given(...playing), { type: 'Resign', dealId: D, seat: 1 })))).toEqual(['GameResigned', 'DealScored']);
  });
  it('R40: Kontra is refused when the house option is off', () => {
    const r = when(given(...playing), { type: 'CallKontra', dealId: D, seat: 1 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusal.ruleId).toBe('R40');
  });
  it('R40: with Kontra/Re switched on, KontraCalled and ReCalled are recorded', () => {
    const s = given({ ...start, profileOptions: { kontraRe: true } }, bid18, hold, benPasses, cleoPasses, take, discard, declareClubs);
    expect(thenEvents(when(s, { type: 'CallKontra', dealId: D, seat: 1 }))).toEqual([{ type: 'KontraCalled', data: { seat: 1 } }]);
    const k = given({ ...start, profileOptions: { kontraRe: true } }, bid18, hold, benPasses, cleoPasses, take, discard, declareClubs, { type: 'CallKontra', dealId: D, seat: 1 });
    expect(thenEvents(when(k, { type: 'CallRe', dealId: D, seat: 0 }))).toEqual([{ type: 'ReCalled', data: { seat: 0 } }]);
  });
  it('a full game ends with the last CardPlayed followed by DealScored', () => {
    const r = decideAll([...playing], player);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    let state = r.state;
    // Play out by always choosing the first legal card.
    let last: DealEvent[] = [];
    while (!state.recordedResult) {
      const move = legalMoves(state.game!).find((m) => m.kind === 'play')!;
      const d = decide({ type: 'PlayCard', dealId: D, seat: move.seat, card: (move as { card: Card }).card }, state, player);
      last = thenEvents(d);
      state = last.reduce(evolve, state);
    }
    expect(types(last)).toEqual(['CardPlayed', 'DealScored']);
    expect(state.recordedResult?.kind).toBe('scored');
  });
});

describe('deal decider: abandon and end of deal', () => {
  it('D3: AbandonDeal records DealAbandoned with the reason, then a not-scoreable DealScored', () => {
    const events = thenEvents(when(given(start, bid18), { type: 'AbandonDeal', dealId: D, reason: 'timeout', seat: 0, note: 'clock ran out' }));
    expect(types(events)).toEqual(['DealAbandoned', 'DealScored']);
    expect(events[0].data).toEqual({ reason: 'timeout', seat: 0, note: 'clock ran out' });
    expect(events[1].type === 'DealScored' && events[1].data.result.kind).toBe('notScoreable');
  });
  it('D3: refuses an abandon reason that is not misdeal, timeout or left', () => {
    thenRefused(when(given(start), { type: 'AbandonDeal', dealId: D, reason: 'bored' as 'left' }), 'D3');
  });
  it('L3: refuses play after the deal is over', () => {
    const over = given(...playing, { type: 'Resign', dealId: D, seat: 0 });
    thenRefused(when(over, { type: 'PlayCard', dealId: D, seat: 0, card: 'CJ' }), 'L3');
  });
});

describe('deal decider: CorrectScore (arbiter only)', () => {
  const over = () => given(...playing, { type: 'Resign', dealId: D, seat: 0 });
  const correct: DealCommand = { type: 'CorrectScore', dealId: D, correctedScore: -48, reason: 'wrong matadors entered', won: false };
  it('records ScoreCorrected referring to the DealScored event, with the previous score and the arbiter', () => {
    const state = over();
    const events = thenEvents(when(state, correct, arbiter));
    expect(events).toEqual([
      { type: 'ScoreCorrected', data: { correctsEventId: state.scoredEventId, previousScore: state.currentScore, correctedScore: -48, won: false, reason: 'wrong matadors entered', arbiter: 'Ulla' } },
    ]);
  });
  it('L4: refuses a correction by a player', () => thenRefused(when(over(), correct, player), 'L4'));
  it('L5: refuses a correction without a reason', () => thenRefused(when(over(), { ...correct, reason: '  ' } as DealCommand, arbiter), 'L5'));
  it('L8: refuses a correction before the deal is scored', () => thenRefused(when(given(...playing), correct, arbiter), 'L8'));
  it('L6: refuses a correction of a passed-in deal (no entry to correct)', () => {
    const passed = given(start, { type: 'PassBid', dealId: D, seat: 1 }, { type: 'PassBid', dealId: D, seat: 2 }, { type: 'PassBid', dealId: D, seat: 0 });
    thenRefused(when(passed, correct, arbiter), 'L6');
  });
  it('L10: refuses a corrected score that is not an integer', () => thenRefused(when(over(), { ...correct, correctedScore: 1.5 } as DealCommand, arbiter), 'L10'));
});

describe('decideAll', () => {
  it('folds commands into a deal\'s events, or names the first refused command', () => {
    const ok = decideAll(playing, player);
    expect(ok.ok && types(ok.events)).toEqual(['DealStarted', 'CardsDealt', 'BidCalled', 'BidHeld', 'BidPassed', 'BidPassed', 'SkatTaken', 'SkatDiscarded', 'GameDeclared']);
    const bad = decideAll([start, bid18, bid18], player);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.index).toBe(2);
  });
});
