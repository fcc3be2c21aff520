import type { Card } from '../../rules/card';
import type { Declaration } from '../../rules/declaration';
import { legalMoves } from '../../rules/game';
import type { Seat } from '../../rules/seat';
import { deciderSpec } from '../../../test/support/decider-spec';
import type { DealCommand, StartDeal } from '../commands';
import type { DecideContext } from '../decide';
import { decideAll } from '../decide-all';
import { dealDecider } from '../deal-decider';
import type { DealState } from '../deal-state';
import type { DealEvent } from '../events';
import { provisionalResult } from './provisional';

// Issue #23: a deal recorded as seen at a real table. No hand is known at the start; the engine
// checks each move against what is known, and the whole deal once every card's place is known.
const ctx: DecideContext = { actorId: 'rec', role: 'player', now: '2026-12-01T20:00:00.000Z' };
const deal = deciderSpec(dealDecider(ctx), { recorded: (e) => ({ ...e, eventId: `e${n++}` }) });
let n = 0;
const D = 's1';
const start = (cards: StartDeal['cards']): StartDeal => ({
  type: 'StartDeal',
  dealId: D,
  dealer: 'Cleo',
  players: ['Anna', 'Ben', 'Cleo'],
  cards,
  startedAt: '2026-12-01T19:00:00.000Z',
});
const seen = start({ kind: 'seen' });
const decl = (gameType: Declaration['gameType'], hand = false): Declaration => ({
  gameType,
  hand,
  schneiderAnnounced: false,
  schwarzAnnounced: false,
  ouvert: false,
});
const types = (events: readonly DealEvent[]) => events.map((e) => e.type);

// Forehand Anna wins the auction at 18 (R6).
const auction: DealCommand[] = [
  { type: 'CallBid', dealId: D, seat: 1, value: 18 },
  { type: 'HoldBid', dealId: D, seat: 0 },
  { type: 'PassBid', dealId: D, seat: 1 },
  { type: 'PassBid', dealId: D, seat: 2 },
];
const take: DealCommand = { type: 'TakeSkat', dealId: D, seat: 0 };
const declare = (d: Declaration): DealCommand => ({ type: 'DeclareGame', dealId: D, seat: 0, declaration: d });
const play = (seat: Seat, card: Card): DealCommand => ({ type: 'PlayCard', dealId: D, seat, card });

type Hands = [Card[], Card[], Card[]];
// Anna: three jacks and clubs; CJ and C7 lie in the skat. Ben spades and hearts, Cleo hearts and diamonds.
const HANDS: Hands = [
  ['SJ', 'HJ', 'DJ', 'CA', 'CT', 'CK', 'CQ', 'C9', 'C8', 'D8'],
  ['SA', 'ST', 'SK', 'SQ', 'S9', 'S8', 'S7', 'HA', 'HT', 'HK'],
  ['HQ', 'H9', 'H8', 'H7', 'DA', 'DT', 'DK', 'DQ', 'D9', 'D7'],
];
const SKAT: [Card, Card] = ['CJ', 'C7'];

/** The same deal recorded with its hands dealt: the moves given, then each seat's first legal card to the end (or `cards` of them). */
function dealtPlay(hands: Hands, skat: [Card, Card], moves: DealCommand[], cards = 30): { commands: DealCommand[]; state: DealState; plays: DealCommand[] } {
  const commands: DealCommand[] = [start({ kind: 'given', hands, skat }), ...moves];
  let done = decideAll(commands, ctx);
  if (!done.ok) throw new Error(done.refusal.reason);
  const plays: DealCommand[] = [];
  while (plays.length < cards && done.state.game?.phase === 'playing') {
    const m = legalMoves(done.state.game).find((x) => x.kind === 'play');
    if (!m || m.kind !== 'play') break;
    const c = play(m.seat, m.card);
    plays.push(c);
    done = decideAll([c], ctx, done.state);
    if (!done.ok) throw new Error(done.refusal.reason);
  }
  return { commands: [...commands, ...plays], state: done.state, plays };
}

