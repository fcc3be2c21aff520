import type { Card } from '../rules/card';
import type { Declaration } from '../rules/declaration';
import { legalMoves } from '../rules/game';
import type { DealCommand, SeriesOfDeal, StartDeal, WithdrawMove } from './commands';
import type { DecideContext } from './decide';
import { dealDecider } from './deal-decider';
import type { DealState } from './deal-state';
import type { DealEvent } from './events';
import { deciderSpec, type Outcome, type Scenario } from '../../test/support/decider-spec';
import { commandOfMove } from './command-of-move';

// Issue #23 item 3, "no slip is final": the move that ended a deal (a resignation tapped by
// mistake, the wrong last card) is withdrawn like any last move, while nothing is built on the
// end yet (L24): within the table's series, before any player confirmed, without a correction.
const HANDS: [Card[], Card[], Card[]] = [
  ['CJ', 'SJ', 'HJ', 'DJ', 'CA', 'CT', 'CK', 'CQ', 'C9', 'C8'],
  ['SA', 'ST', 'SK', 'SQ', 'S9', 'S8', 'S7', 'HA', 'HT', 'HK'],
  ['HQ', 'H9', 'H8', 'H7', 'DA', 'DT', 'DK', 'DQ', 'D9', 'D8'],
];
const SKAT: [Card, Card] = ['C7', 'D7'];
const D = 't1-1';
const recorder: DecideContext = { actorId: 'rec', role: 'player', now: '2026-12-02T20:00:00.000Z' };
const arbiter: DecideContext = { actorId: 'Ulla', role: 'arbiter', now: '2026-12-02T21:00:00.000Z' };
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
  { type: 'DeclareGame', dealId: D, seat: 0, declaration: clubsHand },
];
const resign: DealCommand = { type: 'Resign', dealId: D, seat: 0 };
/** The series as the Ledger reads it from the table: open, this deal the latest. */
const open: SeriesOfDeal = { closed: false, reviewAfterClose: false, latestDealId: D };
const withdraw = (series: SeriesOfDeal | null = open, reason = 'Anna did not resign: the tap was a slip'): WithdrawMove => ({
  type: 'WithdrawMove',
  dealId: D,
  reason,
  ...(series ? { series } : {}),
});

let n = 0;
const deal = deciderSpec(dealDecider(recorder), { recorded: (e) => ({ ...e, eventId: `e${n++}` }) });
const refusal = (o: Outcome<DealEvent, DealState>): string => (o.judgement.ok ? 'accepted' : `${o.judgement.refusal.ruleId}: ${o.judgement.refusal.reason}`);

/** Every card to the end, each seat's first legal one, as commands (the deal's state read after each). */
function playedOut(s: Scenario<DealCommand, DealEvent, DealState>): Scenario<DealCommand, DealEvent, DealState> {
  let at = s;
  while (at.state.game?.phase === 'playing') {
    const card = legalMoves(at.state.game).find((m) => m.kind === 'play');
    if (!card) break;
    at = at.andCommands(commandOfMove(D, card));
  }
  return at;
}

