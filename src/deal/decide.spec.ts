import type { Card } from '../rules/card';
import { legalMoves } from '../rules/game';
import type { Declaration } from '../rules/declaration';
import type { DealCommand, StartDeal } from './commands';
import type { DecideContext } from './decide';
import { decideAll } from './decide-all';
import { dealDecider } from './deal-decider';
import type { DealEvent } from './events';
import { deciderSpec } from '../../test/support/decider-spec';

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

let n = 0;
/** The deal decider as a player records; recorded events get ids, so corrections can refer to them. */
const deal = deciderSpec(dealDecider(player), { recorded: (e) => ({ ...e, eventId: `e${n++}` }) });
/** Given these commands were accepted. */
const given = (...commands: DealCommand[]) => deal.givenCommands(...commands);
const types = (events: readonly DealEvent[]) => events.map((e) => e.type);

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
    const events = given().when(start).thenEvents();
    expect(types(events)).toEqual(['DealStarted', 'CardsDealt']);
    const [started, dealt] = events;
    expect(started.type === 'DealStarted' && started.data).toMatchObject({
      dealId: D,
      dealer: 'Cleo',
      players: ['Anna', 'Ben', 'Cleo'],
      profileId: 'isko',
      profileVersion: expect.any(String),
      dealNumber: 1,
    });
    expect(dealt.type === 'CardsDealt' && dealt.data).toMatchObject({ hands: HANDS, skat: SKAT, shuffle: 'given' });
  });
  it('R4: a seeded server shuffle is reproducible', () => {
    const cmd: StartDeal = { ...start, cards: { kind: 'seeded', seed: 'abc' } };
    expect(given().when(cmd).thenEvents()).toEqual(given().when(cmd).thenEvents());
  });
  it('R4: a crypto shuffle is the fair scheme over the seed the shell supplies (commitment first); refused without one', () => {
    given()
      .when({ ...start, cards: { kind: 'crypto' } })
      .thenRefused('R4');
    const seed = 'ab'.repeat(32);
    expect(
      types(
        given()
          .when({ ...start, cards: { kind: 'crypto' } }, dealDecider({ ...player, serverSeed: { seed } }))
          .thenEvents(),
      ),
    ).toEqual(['DealStarted', 'ShuffleCommitted', 'CardsDealt']);
  });
  it('L1: refuses a second start', () => given(start).when(start).thenRefused('L1'));
  it('R2: refuses two players, or the same player twice', () => {
    given()
      .when({ ...start, players: ['Anna', 'Ben'] as unknown as StartDeal['players'] })
      .thenRefused('R2');
    given()
      .when({ ...start, players: ['Anna', 'Anna', 'Cleo'] })
      .thenRefused('R2');
  });
  it('R3: at a 3-table the dealer is rearhand; at 4 he sits out', () => {
    given()
      .when({ ...start, dealer: 'Anna' })
      .thenRefused('R3');
    expect(given().when({ ...start, dealer: 'Dora', sittingOut: ['Dora'] }).judgement.ok).toBe(true);
    given()
      .when({ ...start, dealer: 'Dora', sittingOut: ['Anna'] })
      .thenRefused('R3');
  });
  it('R1: refuses a duplicated card; R4: refuses short hands', () => {
    const dup: [Card[], Card[], Card[]] = [HANDS[0], HANDS[1], [...HANDS[2].slice(0, 9), 'CJ']];
    given()
      .when({ ...start, cards: { kind: 'given', hands: dup, skat: SKAT } })
      .thenRefused('R1');
    const short: [Card[], Card[], Card[]] = [HANDS[0].slice(0, 9), HANDS[1], HANDS[2]];
    given()
      .when({ ...start, cards: { kind: 'given', hands: short, skat: SKAT } })
      .thenRefused('R4');
  });
  it('L9: refuses an unknown rule profile', () =>
    given()
      .when({ ...start, profileId: 'nonsense' })
      .thenRefused('L9'));
  it('L2: any other command on a deal that was never started is refused', () => given().when(bid18).thenRefused('L2'));
});

