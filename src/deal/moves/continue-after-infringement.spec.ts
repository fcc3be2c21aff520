import type { Card } from '../../rules/card';
import type { Declaration } from '../../rules/declaration';
import { deciderSpec } from '../../../test/support/decider-spec';
import type { DealCommand, StartDeal } from '../commands';
import { dealDecider } from '../deal-decider';
import { movesOfEvent } from './move-table';

// Anna (forehand) declares clubs; Ben and Cleo defend. Anna leads the club jack.
const HANDS: [Card[], Card[], Card[]] = [
  ['CJ', 'SJ', 'HJ', 'DJ', 'CA', 'CT', 'CK', 'CQ', 'C9', 'C8'],
  ['SA', 'ST', 'SK', 'SQ', 'S9', 'S8', 'S7', 'HA', 'HT', 'HK'],
  ['HQ', 'H9', 'H8', 'H7', 'DA', 'DT', 'DK', 'DQ', 'D9', 'D8'],
];
const D = 'r20';
const start: StartDeal = {
  type: 'StartDeal',
  dealId: D,
  dealer: 'Cleo',
  players: ['Anna', 'Ben', 'Cleo'],
  cards: { kind: 'given', hands: HANDS, skat: ['C7', 'D7'] },
  startedAt: '2026-12-01T09:00:00.000Z',
};
const clubs: Declaration = { gameType: 'clubs', hand: false, schneiderAnnounced: false, schwarzAnnounced: false, ouvert: false };
const auction: DealCommand[] = [
  start,
  { type: 'CallBid', dealId: D, seat: 1, value: 18 },
  { type: 'HoldBid', dealId: D, seat: 0 },
  { type: 'PassBid', dealId: D, seat: 1 },
  { type: 'PassBid', dealId: D, seat: 2 },
];
const toTheLead: DealCommand[] = [
  ...auction,
  { type: 'TakeSkat', dealId: D, seat: 0 },
  { type: 'DiscardSkat', dealId: D, seat: 0, cards: ['C8', 'D7'] },
  { type: 'DeclareGame', dealId: D, seat: 0, declaration: clubs },
  { type: 'PlayCard', dealId: D, seat: 0, card: 'CJ' },
];
const continueAfter = (seat: 0 | 1 | 2, offender: 0 | 1 | 2, note?: string): DealCommand => ({
  type: 'ContinueAfterInfringement',
  dealId: D,
  seat,
  offender,
  ...(note ? { note } : {}),
});
const deal = deciderSpec(dealDecider({ actorId: 'rec', role: 'player', now: '2026-12-01T10:00:00.000Z' }));

describe('play goes on after an infringement is corrected (R20)', () => {
  it('R20: the declarer has play go on after a defender led out of turn; the play and its turn are unchanged', () => {
    const given = deal.givenCommands(...toTheLead);
    const outcome = given.when(continueAfter(0, 2, 'Cleo led HQ before Ben; taken back'));
    outcome.then([{ type: 'PlayContinued', data: { seat: 0, offender: 2, note: 'Cleo led HQ before Ben; taken back' } }]);
    const after = outcome.thenState();
    expect(after.game?.currentTrick).toEqual(given.state.game?.currentTrick);
    expect(after.game?.phase).toBe('playing');
    // Ben is still to follow the club jack, and does.
    deal
      .givenCommands(...toTheLead, continueAfter(0, 2))
      .when({ type: 'PlayCard', dealId: D, seat: 1, card: 'SA' })
      .then([{ type: 'CardPlayed', data: { seat: 1, card: 'SA', trick: 1 } }]);
  });
  it('R20: a defender has play go on after the declarer failed to follow', () => {
    deal
      .givenCommands(...toTheLead)
      .when(continueAfter(1, 0))
      .then([{ type: 'PlayContinued', data: { seat: 1, offender: 0, note: '' } }]);
  });
  it('R20: refused to the party at fault: the offender himself, or his partner, with nothing recorded', () => {
    deal
      .givenCommands(...toTheLead)
      .when(continueAfter(2, 2))
      .thenRefused('R20', /only the other party/);
    deal
      .givenCommands(...toTheLead)
      .when(continueAfter(1, 2))
      .thenRefused('R20', /only the other party/);
  });
  it('R20: refused outside the play; R2: the offender must be a seat', () => {
    deal
      .givenCommands(...auction)
      .when(continueAfter(1, 0))
      .thenRefused('R20', /only during the play/);
    deal
      .givenCommands(...toTheLead)
      .when({ type: 'ContinueAfterInfringement', dealId: D, seat: 1, offender: 3 as 0 })
      .thenRefused('R2');
  });
  it('is a recorded move with no engine move: withdrawn as the last slip, leaving the lead before it in force', () => {
    const given = deal.givenCommands(...toTheLead, continueAfter(0, 2));
    expect(given.state.moves.map((m) => m.type).slice(-2)).toEqual(['CardPlayed', 'PlayContinued']);
    const withdrawn = given.when({ type: 'WithdrawMove', dealId: D, reason: 'recorded by mistake' }).thenState();
    expect(withdrawn.moves.map((m) => m.type).slice(-1)).toEqual(['CardPlayed']);
    expect(withdrawn.game?.currentTrick?.cards).toEqual([{ seat: 0, card: 'CJ' }]);
    expect(movesOfEvent({ type: 'PlayContinued', data: { seat: 0, offender: 2, note: '' } })).toEqual([]);
  });
});
