import {
  grantPerspective,
  hiddenTournaments,
  mayReadDeal,
  mayReadDisputeReasons,
  mayReadTournament,
  mayRecord,
  scopeCovers,
  widestPerspective,
} from './access';
import type { Principal } from './role';

const live = { status: 'inProgress', tableId: 't1', players: ['Anna', 'Ben', 'Cleo'] };
const done = { ...live, status: 'scored' };
const player = (name: string): Principal => ({ role: 'player', player: name, tokenId: 'j', key: 'k' });
const recorder = (table: string): Principal => ({ role: 'recorder', table, tokenId: 'j', key: 'k' });
const anon: Principal = { role: 'anonymous', key: 'a' };

describe('who sees which cards', () => {
  it('a player sees only their own seat of a live deal', () => {
    expect(widestPerspective(player('Ben'), live)).toEqual({ kind: 'seat', seat: 1 });
    expect(widestPerspective(player('Zoe'), live)).toEqual({ kind: 'public' });
  });

  it('anonymous readers see the public view of a live deal and everything of a finished one', () => {
    expect(widestPerspective(anon, live)).toEqual({ kind: 'public' });
    expect(widestPerspective(anon, done)).toEqual({ kind: 'all' });
  });

  it("a recorder sees all of their own table's deals only", () => {
    expect(widestPerspective(recorder('t1'), live)).toEqual({ kind: 'all' });
    expect(widestPerspective(recorder('t2'), live)).toEqual({ kind: 'public' });
  });

  it('refuses a wider perspective than granted', () => {
    expect(grantPerspective({ kind: 'seat', seat: 1 }, 'middlehand')).toEqual({ kind: 'seat', seat: 1 });
    expect(grantPerspective({ kind: 'seat', seat: 1 }, 'forehand')).toBeNull();
    expect(grantPerspective({ kind: 'seat', seat: 1 }, 'all')).toBeNull();
    expect(grantPerspective({ kind: 'public' }, 'public')).toEqual({ kind: 'public' });
    expect(grantPerspective({ kind: 'all' }, 'rearhand')).toEqual({ kind: 'seat', seat: 2 });
  });

  it('a recorder records for their own table only; admins anywhere', () => {
    expect(mayRecord(recorder('t1'), 't1')).toBe(true);
    expect(mayRecord(recorder('t1'), 't2')).toBe(false);
    expect(mayRecord(recorder('t1'), null)).toBe(false);
    expect(mayRecord({ role: 'admin', tokenId: 'j', key: 'k' }, null)).toBe(true);
    expect(mayRecord(player('Anna'), 't1')).toBe(false);
  });

  it('a player token bound to a table or tournament sees its seat only there; elsewhere what anybody sees (issue 11)', () => {
    const atTable: Principal = { role: 'player', player: 'Ben', table: 't1', tokenId: 'j', key: 'k' };
    const inCup: Principal = { role: 'player', player: 'Ben', tournament: 'cup', tokenId: 'j', key: 'k' };
    const cupDeal = { ...live, tournamentId: 'cup' };
    const otherDeal = { ...live, tableId: 't2', tournamentId: 'open' };
    expect(widestPerspective(atTable, cupDeal)).toEqual({ kind: 'seat', seat: 1 });
    expect(widestPerspective(atTable, otherDeal)).toEqual({ kind: 'public' });
    expect(widestPerspective(inCup, cupDeal)).toEqual({ kind: 'seat', seat: 1 });
    expect(widestPerspective(inCup, otherDeal)).toEqual({ kind: 'public' });
    expect(scopeCovers(inCup, { tableId: 't9', tournamentId: 'cup' })).toBe(true);
    expect(scopeCovers(atTable, { tableId: 't9', tournamentId: 'cup' })).toBe(false);
    expect(scopeCovers(anon, { tableId: 't1', tournamentId: null })).toBe(false);
  });
});

describe('private tournaments and scoped player tokens', () => {
  const v = { privateTournaments: ['cup', 'club'], isPrivateTournament: (t: string | null) => t === 'cup' || t === 'club' };
  const inCup: Principal = { role: 'player', player: 'Ben', tournament: 'cup', tokenId: 'j', key: 'k' };
  const everywhere = player('Ben');
  it('a player token bound to one tournament reads that private tournament only; an unscoped token all; anonymous none', () => {
    expect(mayReadTournament(inCup, 'cup', v)).toBe(true);
    expect(mayReadTournament(inCup, 'club', v)).toBe(false);
    expect(mayReadTournament(inCup, 'public-one', v)).toBe(true);
    expect(mayReadTournament(everywhere, 'club', v)).toBe(true);
    expect(mayReadTournament(anon, 'cup', v)).toBe(false);
    expect(mayReadDeal(inCup, { tournamentId: 'club', tableId: 'x' }, v)).toBe(false);
    expect(mayReadDeal(inCup, { tournamentId: 'cup', tableId: 'x' }, v)).toBe(true);
    expect(hiddenTournaments(inCup, v)).toEqual(['club']);
    expect(hiddenTournaments(everywhere, v)).toEqual([]);
    expect(hiddenTournaments(anon, v)).toEqual(['cup', 'club']);
  });
});

describe("who reads a contest's free text", () => {
  const deal = { tableId: 't1', tournamentId: 'cup', players: ['Anna', 'Ben', 'Cleo'], sittingOut: ['Dora'] };
  it("the deal's players, the sitting dealer, its table's recorder, arbiters and admins", () => {
    for (const name of ['Anna', 'Dora']) expect(mayReadDisputeReasons(player(name), deal)).toBe(true);
    expect(mayReadDisputeReasons(recorder('t1'), deal)).toBe(true);
    expect(mayReadDisputeReasons({ role: 'arbiter', tokenId: 'j', key: 'k' }, deal)).toBe(true);
    expect(mayReadDisputeReasons({ role: 'admin', tokenId: 'j', key: 'k' }, deal)).toBe(true);
  });
  it('not anonymous visitors, other players, recorders of other tables, or a player token bound elsewhere', () => {
    expect(mayReadDisputeReasons(anon, deal)).toBe(false);
    expect(mayReadDisputeReasons(player('Zoe'), deal)).toBe(false);
    expect(mayReadDisputeReasons(recorder('t2'), deal)).toBe(false);
    expect(mayReadDisputeReasons({ role: 'player', player: 'Anna', tournament: 'other', tokenId: 'j', key: 'k' }, deal)).toBe(false);
  });
});