describe('deal decider: bidding (R5-R8)', () => {
  it('CallBid records BidCalled', () => {
    expect(given(start).when(bid18).thenEvents()).toEqual([{ type: 'BidCalled', data: { seat: 1, value: 18 } }]);
  });
  it('R5: refuses a value no game can be worth', () =>
    given(start)
      .when({ ...bid18, value: 19 } as DealCommand)
      .thenRefused('R5'));
  it('R6: refuses a bid out of turn', () => {
    const r = given(start).when({ type: 'CallBid', dealId: D, seat: 2, value: 18 });
    expect(r.judgement.ok).toBe(false);
  });
  it('HoldBid records BidHeld with the value held', () => {
    expect(given(start, bid18).when(hold).thenEvents()).toEqual([{ type: 'BidHeld', data: { seat: 0, value: 18 } }]);
  });
  it('R6: refuses a hold when there is nothing to hold', () => {
    expect(given(start).when(hold).judgement.ok).toBe(false);
  });
  it('PassBid records BidPassed', () => {
    expect(given(start, bid18, hold).when(benPasses).thenEvents()).toEqual([{ type: 'BidPassed', data: { seat: 1 } }]);
  });
  it('R8: the third pass records BidPassed, DealPassedIn and DealScored (passed in, no score)', () => {
    const state = given(start, { type: 'PassBid', dealId: D, seat: 1 }, { type: 'PassBid', dealId: D, seat: 2 });
    const events = state.when({ type: 'PassBid', dealId: D, seat: 0 }).thenEvents();
    expect(types(events)).toEqual(['BidPassed', 'DealPassedIn', 'DealScored']);
    const scored = events[2];
    expect(scored.type === 'DealScored' && scored.data.result).toMatchObject({ kind: 'passedIn', passedIn: true, score: null });
  });
  it('R2: refuses a seat outside 0-2', () =>
    given(start)
      .when({ ...bid18, seat: 3 } as unknown as DealCommand)
      .thenRefused('R2'));
});

describe('deal decider: skat, discard, declaration (R9-R14)', () => {
  it('TakeSkat records SkatTaken with the two skat cards', () => {
    expect(
      given(...auctionWon)
        .when(take)
        .thenEvents(),
    ).toEqual([{ type: 'SkatTaken', data: { seat: 0, skat: SKAT } }]);
  });
  it('R9: refuses TakeSkat by a player who is not the declarer', () => {
    expect(given(...auctionWon).when({ ...take, seat: 1 } as DealCommand).judgement.ok).toBe(false);
  });
  it('DiscardSkat records SkatDiscarded', () => {
    expect(
      given(...auctionWon, take)
        .when(discard)
        .thenEvents(),
    ).toEqual([{ type: 'SkatDiscarded', data: { seat: 0, cards: ['C8', 'D7'] } }]);
  });
  it('R10: refuses discarding a card the declarer does not hold', () => {
    const r = given(...auctionWon, take).when({ ...discard, cards: ['SA', 'D7'] } as DealCommand);
    expect(r.judgement.ok).toBe(false);
  });
  it('DeclareGame records GameDeclared', () => {
    expect(
      given(...auctionWon, take, discard)
        .when(declareClubs)
        .thenEvents(),
    ).toEqual([{ type: 'GameDeclared', data: { seat: 0, declaration: clubs } }]);
  });
  it('R12: refuses schneider announced after picking up the skat', () => {
    given(...auctionWon, take, discard)
      .when({ ...declareClubs, declaration: { ...clubs, schneiderAnnounced: true } } as DealCommand)
      .thenRefused('R12');
  });
  it('R9: a hand game is declared without taking the skat', () => {
    const events = given(...auctionWon)
      .when({ ...declareClubs, declaration: { ...clubs, hand: true } } as DealCommand)
      .thenEvents();
    expect(types(events)).toEqual(['GameDeclared']);
  });
  it("R14: an ouvert game records CardsShown with the declarer's cards", () => {
    const grandOuvert: Declaration = { gameType: 'grand', hand: true, schneiderAnnounced: true, schwarzAnnounced: true, ouvert: true };
    const events = given(...auctionWon)
      .when({ ...declareClubs, declaration: grandOuvert } as DealCommand)
      .thenEvents();
    expect(types(events)).toEqual(['GameDeclared', 'CardsShown']);
    expect(events[1].type === 'CardsShown' && events[1].data).toEqual({ seat: 0, cards: HANDS[0], why: 'ouvert' });
  });
});