describe('deal recorded as seen (issue #23)', () => {
  it('starts without hands: DealStarted, then DealRecordedAsSeen (no CardsDealt)', () => {
    expect(types(deal.given().when(seen).thenEvents())).toEqual(['DealStarted', 'DealRecordedAsSeen']);
  });

  it('R9/R10/R22/R27: a suit game with pick-up, 30 cards as played, then the skat as shown: scored exactly as the dealt deal', () => {
    const discard: DealCommand = { type: 'DiscardSkat', dealId: D, seat: 0, cards: ['CJ', 'D8'] };
    const dealt = dealtPlay(HANDS, SKAT, [...auction, take, discard, declare(decl('clubs'))]);
    const inPlay = deal.givenCommands(seen, ...auction, take, declare(decl('clubs')), ...dealt.plays.slice(0, -1));
    // The last card ends the play; the skat is not known yet: no result, a provisional score.
    const last = inPlay.when(dealt.plays[dealt.plays.length - 1]);
    expect(types(last.thenEvents())).toEqual(['CardPlayed']);
    const over = inPlay.andCommands(dealt.plays[dealt.plays.length - 1]);
    // The discard follows by elimination (the two cards nobody played); the skat itself is shown.
    const shown = over.when({ type: 'ShowSkat', dealId: D, skat: SKAT });
    const events = shown.thenEvents();
    expect(types(events)).toEqual(['SkatShown', 'HandsRevealed', 'DealScored']);
    const revealed = events[1].type === 'HandsRevealed' ? events[1].data : null;
    expect(revealed?.hands.map((h) => [...h].sort())).toEqual(HANDS.map((h) => [...h].sort()));
    const scored = events[2].type === 'DealScored' ? events[2].data.result : null;
    expect(scored).toEqual(dealt.state.recordedResult);
    // R27: CJ lay in the skat and was discarded: the matadors still count it (with 11 over the 12 cards).
    expect(scored?.matadors).toBe(11);
  });

  it('R27: the provisional score before the skat is shown, marked so, and the final one equal to it here', () => {
    const discard: DealCommand = { type: 'DiscardSkat', dealId: D, seat: 0, cards: ['CJ', 'D8'] };
    const dealt = dealtPlay(HANDS, SKAT, [...auction, take, discard, declare(decl('clubs'))]);
    const over = deal.givenCommands(seen, ...auction, take, declare(decl('clubs')), ...dealt.plays);
    expect(over.state.recordedResult).toBeNull();
    const p = provisionalResult(over.state);
    expect(p?.provisional).toBe(true);
    expect(p?.missing).toEqual(['the skat']);
    expect(p?.result.derivation[0].text).toMatch(/provisional: the skat not known yet/);
    expect(p?.result.score).toBe(dealt.state.recordedResult?.score);
    expect(provisionalResult(dealt.state)).toBeNull();
  });

  it('R9: a hand game: the skat shown at once is no card anybody can play, and the last card completes the deal', () => {
    const hand = decl('clubs', true);
    const dealt = dealtPlay(HANDS, SKAT, [...auction, declare(hand)]);
    const given = deal.givenCommands(seen, ...auction, declare(hand), { type: 'ShowSkat', dealId: D, skat: SKAT });
    // Anna leads: the skat's CJ cannot be played.
    given.when(play(0, 'CJ')).thenRefused('R1', /CJ cannot be played: it lies in the skat/);
    const before = given.andCommands(...dealt.plays.slice(0, -1));
    const events = before.when(dealt.plays[dealt.plays.length - 1]).thenEvents();
    expect(types(events)).toEqual(['CardPlayed', 'HandsRevealed', 'DealScored']);
    expect(events[2].type === 'DealScored' && events[2].data.result).toEqual(dealt.state.recordedResult);
  });

  it('R18/R21: a null game ended when the declarer took a trick; the unplayed cards shown seat by seat (the last by elimination)', () => {
    const nul = decl('null', true);
    // Anna leads CA: nobody else holds a club, so she takes the first trick and the null is lost (R18).
    const dealt = dealtPlay(HANDS, SKAT, [...auction, declare(nul), play(0, 'CA')]);
    expect(dealt.state.recordedResult).toMatchObject({ won: false, declarerTricks: 1 });
    const over = deal.givenCommands(seen, ...auction, declare(nul), play(0, 'CA'), ...dealt.plays);
    expect(over.state.seen?.phase).toBe('showing');
    const left = (seat: Seat) => dealt.state.game!.dealt.hands[seat].filter((c) => !over.state.seen!.played[seat].includes(c));
    const shown = over.andCommands({ type: 'ShowSkat', dealId: D, skat: SKAT }, { type: 'ShowHand', dealId: D, seat: 0, cards: left(0) });
    expect(shown.state.recordedResult).toBeNull();
    const events = shown.when({ type: 'ShowHand', dealId: D, seat: 1, cards: left(1) }).thenEvents();
    expect(types(events)).toEqual(['HandShown', 'HandsRevealed', 'DealScored']);
    expect(events[2].type === 'DealScored' && events[2].data.result).toEqual(dealt.state.recordedResult);
  });

  it('R21: a deal ended by the declarer resigning: scored as the dealt deal once the cards are shown', () => {
    const hand = decl('clubs', true);
    const dealt = dealtPlay(HANDS, SKAT, [...auction, declare(hand)], 6);
    const resign: DealCommand = { type: 'Resign', dealId: D, seat: 0 };
    const dealtEnd = decideAll([resign], ctx, dealt.state);
    if (!dealtEnd.ok) throw new Error(dealtEnd.refusal.reason);
    const over = deal.givenCommands(seen, ...auction, declare(hand), ...dealt.plays, resign);
    expect(over.state.seen?.endedBy).toBe('declarerResigned');
    const left = (seat: Seat) => dealt.state.game!.hands[seat].slice();
    const events = over
      .andCommands({ type: 'ShowHand', dealId: D, seat: 0, cards: left(0) }, { type: 'ShowHand', dealId: D, seat: 2, cards: left(2) })
      .when({ type: 'ShowSkat', dealId: D, skat: SKAT })
      .thenEvents();
    expect(types(events)).toEqual(['SkatShown', 'HandsRevealed', 'DealScored']);
    expect(events[2].type === 'DealScored' && events[2].data.result).toEqual(dealtEnd.state.recordedResult);
  });

  it('R21: a deal ended by a claim, judged with every card known (isko): as the dealt deal', () => {
    const hand = decl('clubs', true);
    const dealt = dealtPlay(HANDS, SKAT, [...auction, declare(hand)], 9);
    const claim: DealCommand = { type: 'ShowCards', dealId: D, seat: 0 };
    const dealtEnd = decideAll([claim], ctx, dealt.state);
    if (!dealtEnd.ok) throw new Error(dealtEnd.refusal.reason);
    const over = deal.givenCommands(seen, ...auction, declare(hand), { type: 'ShowSkat', dealId: D, skat: SKAT }, ...dealt.plays, claim);
    expect(over.state.seen?.endedBy).toBe('claim');
    const left = (seat: Seat) => dealt.state.game!.hands[seat].slice();
    const events = over
      .andCommands({ type: 'ShowHand', dealId: D, seat: 0, cards: left(0) })
      .when({ type: 'ShowHand', dealId: D, seat: 1, cards: left(1) })
      .thenEvents();
    expect(types(events)).toEqual(['HandShown', 'HandsRevealed', 'DealScored']);
    expect(events[2].type === 'DealScored' && events[2].data.result).toEqual(dealtEnd.state.recordedResult);
  });

  describe('R16/R20: revokes', () => {
    // Anna: CJ SJ, clubs A T K Q, hearts A T K 7. Ben: HJ DJ, spades, HQ H9. Cleo: C9 C8 C7 S7 H8, diamonds. Skat D8 D7.
    const R_HANDS: Hands = [
      ['CJ', 'SJ', 'CA', 'CT', 'CK', 'CQ', 'HA', 'HT', 'HK', 'H7'],
      ['HJ', 'DJ', 'SA', 'ST', 'SK', 'SQ', 'S9', 'S8', 'HQ', 'H9'],
      ['C9', 'C8', 'C7', 'S7', 'H8', 'DA', 'DT', 'DK', 'DQ', 'D9'],
    ];
    const R_SKAT: [Card, Card] = ['D8', 'D7'];
    const handClubs = decl('clubs', true);
    const opening = [seen, ...auction, declare(handClubs), { type: 'ShowSkat', dealId: D, skat: R_SKAT } as DealCommand, play(0, 'HA')];

    it('R1: an impossible card is refused during play, with the reason (played already, in the skat, not the seat to play)', () => {
      const given = deal.givenCommands(...opening);
      given.when(play(1, 'HA')).thenRefused('R1', /HA cannot be played: forehand played it already \(trick 1\)/);
      given.when(play(1, 'D8')).thenRefused('R1', /D8 cannot be played: it lies in the skat/);
      given.when(play(2, 'H8')).thenRefused('R15', /middlehand's turn, not rearhand's/);
    });

    it('R20: a revoke found at the end (Ben failed to follow hearts; his hearts shown after the claim): the game ends there, the declarer wins at the simple level', () => {
      // Trick 1: HA, Ben S8 (he holds HQ H9), Cleo H8. Trick 2: CJ, DJ, C7. Then Anna claims.
      const over = deal.givenCommands(...opening, play(1, 'S8'), play(2, 'H8'), play(0, 'CJ'), play(1, 'DJ'), play(2, 'C7'), {
        type: 'ShowCards',
        dealId: D,
        seat: 0,
      });
      const events = over
        .andCommands({ type: 'ShowHand', dealId: D, seat: 0, cards: ['SJ', 'CA', 'CT', 'CK', 'CQ', 'HT', 'HK', 'H7'] })
        .when({ type: 'ShowHand', dealId: D, seat: 2, cards: ['C9', 'C8', 'S7', 'DA', 'DT', 'DK', 'DQ', 'D9'] })
        .thenEvents();
      expect(types(events)).toEqual(['HandShown', 'HandsRevealed', 'DealScored']);
      expect(events[1].type === 'HandsRevealed' && events[1].data.hands.map((h) => [...h].sort())).toEqual(R_HANDS.map((h) => [...h].sort()));
      const result = events[2].type === 'DealScored' ? events[2].data.result : null;
      // Clubs hand with 2 (CJ SJ): 2 + game + hand = 4 × 12 = 48, won (a defender revoked before anything was decided).
      expect(result).toMatchObject({ won: true, score: 48, matadors: 2, schneider: false });
      expect(result?.derivation.map((l) => l.ruleId)).toContain('R20');
      expect(result?.derivation[0].text).toMatch(/seat 1 played S8 without following suit in trick 1/);
    });

    it('R20: a later card of a suit a seat failed to follow proves the revoke: play ends there', () => {
      const given = deal.givenCommands(...opening, play(1, 'S8'), play(2, 'H8'), play(0, 'CJ'));
      const after = given.andCommands(play(1, 'HQ'));
      expect(after.state.seen?.phase).toBe('showing');
      expect(after.state.seen?.revoke).toEqual({ seat: 1, trick: 1, called: false });
    });

    it('R20: a revoke called by the table must be proven by the cards shown', () => {
      const called = deal.givenCommands(...opening, play(1, 'HQ'), play(2, 'H8'), { type: 'CallRevoke', dealId: D, seat: 1 });
      expect(called.state.seen?.phase).toBe('showing');
      called
        .andCommands({ type: 'ShowHand', dealId: D, seat: 0, cards: ['CJ', 'SJ', 'CA', 'CT', 'CK', 'CQ', 'HT', 'HK', 'H7'] })
        .when({ type: 'ShowHand', dealId: D, seat: 1, cards: ['HJ', 'DJ', 'SA', 'ST', 'SK', 'SQ', 'S9', 'S8', 'H9'] })
        .thenRefused('R20', /no failure to follow/);
    });
  });

  it('withdrawing a move of a seen deal restores what was known before it', () => {
    const given = deal.givenCommands(seen, ...auction, declare(decl('clubs', true)), play(0, 'CJ'));
    const withdrawn = given.andCommands({ type: 'WithdrawMove', dealId: D, reason: 'slip' });
    expect(withdrawn.state.seen?.played[0]).toEqual([]);
    withdrawn.when(play(0, 'CA')).thenEvents();
  });

  it('dealt deals keep their checks: nothing to show', () => {
    const dealt = deal.givenCommands(start({ kind: 'given', hands: HANDS, skat: SKAT }), ...auction, declare(decl('clubs', true)));
    dealt.when({ type: 'ShowSkat', dealId: D, skat: SKAT }).thenRefused('L20');
    dealt.when({ type: 'CallRevoke', dealId: D, seat: 1 }).thenRefused('R16');
  });
});
