import Database from 'better-sqlite3';
import type { Card } from '../../rules/card';
import { legalMoves } from '../../rules/game';
import type { DealCommand } from '../../deal/commands';
import { decideAll } from '../../deal/decide-all';
import { SqliteEventStore } from '../../event-store/sqlite/sqlite-event-store';
import { Ledger } from '../ledger';

// Issue #23: a table deal recorded as seen, through the Ledger: started without hands, its cards
// recorded as played, the skat when shown; then the result, the sheet's row and the next deal.
const sys = (commandId: string) => ({ commandId, actorId: 'rec', role: 'system' as const });
const HANDS: [Card[], Card[], Card[]] = [
  ['SJ', 'HJ', 'DJ', 'CA', 'CT', 'CK', 'CQ', 'C9', 'C8', 'D8'],
  ['SA', 'ST', 'SK', 'SQ', 'S9', 'S8', 'S7', 'HA', 'HT', 'HK'],
  ['HQ', 'H9', 'H8', 'H7', 'DA', 'DT', 'DK', 'DQ', 'D9', 'D7'],
];
const SKAT: [Card, Card] = ['CJ', 'C7'];
const clubs = { gameType: 'clubs', hand: false, schneiderAnnounced: false, schwarzAnnounced: false, ouvert: false } as const;

describe('a table deal recorded as seen (issue #23)', () => {
  it('starts without hands, takes bids, the declaration and 30 cards, and is scored once the skat is shown: the sheet has its row', async () => {
    const ledger = await Ledger.withStore(new SqliteEventStore(new Database(':memory:')));
    try {
      await ledger.execute({ type: 'OpenTable', tableId: 't', players: ['Anna', 'Ben', 'Cleo'], firstDealer: 'Cleo' }, sys('open'));
      await ledger.execute({ type: 'StartTableDeal', tableId: 't', cards: { kind: 'seen' } }, sys('start'));
      const dealId = (await ledger.tables({}))[0]?.openDealId ?? 't-1';
      const auction: DealCommand[] = [
        { type: 'CallBid', dealId, seat: 1, value: 18 },
        { type: 'HoldBid', dealId, seat: 0 },
        { type: 'PassBid', dealId, seat: 1 },
        { type: 'PassBid', dealId, seat: 2 },
      ];
      // The cards as they fell, found by playing the same deal dealt (each seat's first legal card).
      const dealt = decideAll(
        [
          { type: 'StartDeal', dealId, dealer: 'Cleo', players: ['Anna', 'Ben', 'Cleo'], cards: { kind: 'given', hands: HANDS, skat: SKAT } },
          ...auction,
          { type: 'TakeSkat', dealId, seat: 0 },
          { type: 'DiscardSkat', dealId, seat: 0, cards: ['CJ', 'D8'] },
          { type: 'DeclareGame', dealId, seat: 0, declaration: clubs },
        ],
        { actorId: 'x', now: '2026-12-01T20:00:00Z' },
      );
      if (!dealt.ok) throw new Error(dealt.refusal.reason);
      let state = dealt.state;
      const plays: DealCommand[] = [];
      while (state.game?.phase === 'playing') {
        const m = legalMoves(state.game).find((x) => x.kind === 'play');
        if (!m || m.kind !== 'play') break;
        plays.push({ type: 'PlayCard', dealId, seat: m.seat, card: m.card });
        const next = decideAll([plays[plays.length - 1]], { actorId: 'x', now: '2026-12-01T20:00:00Z' }, state);
        if (!next.ok) throw new Error(next.refusal.reason);
        state = next.state;
      }
      const moves: DealCommand[] = [...auction, { type: 'TakeSkat', dealId, seat: 0 }, { type: 'DeclareGame', dealId, seat: 0, declaration: clubs }, ...plays];
      for (const [i, m] of moves.entries()) await ledger.execute(m, sys(`m${i}`));
      expect((await ledger.deal(dealId))?.status).toBe('inProgress');
      await ledger.execute({ type: 'ShowSkat', dealId, skat: SKAT }, sys('skat'));
      await ledger.catchUp();
      const summary = await ledger.deal(dealId);
      expect(summary?.score).toBe(state.recordedResult?.score);
      const sheet = await ledger.scoreSheet('t');
      expect(sheet?.rows.map((r) => [r.dealId, r.entry])).toEqual([[dealId, state.recordedResult?.score]]);
      // The next deal of the table can start.
      await ledger.execute({ type: 'StartTableDeal', tableId: 't', cards: { kind: 'seen' } }, sys('start-2'));
    } finally {
      await ledger.close();
    }
  });
});