describe('deal decider: play (R15-R21, D3)', () => {
  it('PlayCard records CardPlayed with the trick number', () => {
    expect(
      given(...playing)
        .when({ type: 'PlayCard', dealId: D, seat: 0, card: 'CJ' })
        .thenEvents(),
    ).toEqual([{ type: 'CardPlayed', data: { seat: 0, card: 'CJ', trick: 1 } }]);
  });
  it('R15: refuses a card played out of turn', () => {
    expect(given(...playing).when({ type: 'PlayCard', dealId: D, seat: 1, card: 'SA' }).judgement.ok).toBe(false);
  });
  it('R16: refuses a card that does not follow suit (null: HJ is a heart, Ben holds hearts)', () => {
    const nullHand: Declaration = { gameType: 'null', hand: true, schneiderAnnounced: false, schwarzAnnounced: false, ouvert: false };
    const led = given(...auctionWon, { type: 'DeclareGame', dealId: D, seat: 0, declaration: nullHand }, { type: 'PlayCard', dealId: D, seat: 0, card: 'HJ' });
    led.when({ type: 'PlayCard', dealId: D, seat: 1, card: 'SA' }).thenRefused('R16');
    expect(led.when({ type: 'PlayCard', dealId: D, seat: 1, card: 'HK' }).judgement.ok).toBe(true);
  });
  it("ShowCards records CardsShown (claim) with the declarer's cards", () => {
    const events = given(...playing)
      .when({ type: 'ShowCards', dealId: D, seat: 0 })
      .thenEvents();
    expect(events[0]).toMatchObject({ type: 'CardsShown', data: { seat: 0, why: 'claim' } });
  });
  it('D3: a declarer resigning records GameResigned and DealScored (lost)', () => {
    const events = given(...playing)
      .when({ type: 'Resign', dealId: D, seat: 0 })
      .thenEvents();
    expect(types(events)).toEqual(['GameResigned', 'DealScored']);
    expect(events[1].type === 'DealScored' && events[1].data.result.won).toBe(false);
  });
  it('D3 (iss profile): one defender resigning alone changes nothing but is recorded', () => {
    const iss = given({ ...start, profileId: 'iss' }, bid18, hold, benPasses, cleoPasses, take, discard, declareClubs);
    expect(types(iss.when({ type: 'Resign', dealId: D, seat: 1 }).thenEvents())).toEqual(['GameResigned']);
  });
  it('R21 (isko profile): one defender conceding ends the game, which is scored', () => {
    expect(
      types(
        given(...playing)
          .when({ type: 'Resign', dealId: D, seat: 1 })
          .thenEvents(),
      ),
    ).toEqual(['GameResigned', 'DealScored']);
  });
  it('R40: Kontra is refused when the house option is off', () => {
    const r = given(...playing).when({ type: 'CallKontra', dealId: D, seat: 1 });
    r.thenRefused('R40');
  });
  it('R40: with Kontra/Re switched on, KontraCalled and ReCalled are recorded', () => {
    const s = given({ ...start, profileOptions: { kontraRe: true } }, bid18, hold, benPasses, cleoPasses, take, discard, declareClubs);
    expect(s.when({ type: 'CallKontra', dealId: D, seat: 1 }).thenEvents()).toEqual([{ type: 'KontraCalled', data: { seat: 1 } }]);
    const k = given({ ...start, profileOptions: { kontraRe: true } }, bid18, hold, benPasses, cleoPasses, take, discard, declareClubs, {
      type: 'CallKontra',
      dealId: D,
      seat: 1,
    });
    expect(k.when({ type: 'CallRe', dealId: D, seat: 0 }).thenEvents()).toEqual([{ type: 'ReCalled', data: { seat: 0 } }]);
  });
  it('a full game ends with the last CardPlayed followed by DealScored', () => {
    let game = given(...playing);
    // Play out by always choosing the first legal card.
    let last: DealEvent[] = [];
    while (!game.state.recordedResult) {
      const move = legalMoves(game.state.game!).find((m) => m.kind === 'play')!;
      last = game.when({ type: 'PlayCard', dealId: D, seat: move.seat, card: (move as { card: Card }).card }).thenEvents();
      game = game.and(...last);
    }
    expect(types(last)).toEqual(['CardPlayed', 'DealScored']);
    expect(game.state.recordedResult?.kind).toBe('scored');
  });
});

