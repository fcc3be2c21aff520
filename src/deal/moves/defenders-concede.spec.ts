import type { Card } from '../../rules/card';
import type { Declaration } from '../../rules/declaration';
import { deciderSpec } from '../../../test/support/decider-spec';
import type { DealCommand, StartDeal } from '../commands';
import { dealDecider } from '../deal-decider';
import type { DealEvent } from '../events';
import { movesOfEvent } from './move-table';

// Anna (forehand) declares clubs holding the jacks and clubs; Ben and Cleo defend.
const HANDS: [Card[], Card[], Card[]] = [
  ['CJ', 'SJ', 'HJ', 'DJ', 'CA', 'CT', 'CK', 'CQ', 'C9', 'C8'],
  ['SA', 'ST', 'SK', 'SQ', 'S9', 'S8', 'S7', 'HA', 'HT', 'HK'],
  ['HQ', 'H9', 'H8', 'H7', 'DA', 'DT', 'DK', 'DQ', 'D9', 'D8'],
];
const D = 'c1';
const start: StartDeal = {
  type: 'StartDeal',
  dealId: D,
  dealer: 'Cleo',
  players: ['Anna', 'Ben', 'Cleo'],
  cards: { kind: 'given', hands: HANDS, skat: ['C7', 'D7'] },
  startedAt: '2026-12-01T09:00:00.000Z',
};
const clubs: Declaration = { gameType: 'clubs', hand: false, schneiderAnnounced: false, schwarzAnnounced: false, ouvert: false };
const auctionAndGame = (s: StartDeal): DealCommand[] => [
  s,
  { type: 'CallBid', dealId: D, seat: 1, value: 18 },
  { type: 'HoldBid', dealId: D, seat: 0 },
  { type: 'PassBid', dealId: D, seat: 1 },
  { type: 'PassBid', dealId: D, seat: 2 },
  { type: 'TakeSkat', dealId: D, seat: 0 },
  { type: 'DiscardSkat', dealId: D, seat: 0, cards: ['C8', 'D7'] },
  { type: 'DeclareGame', dealId: D, seat: 0, declaration: clubs },
];
const concede: DealCommand = { type: 'ConcedeForDefenders', dealId: D };
const deal = deciderSpec(dealDecider({ actorId: 'rec', role: 'player', now: '2026-12-01T10:00:00.000Z' }));
const types = (events: readonly DealEvent[]) => events.map((e) => e.type);

describe('the defenders concede together (R21, D3)', () => {
  it('R21 (isko): one concession ends the game, so it records the first defender only, and the declarer wins every remaining trick', () => {
    const outcome = deal.givenCommands(...auctionAndGame(start)).when(concede);
    const events = outcome.thenEvents();
    expect(types(events)).toEqual(['DefendersConceded', 'DealScored']);
    expect(events[0]).toEqual({ type: 'DefendersConceded', data: { seats: [1] } });
    const scored = events[1];
    expect(scored.type === 'DealScored' && scored.data.result).toMatchObject({ won: true, declarerPoints: 120 });
    expect(outcome.thenState().game?.phase).toBe('finished');
  });
  it('D3 (iss): both defenders resign at once; replay and the ISS export read it as their two resignations (RE)', () => {
    const given = deal.givenCommands(...auctionAndGame({ ...start, profileId: 'iss' }));
    const events = given.when(concede).thenEvents();
    expect(events[0]).toEqual({ type: 'DefendersConceded', data: { seats: [1, 2] } });
    expect(events[1].type === 'DealScored' && events[1].data.result.won).toBe(true);
    expect(movesOfEvent(events[0])).toEqual([
      { kind: 'resign', seat: 1 },
      { kind: 'resign', seat: 2 },
    ]);
  });
  it('D3 (iss): after one defender resigned, it records the other', () => {
    const given = deal.givenCommands(...auctionAndGame({ ...start, profileId: 'iss' }), { type: 'Resign', dealId: D, seat: 2 });
    expect(given.when(concede).thenEvents()[0]).toEqual({ type: 'DefendersConceded', data: { seats: [1] } });
  });
  it('R21: refused before the play, with nothing recorded', () => {
    deal
      .givenCommands(...auctionAndGame(start).slice(0, 3))
      .when(concede)
      .thenRefused('R21', /only during the play/);
  });
  it('R42: refused in a Ramsch, which has no defenders', () => {
    deal
      .givenCommands(
        { ...start, profileOptions: { ramsch: true } },
        { type: 'PassBid', dealId: D, seat: 1 },
        { type: 'PassBid', dealId: D, seat: 2 },
        { type: 'PassBid', dealId: D, seat: 0 },
      )
      .when(concede)
      .thenRefused('R42', /no defenders/);
  });
  it('L3: refused once the game is over', () => {
    deal
      .givenCommands(...auctionAndGame(start), concede)
      .when(concede)
      .thenRefused('L3');
  });
});
