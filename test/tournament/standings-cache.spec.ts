import { Ledger } from '../../src/ledger/ledger';
import type { EnteredResult } from '../../src/rules/result-entry';
import { ctx } from '../projections/helpers';

// Sheets are kept per table while their rows are unchanged (incremental standings): every change
// that a sheet or the standings show must still reach them at once.
const lost = (declarer: 0 | 1 | 2): EnteredResult => ({
  kind: 'game',
  declarer,
  declaration: { gameType: 'clubs', hand: false, schneiderAnnounced: false, schwarzAnnounced: false, ouvert: false },
  matadors: 1,
  bid: 18,
  declarerPoints: 50,
  nullWon: null,
  schneider: false,
  schwarz: false,
});

describe('standings follow every change while sheets are kept per table', () => {
  it('a new deal, a correction and a new loss fee each change the standings they affect (R34, R35)', async () => {
    const ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    await ledger.execute({ type: 'CreateTournament', tournamentId: 'c', name: 'Cup' }, ctx('admin'));
    await ledger.execute(
      { type: 'OpenTable', tableId: 'c-1', players: ['Anna', 'Ben', 'Cleo'], firstDealer: 'Anna', tournamentId: 'c', round: 1 },
      ctx('admin'),
    );
    await ledger.execute(
      { type: 'OpenTable', tableId: 'c-2', players: ['Dora', 'Emil', 'Fritz'], firstDealer: 'Dora', tournamentId: 'c', round: 1 },
      ctx('admin'),
    );
    const line = async (player: string) => (await ledger.standings('c'))?.lines.find((l) => l.player === player);
    // Deal 1 at c-1 (Anna deals: Ben forehand): Ben loses clubs with 1: 12 × 2 = 24, -48 (R31); -48 - 50 = -98.
    await ledger.execute({ type: 'StartTableDeal', tableId: 'c-1', result: lost(0) }, ctx('rec'));
    expect(await line('Ben')).toMatchObject({ total: -98, lost: 1 });
    expect(await line('Dora')).toMatchObject({ total: 0 });
    // A deal at the other table changes only its own players' lines.
    await ledger.execute({ type: 'StartTableDeal', tableId: 'c-2', result: lost(0) }, ctx('rec'));
    expect(await line('Emil')).toMatchObject({ total: -98 });
    expect(await line('Ben')).toMatchObject({ total: -98 });
    // The arbiter corrects Ben's game to won with 70 (+24): 24 + 50 = 74; the defenders lose their 40.
    await ledger.execute(
      { type: 'CorrectScore', dealId: 'c-1-1', reason: 'recount', facts: { ...lost(0), declarerPoints: 70 } as EnteredResult },
      ctx('Ulla', { role: 'arbiter' }),
    );
    expect(await line('Ben')).toMatchObject({ total: 74, won: 1, lost: 0 });
    expect(await line('Anna')).toMatchObject({ total: 0 });
    // The loss fee is the tournament's setting: every table's tally follows it.
    expect(await line('Emil')).toMatchObject({ lossFees: 1 });
    const before = (await line('Emil'))?.lossFeeCents;
    await ledger.execute({ type: 'SetLossFee', tournamentId: 'c', feeCents: 150, fromFourthLostGameCents: null }, ctx('admin'));
    expect((await line('Emil'))?.lossFeeCents).toBe(150);
    expect(before).not.toBe(150);
    expect((await ledger.scoreSheet('c-2'))?.seegerFabian.find((l) => l.player === 'Emil')?.lossFeeCents).toBe(150);
    await ledger.close();
  });

  it("the organiser's list keeps each table's status while its rows are unchanged, and shows every change at once (issue 22)", async () => {
    const ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    await ledger.execute({ type: 'CreateTournament', tournamentId: 'c', name: 'Cup' }, ctx('admin'));
    for (const [id, players] of [
      ['c-1', ['Anna', 'Ben', 'Cleo']],
      ['c-2', ['Dora', 'Emil', 'Fritz']],
      ['c-3', ['Gerd', 'Hugo', 'Ida']],
    ] as const)
      await ledger.execute({ type: 'OpenTable', tableId: id, players: [...players], firstDealer: players[0], tournamentId: 'c', round: 1 }, ctx('admin'));
    const statuses = async () => new Map((await ledger.tournaments(10))[0].tables.map((t) => [t.tableId, t]));
    const first = await statuses();
    expect(first.get('c-1')).toMatchObject({ dealsPlayed: 0, nextDeal: { dealNumber: 1, dealer: 'Anna' }, closed: false });
    // A deal at c-1: its row shows it, the other tables' statuses are the very ones kept (not read again).
    await ledger.execute({ type: 'StartTableDeal', tableId: 'c-1', result: lost(0) }, ctx('rec'));
    const second = await statuses();
    expect(second.get('c-1')).toMatchObject({ dealsPlayed: 1, nextDeal: { dealNumber: 2, dealer: 'Ben' } });
    expect(second.get('c-2')).toBe(first.get('c-2'));
    expect(second.get('c-3')).toBe(first.get('c-3'));
    // A contest marks the row's open disputes; closing a series marks it closed (the kept status is not shown stale).
    await ledger.execute({ type: 'ContestDeal', dealId: 'c-1-1', player: 'Ben', reason: 'miscounted' }, ctx('Ben'));
    expect((await statuses()).get('c-1')).toMatchObject({ openDisputes: 1 });
    await ledger.execute({ type: 'CloseSeries', tableId: 'c-2', reason: 'short evening' }, ctx('rec'));
    const third = await statuses();
    expect(third.get('c-2')).toMatchObject({ closed: true, nextDeal: null });
    expect(third.get('c-3')).toBe(first.get('c-3'));
    // The plain list of tables answers from the same kept statuses.
    expect((await ledger.tables({ tournamentId: 'c' })).find((t) => t.tableId === 'c-3')).toBe(first.get('c-3'));
    await ledger.close();
  });
});