describe('deal decider: abandon and end of deal', () => {
  it('D3: AbandonDeal records DealAbandoned with the reason, then a not-scoreable DealScored', () => {
    const events = given(start, bid18).when({ type: 'AbandonDeal', dealId: D, reason: 'timeout', seat: 0, note: 'clock ran out' }).thenEvents();
    expect(types(events)).toEqual(['DealAbandoned', 'DealScored']);
    expect(events[0].data).toEqual({ reason: 'timeout', seat: 0, note: 'clock ran out' });
    expect(events[1].type === 'DealScored' && events[1].data.result.kind).toBe('notScoreable');
  });
  it('D3: refuses an abandon reason that is not misdeal, timeout or left', () => {
    given(start)
      .when({ type: 'AbandonDeal', dealId: D, reason: 'bored' as 'left' })
      .thenRefused('D3');
  });
  it('L3: refuses play after the deal is over', () => {
    const over = given(...playing, { type: 'Resign', dealId: D, seat: 0 });
    over.when({ type: 'PlayCard', dealId: D, seat: 0, card: 'CJ' }).thenRefused('L3');
  });
});

describe('deal decider: CorrectScore (arbiter only)', () => {
  const over = () => given(...playing, { type: 'Resign', dealId: D, seat: 0 });
  const correct: DealCommand = { type: 'CorrectScore', dealId: D, correctedScore: -48, reason: 'wrong matadors entered', won: false };
  it('records ScoreCorrected referring to the DealScored event, with the previous score and the arbiter', () => {
    const state = over();
    const events = state.when(correct, dealDecider(arbiter)).thenEvents();
    expect(events).toEqual([
      {
        type: 'ScoreCorrected',
        data: {
          correctsEventId: state.state.scoredEventId,
          previousScore: state.state.currentScore,
          correctedScore: -48,
          won: false,
          reason: 'wrong matadors entered',
          arbiter: 'Ulla',
        },
      },
    ]);
  });
  it('L4: refuses a correction by a player', () => over().when(correct).thenRefused('L4'));
  it('L5: refuses a correction without a reason', () =>
    over()
      .when({ ...correct, reason: '  ' } as DealCommand, dealDecider(arbiter))
      .thenRefused('L5'));
  it('L8: refuses a correction before the deal is scored', () =>
    given(...playing)
      .when(correct, dealDecider(arbiter))
      .thenRefused('L8'));
  it('L6: refuses a correction of a passed-in deal (no entry to correct)', () => {
    const passed = given(start, { type: 'PassBid', dealId: D, seat: 1 }, { type: 'PassBid', dealId: D, seat: 2 }, { type: 'PassBid', dealId: D, seat: 0 });
    passed.when(correct, dealDecider(arbiter)).thenRefused('L6');
  });
  it('L10: refuses a corrected score that is not an integer', () =>
    over()
      .when({ ...correct, correctedScore: 1.5 } as DealCommand, dealDecider(arbiter))
      .thenRefused('L10'));
});

describe('decideAll', () => {
  it("folds commands into a deal's events, or names the first refused command", () => {
    const ok = decideAll(playing, player);
    expect(ok.ok && types(ok.events)).toEqual([
      'DealStarted',
      'CardsDealt',
      'BidCalled',
      'BidHeld',
      'BidPassed',
      'BidPassed',
      'SkatTaken',
      'SkatDiscarded',
      'GameDeclared',
    ]);
    const bad = decideAll([start, bid18, bid18], player);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.index).toBe(2);
  });
});
