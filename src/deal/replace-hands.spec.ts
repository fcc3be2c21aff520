import type { Card } from '../rules/card';
import type { Declaration } from '../rules/declaration';
import type { DealCommand, ReplaceHands, StartDeal } from './commands';
import type { DecideContext } from './decide';
import { dealDecider } from './deal-decider';
import type { DealState } from './deal-state';
import { evolve } from './evolve';
import { initialDealState } from './deal-state';
import type { DealEvent, StoredDealEvent } from './events';
import { withoutWithdrawn } from './withdrawals';
import { deciderSpec, type Scenario } from '../../test/support/decider-spec';

// Issue #23 item 3: a mistyped hand of a dealt deal is replaced in place before the first card
// (L25): the deal keeps its id and the moves recorded so far, which are replayed over the new
// cards; once a card is played the deal can only be abandoned as a misdeal (R4).
const HANDS: [Card[], Card[], Card[]] = [
  ['CJ', 'SJ', 'HJ', 'DJ', 'CA', 'CT', 'CK', 'CQ', 'C9', 'C8'],
  ['SA', 'ST', 'SK', 'SQ', 'S9', 'S8', 'S7', 'HA', 'HT', 'HK'],
  ['HQ', 'H9', 'H8', 'H7', 'DA', 'DT', 'DK', 'DQ', 'D9', 'D8'],
];
const SKAT: [Card, Card] = ['C7', 'D7'];
// What was really dealt: forehand's C8 and middlehand's S7 the other way round.
const TRUE_HANDS: [Card[], Card[], Card[]] = [
  ['CJ', 'SJ', 'HJ', 'DJ', 'CA', 'CT', 'CK', 'CQ', 'C9', 'S7'],
  ['SA', 'ST', 'SK', 'SQ', 'S9', 'S8', 'C8', 'HA', 'HT', 'HK'],
  HANDS[2],
];
const D = 't1-1';
const recorder: DecideContext = { actorId: 'rec', role: 'player', now: '2026-12-02T20:00:00.000Z' };
const clubsHand: Declaration = { gameType: 'clubs', hand: true, schneiderAnnounced: false, schwarzAnnounced: false, ouvert: false };
const start = (cards: StartDeal['cards']): StartDeal => ({
  type: 'StartDeal',
  dealId: D,
  tableId: 't1',
  dealer: 'Cleo',
  players: ['Anna', 'Ben', 'Cleo'],
  cards,
});
const dealt = start({ kind: 'given', hands: HANDS, skat: SKAT });
const auction: DealCommand[] = [
  { type: 'CallBid', dealId: D, seat: 1, value: 18 },
  { type: 'HoldBid', dealId: D, seat: 0 },
  { type: 'PassBid', dealId: D, seat: 1 },
  { type: 'PassBid', dealId: D, seat: 2 },
];
const declare: DealCommand = { type: 'DeclareGame', dealId: D, seat: 0, declaration: clubsHand };
const replace = (hands: readonly Card[][] = TRUE_HANDS, skat: readonly Card[] = SKAT, reason = 'C8 and S7 typed into the wrong hands'): ReplaceHands => ({
  type: 'ReplaceHands',
  dealId: D,
  cards: { kind: 'given', hands: [hands[0], hands[1], hands[2]], skat: [skat[0], skat[1]] },
  reason,
});

let n = 0;
const deal = deciderSpec(dealDecider(recorder), { recorded: (e) => ({ ...e, eventId: `e${n++}` }) });
/** The stream the commands record, each event with its id (as stored). */
function streamOf(...commands: DealCommand[]): StoredDealEvent[] {
  const events: StoredDealEvent[] = [];
  let at: Scenario<DealCommand, DealEvent, DealState> = deal.given();
  for (const c of commands) {
    const recorded = at
      .when(c)
      .thenEvents()
      .map((e) => ({ ...e, eventId: `s${events.length}` }) as StoredDealEvent);
    events.push(...recorded);
    at = at.and(...(recorded as DealEvent[]));
  }
  return events;
}