describe('L24: withdrawing the move that ended a deal', () => {
  it('given a resignation that ended the deal, when the recorder withdraws it within the series, then the deal is open again as before it', () => {
    const before = deal.givenCommands(dealt, ...auction);
    const ended = before.andCommands(resign);
    expect(ended.state.recordedResult).not.toBeNull();
    const [w] = ended.when(withdraw()).thenEvents();
    expect(w).toMatchObject({ type: 'MoveWithdrawn', data: { moves: 1, reopens: true, by: 'rec', reason: 'Anna did not resign: the tap was a slip' } });
    // The resignation and the score go together: the replay leaves both out.
    const endIds = ended.state.endEventIds;
    expect(endIds.length).toBeGreaterThan(0);
    expect(w.type === 'MoveWithdrawn' && w.data.withdrawnEventIds).toEqual([...ended.state.moves[ended.state.moves.length - 1].eventIds, ...endIds]);
    const after = ended.and(w);
    expect(after.state.recordedResult).toBeNull();
    expect(after.state.currentScore).toBeNull();
    expect(after.state.game).toEqual(before.state.game);
    // Play goes on: the first card, and then the deal can end again (a second resignation is a new end).
    after.when({ type: 'PlayCard', dealId: D, seat: 0, card: 'CJ' }).thenEvents();
    expect(after.andCommands(resign).state.recordedResult).not.toBeNull();
  });

  it('given the last card played by mistake, when withdrawn, then the last trick is open again and another card may be played', () => {
    const ended = playedOut(deal.givenCommands(dealt, ...auction));
    expect(ended.state.recordedResult).not.toBeNull();
    const after = ended.andCommands(withdraw());
    expect(after.state.game?.phase).toBe('playing');
    expect(after.state.game?.currentTrick?.cards).toHaveLength(2);
    expect(legalMoves(after.state.game!).some((m) => m.kind === 'play')).toBe(true);
  });

  it('given a passed-in deal, when the last pass is withdrawn, then the auction is open again', () => {
    const passedIn = deal.givenCommands(
      dealt,
      { type: 'PassBid', dealId: D, seat: 1 },
      { type: 'PassBid', dealId: D, seat: 2 },
      { type: 'PassBid', dealId: D, seat: 0 },
    );
    expect(passedIn.state.recordedResult?.kind).toBe('passedIn');
    const after = passedIn.andCommands(withdraw());
    expect(after.state.recordedResult).toBeNull();
    after.when({ type: 'CallBid', dealId: D, seat: 0, value: 18 }).thenEvents();
  });

  it('given a deal recorded as seen whose shown skat completed it, when the showing is withdrawn, then its revealed hands go with it', () => {
    const seenStart = start({ kind: 'seen' });
    const dealtEnd = playedOut(deal.givenCommands(dealt, ...auction));
    // The same cards recorded as seen: the auction, the skat shown at once (a hand game), then each card played in the dealt deal.
    const cards = dealtEnd.state.game!.tricks.flatMap((t) => t.cards);
    let seen = deal.givenCommands(seenStart, ...auction, { type: 'ShowSkat', dealId: D, skat: SKAT });
    for (const c of cards.slice(0, -1)) seen = seen.andCommands({ type: 'PlayCard', dealId: D, seat: c.seat, card: c.card });
    const last = cards[cards.length - 1];
    const ended = seen.andCommands({ type: 'PlayCard', dealId: D, seat: last.seat, card: last.card });
    expect(ended.state.recordedResult).toEqual(dealtEnd.state.recordedResult);
    expect(ended.state.endEventIds).toHaveLength(2); // HandsRevealed, DealScored
    const after = ended.andCommands(withdraw());
    expect(after.state.recordedResult).toBeNull();
    expect(after.state.game).toBeNull();
    expect(after.state.seen).toEqual(seen.state.seen);
    after.when({ type: 'PlayCard', dealId: D, seat: last.seat, card: last.card }).thenEvents();
  });

  describe('refused once something is built on the end', () => {
    const ended = () => deal.givenCommands(dealt, ...auction, resign);

    it('L24: the series is closed, the next deal started, or the deal belongs to no table', () => {
      expect(refusal(ended().when(withdraw({ ...open, closed: true })))).toMatch(/^L24: .*the series of table t1 is closed/);
      expect(refusal(ended().when(withdraw({ ...open, latestDealId: 't1-2' })))).toMatch(/^L24: .*the next deal of table t1 \(t1-2\) has already started/);
      expect(refusal(ended().when(withdraw(null)))).toMatch(/^L24: .*belongs to no table/);
    });

    it('L24: a player confirmed or contested the result, or an arbiter corrected it', () => {
      const confirmed = ended().andCommands({ type: 'ConfirmDeal', dealId: D, player: 'Ben' });
      expect(refusal(confirmed.when(withdraw()))).toMatch(/^L24: .*Ben already confirmed its result/);
      const contested = ended().andCommands({ type: 'ContestDeal', dealId: D, player: 'Cleo', reason: 'Anna never resigned' });
      expect(refusal(contested.when(withdraw()))).toMatch(/^L24: .*Cleo already contested/);
      const byArbiter = deciderSpec(dealDecider(arbiter), { recorded: (e) => ({ ...e, eventId: `a${n++}` }) });
      const fixed = byArbiter.givenCommands(dealt, ...auction, resign, { type: 'CorrectScore', dealId: D, correctedScore: -72, reason: 'sheet' });
      expect(refusal(fixed.when(withdraw()))).toMatch(/^L24: .*an arbiter has corrected its score/);
    });

    it('L24: only the ending move; L5: a reason; L3: a result-only line is corrected, never withdrawn', () => {
      const s = ended();
      const firstBid = s.state.moves[0].eventIds[0];
      expect(refusal(s.when({ ...withdraw(), moveEventId: firstBid }))).toMatch(/^L24: .*only the move that ended it/);
      expect(refusal(s.when(withdraw(open, ' ')))).toMatch(/^L5: /);
      const line = deal.givenCommands({
        type: 'StartDeal',
        dealId: D,
        tableId: 't1',
        dealer: 'Cleo',
        players: ['Anna', 'Ben', 'Cleo'],
        result: { kind: 'passedIn' },
      });
      expect(refusal(line.when(withdraw()))).toMatch(/^L3: /);
    });
  });
});
