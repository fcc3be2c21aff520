import { eventIdFor } from '../../src/event-store/event-ids';
import type { AppendBatch, NewEvent } from '../../src/event-store/event-store';
import { Ledger } from '../../src/ledger/ledger';
import { ledgerStore } from '../../src/ledger/store-port';
import { seededRandom } from '../../src/rules/deck';
import { growingCut } from '../support/growing-cut';
import { ctx } from './helpers';

/**
 * Issue 28 item 2, as-of standings (R35) from the parts of sheets kept after each batch
 * (ledger/reads/sheet-snapshots.ts): deals appended in bulk, so one batch holds several deals of a
 * table and a cut falls between a table's inputs of one batch; at every position of the log the
 * standings equal those of a store holding only the events up to there.
 */
function resultOnlyDeal(dealId: string, tableId: string, dealNumber: number, players: readonly string[], won: boolean, value: number): NewEvent[] {
  const meta = (n: number) => ({
    eventId: eventIdFor(`spec-${dealId}`, n),
    commandId: `spec-${dealId}`,
    actorId: 'spec',
    recordedAt: '2026-11-29T12:00:00.000Z',
  });
  const declarer = dealNumber % 3;
  const score = won ? value : -2 * value;
  const result = {
    kind: 'scored',
    passedIn: false,
    declarer,
    declaration: { gameType: 'grand', hand: false, schneiderAnnounced: false, schwarzAnnounced: false, ouvert: false },
    bid: 18,
    won,
    gameValue: value,
    score,
    matadors: 1,
    overbid: false,
    declarerPoints: won ? 70 : 50,
    declarerTricks: null,
    schneider: false,
    schwarz: false,
    seatScores: [0, 1, 2].map((s) => (s === declarer ? score : 0)),
    notScoreableReason: null,
    derivation: [],
  };
  const data = {
    dealId,
    tableId,
    tournamentId: 'bulk',
    dealNumber,
    dealer: players[(dealNumber + 1) % 3],
    players,
    sittingOut: [],
    computerSeats: [],
    profileId: 'isko',
    profileOptions: {},
    profileVersion: '1',
    startedAt: '2026-11-29T12:00:00.000Z',
  };
  return [
    { type: 'DealStarted', data, metadata: meta(0) },
    { type: 'DealScored', data: { result, profileId: 'isko', profileVersion: '1' }, metadata: meta(1) },
  ];
}

describe('as-of standings from kept sheet parts (issue 28 item 2, R35)', () => {
  it('equal a cut store at every position, deals appended in bulk between live ones', async () => {
    const full = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    let cut: Ledger | undefined;
    try {
      await full.execute({ type: 'CreateTournament', tournamentId: 'bulk', name: 'Bulk' }, ctx('admin'));
      const tables = [0, 1, 2].map((t) => ({ tableId: `bulk-${t}`, players: [`a${t}`, `b${t}`, `c${t}`] }));
      for (const t of tables) await full.execute({ type: 'OpenTable', ...t, firstDealer: t.players[1], tournamentId: 'bulk', round: 1 }, ctx('admin'));
      const random = seededRandom('as-of-standings');
      // Three bulk appends of four deals per table each (one batch each), a loss fee other than the default set in between (an input of every sheet).
      for (let round = 0; round < 3; round++) {
        const batch: AppendBatch[] = [];
        for (let n = 1; n <= 4; n++)
          for (const t of tables) {
            const number = round * 4 + n;
            const id = `${t.tableId}-${number}`;
            batch.push({
              streamName: `deal-${id}`,
              expectedRevision: 'noStream',
              events: resultOnlyDeal(id, t.tableId, number, t.players, random(3) > 0, 24 + random(60)),
            });
          }
        await ledgerStore(full).appendMany(batch);
        await full.appendedInBulk();
        if (round === 0) await full.execute({ type: 'SetLossFee', tournamentId: 'bulk', feeCents: 70, fromFourthLostGameCents: null }, ctx('admin'));
      }
      const growing = await growingCut(ledgerStore(full));
      cut = growing.cut;
      const positions: string[] = [];
      for await (const e of ledgerStore(full).readAll()) positions.push(e.position);
      let kept = 0;
      let built = 0;
      for (const position of positions) {
        await growing.upTo(position);
        const view = await full.asOf({ position });
        const then = await cut.standings('bulk');
        expect(await view.sheets.standingsOf('bulk')).toEqual(then);
        kept += view.sheets.partsKept;
        if (then && view.sheets.partsKept < then.tables.length) built++;
      }
      // Both ways were taken: parts kept (after the live commands, at the ends of the bulk batches), sheets built where a batch's inputs of a table straddle the cut.
      expect(kept).toBeGreaterThan(20);
      expect(built).toBeGreaterThan(0);
      // The cost model counts before the read: at the log's end every table's part is kept, no sheet is built.
      const last = positions[positions.length - 1];
      expect(full.asOfReadCost('standings', 'bulk', { position: last })).toMatchObject({ rows: 0, snapshots: 3, refolds: 0 });
    } finally {
      await cut?.close();
      await full.close();
    }
  });
});
