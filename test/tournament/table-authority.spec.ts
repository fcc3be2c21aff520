import { Ledger } from '../../src/ledger/ledger';
import type { EnteredResult } from '../../src/rules/result-entry';
import { ctx, handMadeDeal, playOut, result } from '../projections/helpers';
import { ledgerStore } from '../../src/ledger/store-port';

/** Every event of the store, counted: a refused command must leave it unchanged. */
async function eventCount(ledger: Ledger): Promise<number> {
  let n = 0;
  for await (const _ of ledgerStore(ledger).readAll()) n++;
  return n;
}

const game = (declarer: 0 | 1 | 2, over: Partial<Extract<EnteredResult, { kind: 'game' }>> = {}): EnteredResult => ({
  kind: 'game',
  declarer,
  declaration: { gameType: 'clubs', hand: false, schneiderAnnounced: false, schwarzAnnounced: false, ouvert: false },
  matadors: 1,
  bid: 18,
  declarerPoints: 70,
  nullWon: null,
  schneider: false,
  schwarz: false,
  ...over,
});

describe('the table is the authority over its deals (issue 11 item 1)', () => {
  let ledger: Ledger;
  beforeEach(async () => {
    ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    await ledger.execute({ type: 'CreateTournament', tournamentId: 'cup', name: 'Cup' }, ctx('admin'));
    await ledger.execute(
      { type: 'OpenTable', tableId: 'cup-t1', players: ['Anna', 'Ben', 'Cleo'], firstDealer: 'Anna', tournamentId: 'cup', round: 1, seriesLength: 3 },
      ctx('admin'),
    );
  });
  afterEach(() => ledger.close());

  it('L12: given a table, when a direct startDeal names foreign players, another dealer and its own id (the issue repro), then it is refused and nothing is appended', async () => {
    const before = await eventCount(ledger);
    await expect(
      ledger.execute(
        { type: 'StartDeal', dealId: 'cup-t1-y', tableId: 'cup-t1', dealer: 'Zed', players: ['Yan', 'Xu', 'Zed'], cards: { kind: 'crypto' } },
        ctx('rec'),
      ),
    ).rejects.toMatchObject({ ruleId: 'L12', reason: expect.stringContaining('Anna deals, not Zed') });
    expect(await eventCount(ledger)).toBe(before);
    const sheet = await ledger.scoreSheet('cup-t1');
    expect(sheet?.rows).toEqual([]);
    expect(sheet?.seegerFabian.map((l) => l.player)).toEqual(['Anna', 'Ben', 'Cleo']);
  });

  it("a direct startDeal that is exactly what the table dictates is the table's next deal", async () => {
    const started = await ledger.execute(
      { type: 'StartDeal', dealId: 'cup-t1-1', tableId: 'cup-t1', dealer: 'Anna', players: ['Ben', 'Cleo', 'Anna'], cards: { kind: 'seeded', seed: 's' } },
      ctx('rec'),
    );
    expect(started.dealId).toBe('cup-t1-1');
    expect((await ledger.deal('cup-t1-1'))?.tableId).toBe('cup-t1');
  });

  it('L13: given deal 1 open, when a second deal is started (another commandId), then it is refused and nothing is appended; once deal 1 ends the next starts', async () => {
    const first = await ledger.execute({ type: 'StartTableDeal', tableId: 'cup-t1', cards: { kind: 'seeded', seed: 'a' } }, ctx('rec'));
    const before = await eventCount(ledger);
    await expect(ledger.execute({ type: 'StartTableDeal', tableId: 'cup-t1', cards: { kind: 'seeded', seed: 'b' } }, ctx('rec'))).rejects.toMatchObject({
      ruleId: 'L13',
    });
    expect(await eventCount(ledger)).toBe(before);
    await playOut(ledger, first.dealId as string, 'a');
    const second = await ledger.execute({ type: 'StartTableDeal', tableId: 'cup-t1', cards: { kind: 'seeded', seed: 'b' } }, ctx('rec'));
    expect(second.dealId).toBe('cup-t1-2');
    expect((await ledger.deal('cup-t1-2'))?.dealer).toBe('Ben');
  });

  it('R36 and L14: given the series of 3 played, when a 4th deal is asked for, then it is refused; SeriesClosed freezes the table', async () => {
    for (let i = 0; i < 3; i++) await ledger.execute({ type: 'StartTableDeal', tableId: 'cup-t1', result: { kind: 'passedIn' } }, ctx('rec'));
    const before = await eventCount(ledger);
    await expect(ledger.execute({ type: 'StartTableDeal', tableId: 'cup-t1', result: { kind: 'passedIn' } }, ctx('rec'))).rejects.toMatchObject({
      ruleId: 'R36',
    });
    expect(await eventCount(ledger)).toBe(before);
    await ledger.execute({ type: 'CloseSeries', tableId: 'cup-t1' }, ctx('rec'));
    const sheet = await ledger.scoreSheet('cup-t1');
    expect(sheet).toMatchObject({ closed: true, complete: true, dealsPlayed: 3, problems: [] });
    await expect(ledger.execute({ type: 'CloseSeries', tableId: 'cup-t1' }, ctx('rec'))).rejects.toMatchObject({ ruleId: 'L14' });
  });

  it('a start refused by the deal (bad result facts) leaves the table untouched too: the same deal number is offered next', async () => {
    const before = await eventCount(ledger);
    await expect(ledger.execute({ type: 'StartTableDeal', tableId: 'cup-t1', result: game(0, { matadors: 12 }) }, ctx('rec'))).rejects.toMatchObject({
      ruleId: 'R27',
    });
    await expect(ledger.execute({ type: 'StartTableDeal', tableId: 'cup-t1', result: game(0), declarerName: 'Zed' }, ctx('rec'))).rejects.toMatchObject({
      ruleId: 'R2',
    });
    expect(await eventCount(ledger)).toBe(before);
    const ok = await ledger.execute({ type: 'StartTableDeal', tableId: 'cup-t1', result: game(0), declarerName: 'Cleo' }, ctx('rec'));
    expect(ok.dealId).toBe('cup-t1-1');
    // Deal 1: Anna deals, so Ben is forehand, Cleo middlehand, Anna rearhand (R2).
    expect(await ledger.deal('cup-t1-1')).toMatchObject({ declarerName: 'Cleo', declarer: 1, provenance: 'resultOnly', score: 24, won: true });
  });
});