describe('L25: a mistyped hand replaced before the first card', () => {
  it('given the auction and a hand game declared, when the hands are replaced, then the deal is as if dealt so, its moves kept, and play goes on from the new hands', () => {
    const before = deal.givenCommands(dealt, ...auction, declare);
    const [e] = before.when(replace()).thenEvents();
    expect(e).toEqual({ type: 'HandsReplaced', data: { hands: TRUE_HANDS, skat: SKAT, reason: 'C8 and S7 typed into the wrong hands', by: 'rec' } });
    const after = before.and(e);
    const game = after.state.game!;
    expect(game.dealt.hands).toEqual(TRUE_HANDS);
    expect(game.hands[0]).toContain('S7');
    expect(game.phase).toBe('playing');
    expect(game.declaration?.gameType).toBe('clubs');
    expect(game.moves).toEqual(before.state.game!.moves);
    expect(after.state.moves).toHaveLength(before.state.moves.length);
    // Forehand holds S7 now (he did not before): he may lead it.
    after.when({ type: 'PlayCard', dealId: D, seat: 0, card: 'S7' }).thenEvents();
    expect(before.when({ type: 'PlayCard', dealId: D, seat: 0, card: 'S7' }).judgement.ok).toBe(false);
  });

  it('given a replacement, the replay, exports and frames read the deal as dealt so from the start (CardsDealt with the new cards, no HandsReplaced)', () => {
    const after = deal.givenCommands(dealt, ...auction, replace(), declare);
    const inForce = withoutWithdrawn(streamOf(dealt, ...auction, replace(), declare));
    expect(inForce.map((e) => e.type)).not.toContain('HandsReplaced');
    const cardsDealt = inForce.find((e) => e.type === 'CardsDealt');
    expect(cardsDealt?.data).toMatchObject({ hands: TRUE_HANDS, skat: SKAT, shuffle: 'given' });
    // The same fold as the same deal dealt so from the start.
    const twin = deal.givenCommands(start({ kind: 'given', hands: TRUE_HANDS, skat: SKAT }), ...auction, declare);
    let state = initialDealState;
    for (const ev of inForce) state = evolve(state, ev);
    expect(state.game).toEqual(twin.state.game);
    expect(after.state.game).toEqual(twin.state.game);
  });

  it('given a replacement, when the declaration is withdrawn (Undo), then the deal is back before it over the new cards', () => {
    const replaced = deal.givenCommands(dealt, ...auction, declare, replace());
    const back = replaced.andCommands({ type: 'WithdrawMove', dealId: D, reason: 'not a hand game' });
    const twin = deal.givenCommands(start({ kind: 'given', hands: TRUE_HANDS, skat: SKAT }), ...auction);
    expect(back.state.game).toEqual(twin.state.game);
  });

  it('L25: refused once a card is played (abandon it as a misdeal then), and when the new cards are the ones dealt', () => {
    const played = deal.givenCommands(dealt, ...auction, declare, { type: 'PlayCard', dealId: D, seat: 0, card: 'CJ' });
    played.when(replace()).thenRefused('L25', /a card has been played \(trick 1\).*misdeal/);
    deal
      .givenCommands(dealt)
      .when(replace(HANDS))
      .thenRefused('L25', /the cards dealt already/);
  });

  it('L25: refused for a deal the server shuffled and for one recorded as seen', () => {
    deal
      .givenCommands(start({ kind: 'seeded', seed: 'table-seed' }))
      .when(replace())
      .thenRefused('L25', /server shuffled/);
    deal
      .givenCommands(start({ kind: 'seen' }))
      .when(replace())
      .thenRefused('L25', /recorded as seen/);
  });

  it('refused when a move recorded so far does not fit the new cards (the discard names a card the declarer no longer held), and for bad cards or no reason', () => {
    const pickedUp = deal.givenCommands(
      dealt,
      ...auction,
      { type: 'TakeSkat', dealId: D, seat: 0 },
      { type: 'DiscardSkat', dealId: D, seat: 0, cards: ['C7', 'D7'] },
    );
    // D7 was rearhand's (D8 lay in the skat).
    const rear = ['HQ', 'H9', 'H8', 'H7', 'DA', 'DT', 'DK', 'DQ', 'D9', 'D7'] as Card[];
    const outcome = pickedUp.when(replace([HANDS[0], HANDS[1], rear], ['C7', 'D8']));
    expect(outcome.judgement.ok).toBe(false);
    if (!outcome.judgement.ok) expect(outcome.judgement.refusal.reason).toMatch(/the discard recorded so far does not fit the new cards/);
    deal
      .givenCommands(dealt)
      .when(replace([HANDS[0], HANDS[1], HANDS[1]]))
      .thenRefused('R1');
    deal
      .givenCommands(dealt)
      .when(replace(TRUE_HANDS, SKAT, ' '))
      .thenRefused('L5');
  });
});
