/**
 * Issue #23 item 3 through the Ledger: the move that ended a table's deal is withdrawn (L24) with
 * the series as the table stream stands; the deal is open again for the table (no next deal, L13),
 * the sheet drops its row, and once the next deal started the end stands.
 */
import type { Card } from '../../rules/card';
import type { DealCommand } from '../../deal/commands';
import { IllegalCommandError } from '../../kernel/errors';
import { Ledger } from '../ledger';

const HANDS: [Card[], Card[], Card[]] = [
  ['CJ', 'SJ', 'HJ', 'DJ', 'CA', 'CT', 'CK', 'CQ', 'C9', 'C8'],
  ['SA', 'ST', 'SK', 'SQ', 'S9', 'S8', 'S7', 'HA', 'HT', 'HK'],
  ['HQ', 'H9', 'H8', 'H7', 'DA', 'DT', 'DK', 'DQ', 'D9', 'D8'],
];
const CARDS = { kind: 'given' as const, hands: HANDS, skat: ['C7', 'D7'] as [Card, Card] };
const CLUBS_HAND = { gameType: 'clubs' as const, hand: true, schneiderAnnounced: false, schwarzAnnounced: false, ouvert: false };
const DEAL = 't-1';
let n = 0;
const rec = () => ({ commandId: `c-${++n}`, actorId: 'rec', role: 'player' as const });
const moves: DealCommand[] = [
  { type: 'CallBid', dealId: DEAL, seat: 1, value: 18 },
  { type: 'HoldBid', dealId: DEAL, seat: 0 },
  { type: 'PassBid', dealId: DEAL, seat: 1 },
  { type: 'PassBid', dealId: DEAL, seat: 2 },
  { type: 'DeclareGame', dealId: DEAL, seat: 0, declaration: CLUBS_HAND },
];

async function refusal(ledger: Ledger, command: Parameters<Ledger['execute']>[0]): Promise<string> {
  try {
    await ledger.execute(command, rec());
    return 'accepted';
  } catch (e) {
    if (e instanceof IllegalCommandError) return `${e.ruleId}: ${e.reason}`;
    throw e;
  }
}

describe('withdrawing the move that ended a table deal (L24, issue #23)', () => {
  it('reopens the deal for the table and its sheet; once the next deal started, the end stands', async () => {
    const ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    try {
      await ledger.execute({ type: 'OpenTable', tableId: 't', players: ['Anna', 'Ben', 'Cleo'], firstDealer: 'Cleo' }, rec());
      await ledger.execute({ type: 'StartTableDeal', tableId: 't', cards: CARDS }, rec());
      for (const m of moves) await ledger.execute(m, rec());
      await ledger.execute({ type: 'Resign', dealId: DEAL, seat: 0 }, rec());
      expect((await ledger.deal(DEAL))?.status).toBe('scored');
      expect((await ledger.scoreSheet('t'))?.rows).toHaveLength(1);

      await ledger.execute({ type: 'WithdrawMove', dealId: DEAL, reason: 'Anna did not resign' }, rec());
      expect((await ledger.deal(DEAL))?.status).toBe('inProgress');
      expect((await ledger.scoreSheet('t'))?.rows ?? []).toHaveLength(0);
      expect(await refusal(ledger, { type: 'StartTableDeal', tableId: 't', cards: CARDS })).toMatch(/^L13: /);

      // Played on: the first card, then the resignation stands this time and the next deal starts.
      await ledger.execute({ type: 'PlayCard', dealId: DEAL, seat: 0, card: 'CJ' }, rec());
      await ledger.execute({ type: 'Resign', dealId: DEAL, seat: 0 }, rec());
      expect((await ledger.deal(DEAL))?.status).toBe('scored');
      await ledger.execute({ type: 'StartTableDeal', tableId: 't', cards: CARDS }, rec());
      expect(await refusal(ledger, { type: 'WithdrawMove', dealId: DEAL, reason: 'too late' })).toMatch(
        /^L24: .*the next deal of table t \(t-2\) has already started/,
      );
    } finally {
      await ledger.close();
    }
  });
});