describe('confirmations after the series closed (issue 11 item 4)', () => {
  const open = async (reviewAfterClose?: boolean): Promise<Ledger> => {
    const ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    await ledger.execute(
      {
        type: 'OpenTable',
        tableId: 't',
        players: ['Anna', 'Ben', 'Cleo'],
        firstDealer: 'Anna',
        seriesLength: 2,
        ...(reviewAfterClose !== undefined ? { reviewAfterClose } : {}),
      },
      ctx('admin'),
    );
    await ledger.execute({ type: 'StartTableDeal', tableId: 't', result: game(0) }, ctx('rec'));
    await ledger.execute({ type: 'StartTableDeal', tableId: 't', result: { kind: 'passedIn' } }, ctx('rec'));
    await ledger.execute({ type: 'ConfirmDeal', dealId: 't-1', player: 'Anna' }, ctx('Anna'));
    await ledger.execute({ type: 'CloseSeries', tableId: 't' }, ctx('rec'));
    return ledger;
  };

  it('L14: given SeriesClosed, when a player confirms or contests, then it is refused and nothing is appended', async () => {
    const ledger = await open();
    const before = await eventCount(ledger);
    await expect(ledger.execute({ type: 'ConfirmDeal', dealId: 't-1', player: 'Ben' }, ctx('Ben'))).rejects.toMatchObject({
      ruleId: 'L14',
      reason: expect.stringContaining('is closed'),
    });
    await expect(ledger.execute({ type: 'ContestDeal', dealId: 't-2', player: 'Cleo', reason: 'it was not passed in' }, ctx('Cleo'))).rejects.toMatchObject({
      ruleId: 'L14',
    });
    // A caller cannot pretend the series is open: the Ledger reads the table itself.
    await expect(
      ledger.execute({ type: 'ConfirmDeal', dealId: 't-1', player: 'Ben', series: { closed: false, reviewAfterClose: false } }, ctx('Ben')),
    ).rejects.toMatchObject({ ruleId: 'L14' });
    expect(await eventCount(ledger)).toBe(before);
    await ledger.close();
  });

  it('given a table that keeps reviews open after closing, a player still confirms or contests; a non-player is refused (L16)', async () => {
    const ledger = await open(true);
    await ledger.execute({ type: 'ContestDeal', dealId: 't-1', player: 'Ben', reason: 'Anna had 58' }, ctx('Ben'));
    expect(await ledger.deal('t-1')).toMatchObject({ openDisputes: 1, confirmedBy: ['Anna'] });
    await expect(ledger.execute({ type: 'ConfirmDeal', dealId: 't-1', player: 'Zed' }, ctx('Zed'))).rejects.toMatchObject({ ruleId: 'L16' });
    await ledger.close();
  });
});

