/**
 * Issue #25 item 1: the card recording of a result-only deal (upgradeDeal) takes every move of the
 * table of moves. ConcedeForDefenders was missing from a hand-kept list, so the deal's own stream
 * refused it ("L3: the deal is over") while Resign reached the recording.
 */
import type { Card } from '../../rules/card';
import type { DealCommand } from '../../deal/commands';
import { MOVE_COMMAND_TYPES } from '../../deal/moves/move-table';
import { IllegalCommandError } from '../../kernel/errors';
import { Ledger } from '../ledger';
import { ledgerStore } from '../store-port';

const HANDS: [Card[], Card[], Card[]] = [
  ['CJ', 'SJ', 'HJ', 'DJ', 'CA', 'CT', 'CK', 'CQ', 'C9', 'C8'],
  ['SA', 'ST', 'SK', 'SQ', 'S9', 'S8', 'S7', 'HA', 'HT', 'HK'],
  ['HQ', 'H9', 'H8', 'H7', 'DA', 'DT', 'DK', 'DQ', 'D9', 'D8'],
];
const CARDS = { kind: 'given' as const, hands: HANDS, skat: ['C7', 'D7'] as [Card, Card] };
const CLUBS = { gameType: 'clubs' as const, hand: false, schneiderAnnounced: false, schwarzAnnounced: false, ouvert: false };
const DEAL = 't-1';
let n = 0;
const sys = () => ({ commandId: `c-${++n}`, actorId: 'rec', role: 'system' as const });

/** A result-only deal (clubs won by Anna, schneider) whose cards are being recorded, up to the first trick's lead. */
async function recordingInPlay(points = 116, schwarz = false): Promise<Ledger> {
  const ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
  await ledger.execute({ type: 'OpenTable', tableId: 't', players: ['Anna', 'Ben', 'Cleo'], firstDealer: 'Cleo' }, sys());
  const result = {
    kind: 'game' as const,
    declarer: 0 as const,
    declaration: CLUBS,
    matadors: 11,
    bid: 18,
    declarerPoints: points,
    nullWon: null,
    schneider: true,
    schwarz,
  };
  await ledger.execute({ type: 'StartTableDeal', tableId: 't', result }, sys());
  await ledger.execute({ type: 'UpgradeDeal', dealId: DEAL, cards: CARDS }, sys());
  const moves: DealCommand[] = [
    { type: 'CallBid', dealId: DEAL, seat: 1, value: 18 },
    { type: 'HoldBid', dealId: DEAL, seat: 0 },
    { type: 'PassBid', dealId: DEAL, seat: 1 },
    { type: 'PassBid', dealId: DEAL, seat: 2 },
    { type: 'TakeSkat', dealId: DEAL, seat: 0 },
    { type: 'DiscardSkat', dealId: DEAL, seat: 0, cards: ['C9', 'C8'] },
    { type: 'DeclareGame', dealId: DEAL, seat: 0, declaration: CLUBS },
  ];
  for (const m of moves) await ledger.execute(m, sys());
  return ledger;
}

/** What the ledger answers: the events recorded in the recording stream, or the rule of the refusal. */
async function answer(ledger: Ledger, command: DealCommand): Promise<{ recorded: string[] } | { refused: string }> {
  const before = (await ledgerStore(ledger).readStream(`upgrade-${DEAL}`)).events.length;
  try {
    await ledger.execute(command, sys());
  } catch (error) {
    if (error instanceof IllegalCommandError) return { refused: `${error.ruleId}: ${error.reason}` };
    throw error;
  }
  return { recorded: (await ledgerStore(ledger).readStream(`upgrade-${DEAL}`)).events.slice(before).map((e) => e.type) };
}

describe("the recording of a result-only deal's cards takes every move of the table (issue #25 item 1)", () => {
  it('ConcedeForDefenders reaches the recording as Resign does, and is not refused with L3', async () => {
    // Either gives the declarer every remaining trick: 120 card points, schwarz (R21, R24).
    const conceding = await recordingInPlay(120, true);
    const resigning = await recordingInPlay(120, true);
    try {
      const conceded = await answer(conceding, { type: 'ConcedeForDefenders', dealId: DEAL });
      const resigned = await answer(resigning, { type: 'Resign', dealId: DEAL, seat: 1 });
      expect(resigned).toEqual({ recorded: expect.arrayContaining(['GameResigned']) });
      expect(conceded).toEqual({ recorded: expect.arrayContaining(['DefendersConceded']) });
    } finally {
      await conceding.close();
      await resigning.close();
    }
  });

  it('a command type of the table that the recording refuses is refused by the recording, not by the finished deal', async () => {
    const ledger = await recordingInPlay();
    try {
      for (const type of MOVE_COMMAND_TYPES) {
        const got = await answer(ledger, { type, dealId: DEAL, seat: 2 } as unknown as DealCommand);
        if ('refused' in got) expect(got.refused).not.toMatch(/^L3: the deal is over/);
      }
    } finally {
      await ledger.close();
    }
  });
});
