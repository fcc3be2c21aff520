import { Ledger } from '../../src/ledger/ledger';
import { ctx, handMadeDeal, result } from './helpers';

describe('score sheet projection (R34/R35)', () => {
  let ledger: Ledger;
  beforeEach(async () => {
    ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
  });
  afterEach(() => ledger.close());

  it('R35 3-table worked example: a lost clubs with 2 (-72) gives the declarer -122 and each defender +40; a won one 36 + 50', async () => {
    await ledger.execute({ type: 'OpenTable', tableId: 't3', players: ['A', 'B', 'C'], firstDealer: 'C' }, ctx());
    // Deal 1: dealer C, so A is forehand (seat 0); A loses clubs with 2.
    await ledger.appendDealEvents(
      't3-1',
      handMadeDeal({ dealId: 't3-1', tableId: 't3', dealNumber: 1, dealer: 'C', players: ['A', 'B', 'C'], sittingOut: [] }, result(0, 'scored', false, -72)),
    );
    let sheet = await ledger.scoreSheet('t3');
    expect(sheet?.seegerFabian.map((l) => [l.player, l.total])).toEqual([
      ['A', -122],
      ['B', 40],
      ['C', 40],
    ]);
    expect(sheet?.rows[0]).toMatchObject({ dealNumber: 1, declarer: 'A', entry: -72, won: false, totals: { A: -72, B: 0, C: 0 } });
    // Deal 2: dealer A (R37), so A is rearhand (seat 2); A wins clubs with 2: +36.
    await ledger.appendDealEvents(
      't3-2',
      handMadeDeal({ dealId: 't3-2', tableId: 't3', dealNumber: 2, dealer: 'A', players: ['B', 'C', 'A'], sittingOut: [] }, result(2, 'scored', true, 36)),
    );
    sheet = await ledger.scoreSheet('t3');
    const a = sheet?.seegerFabian.find((l) => l.player === 'A');
    expect(a).toMatchObject({ gamePoints: -36, won: 1, lost: 1, wonLostPoints: 0, opponentsLost: 0, total: -36, lossFees: 1 });
    expect(sheet?.rows.map((r) => r.totals.A)).toEqual([-72, -36]);
    // Deal 3: dealer B, all pass: a row with entry 0 that counts as a game (R8/R34).
    await ledger.appendDealEvents(
      't3-3',
      handMadeDeal(
        { dealId: 't3-3', tableId: 't3', dealNumber: 3, dealer: 'B', players: ['C', 'A', 'B'], sittingOut: [] },
        result(null, 'passedIn', null, null),
      ),
    );
    sheet = await ledger.scoreSheet('t3');
    expect(sheet?.rows[2]).toMatchObject({ passedIn: true, entry: 0, declarer: null, gameLabel: 'passed in' });
    expect(sheet?.dealsPlayed).toBe(3);
  });

  it('R35 4-table worked example: a lost grand with 1 (-96) gives the declarer -146 and the other three, the sitting dealer too, +30', async () => {
    await ledger.execute({ type: 'OpenTable', tableId: 't4', players: ['A', 'B', 'C', 'D'], firstDealer: 'D' }, ctx());
    await ledger.appendDealEvents(
      't4-1',
      handMadeDeal({ dealId: 't4-1', tableId: 't4', dealNumber: 1, dealer: 'D', players: ['A', 'B', 'C'], sittingOut: ['D'] }, result(0, 'scored', false, -96)),
    );
    const sheet = await ledger.scoreSheet('t4');
    expect(sheet?.seegerFabian.map((l) => [l.player, l.total])).toEqual([
      ['A', -146],
      ['B', 30],
      ['C', 30],
      ['D', 30],
    ]);
    expect(sheet?.seriesLength).toBe(48);
  });

  it('D5 duel rule: a computer player is marked on the sheet and left out of standings and statistics', async () => {
    await ledger.execute({ type: 'CreateTournament', tournamentId: 'duel', name: 'Duel' }, ctx());
    await ledger.execute(
      { type: 'OpenTable', tableId: 'td', players: ['A', 'B', 'Bot'], firstDealer: 'Bot', computerPlayers: ['Bot'], tournamentId: 'duel', round: 1 },
      ctx(),
    );
    await ledger.appendDealEvents(
      'td-1',
      handMadeDeal(
        { dealId: 'td-1', tableId: 'td', tournamentId: 'duel', dealNumber: 1, dealer: 'Bot', players: ['A', 'B', 'Bot'], sittingOut: [], computerSeats: [2] },
        result(2, 'scored', false, -72),
      ),
    );
    const sheet = await ledger.scoreSheet('td');
    expect(sheet?.seegerFabian.find((l) => l.player === 'Bot')).toMatchObject({ computer: true, lost: 1 });
    const standings = await ledger.standings('duel');
    expect(standings?.lines.map((l) => [l.player, l.total])).toEqual([
      ['A', 40],
      ['B', 40],
    ]);
    expect(await ledger.playerStats('Bot')).toBeNull();
    expect(await ledger.playerStats('A')).toMatchObject({ dealsPlayed: 1, declarerGames: 0, defenceGames: 1, defenceWon: 1, defenceSuccess: 1 });
  });

  it('a table that does not exist has no score sheet', async () => {
    expect(await ledger.scoreSheet('nope')).toBeNull();
  });
});