describe('a correction by facts carries the whole result (issue 11 item 5)', () => {
  it('given a deal entered as passed in, when the arbiter corrects it to the game really played, then the sheet row has its declarer and entry', async () => {
    const ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    await ledger.execute({ type: 'OpenTable', tableId: 't', players: ['Anna', 'Ben', 'Cleo'], firstDealer: 'Anna' }, ctx('admin'));
    await ledger.execute({ type: 'StartTableDeal', tableId: 't', result: { kind: 'passedIn' } }, ctx('rec'));
    // Deal 1: Ben forehand; he played clubs with 1 and won with 70: 12 × 2 = 24 (R27, R30).
    await ledger.execute(
      { type: 'CorrectScore', dealId: 't-1', reason: 'Ben played clubs, the list missed it', facts: game(0) },
      ctx('Ulla', { role: 'arbiter' }),
    );
    const sheet = await ledger.scoreSheet('t');
    expect(sheet?.rows[0]).toMatchObject({ declarer: 'Ben', entry: 24, passedIn: false, corrected: true, originalEntry: null });
    expect(sheet?.seegerFabian.find((l) => l.player === 'Ben')).toMatchObject({ gamePoints: 24, won: 1, total: 74 });
    await ledger.close();
  });
});

describe('a sheet with a problem still shows every row and the totals (issue 11 item 1)', () => {
  it('an imported series with deal 2 missing: rows and Seeger-Fabian totals are there, the gap and the dealer out of turn named at deal 3', async () => {
    const ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    await ledger.execute({ type: 'OpenTable', tableId: 's', players: ['a', 'b', 'c'], firstDealer: 'a' }, ctx('import'));
    // Deal 1: a deals (rearhand), b declares and loses -72; deal 3 (deal 2 missing): c deals, a wins +36.
    await ledger.appendDealEvents(
      's-1',
      handMadeDeal({ dealId: 's-1', tableId: 's', dealNumber: 1, dealer: 'a', players: ['b', 'c', 'a'], sittingOut: [] }, result(0, 'scored', false, -72)),
    );
    await ledger.appendDealEvents(
      's-3',
      handMadeDeal({ dealId: 's-3', tableId: 's', dealNumber: 3, dealer: 'c', players: ['a', 'b', 'c'], sittingOut: [] }, result(0, 'scored', true, 36)),
    );
    const sheet = await ledger.scoreSheet('s');
    expect(sheet?.rows.map((r) => r.dealNumber)).toEqual([1, 3]);
    expect(sheet?.rows[1].problems.map((p) => p.ruleId)).toEqual(['R36', 'R37']);
    expect(sheet?.problems.map((p) => p.dealNumber)).toEqual([3, 3]);
    // R35 by hand: b -72 - 50 = -122; a +36 + 50 + 40 = 126; c +40.
    expect(sheet?.seegerFabian.map((l) => [l.player, l.total])).toEqual([
      ['a', 126],
      ['b', -122],
      ['c', 40],
    ]);
    await ledger.close();
  });
});
