import type { DealSource } from '../deal/commands';
import type { OpenTable, StartTableDeal, TableCommand } from './commands';
import { tableDecider } from './table-decider';
import type { TableEvent } from './events';
import { nextDeal, nextDealAfter } from './next-deal';
import { seatingFor } from './seating';
import type { TableState } from './table-state';
import { deciderSpec, type Outcome } from '../../test/support/decider-spec';

const open4: OpenTable = { type: 'OpenTable', tableId: 't', players: ['A', 'B', 'C', 'D'], firstDealer: 'B' };
const next: StartTableDeal = { type: 'StartTableDeal', tableId: 't', cards: { kind: 'crypto' } as DealSource };

const table = deciderSpec(tableDecider('isko'));
/** Given a table stream holding these events. */
const given = (...events: TableEvent[]) => table.given(...events);
/** Given a table stream in which these commands were accepted. */
const givenCommands = (...commands: TableCommand[]) => table.givenCommands(...commands);
const refusedWith = (o: Outcome<TableEvent, TableState>): string => (o.judgement.ok ? 'accepted' : o.judgement.refusal.ruleId);

describe('table seating (R2, R3, R37, D5)', () => {
  it('R2/R37 at 3: forehand left of the dealer, the dealer is rearhand, the deal passes left', () => {
    expect(seatingFor(['A', 'B', 'C'], 'A', 1)).toEqual({ dealer: 'A', players: ['B', 'C', 'A'], sittingOut: [] });
    expect(seatingFor(['A', 'B', 'C'], 'A', 2)).toEqual({ dealer: 'B', players: ['C', 'A', 'B'], sittingOut: [] });
    expect(seatingFor(['A', 'B', 'C'], 'A', 4).dealer).toBe('A');
  });
  it('R3 at 4: the dealer sits out; rearhand is his right-hand neighbour', () => {
    expect(seatingFor(['A', 'B', 'C', 'D'], 'B', 1)).toEqual({ dealer: 'B', players: ['C', 'D', 'A'], sittingOut: ['B'] });
    expect(seatingFor(['A', 'B', 'C', 'D'], 'B', 4)).toEqual({ dealer: 'A', players: ['B', 'C', 'D'], sittingOut: ['A'] });
  });
  it('D5 at 5: the dealer and the player three places to his left (the table setting) sit out', () => {
    expect(seatingFor(['A', 'B', 'C', 'D', 'E'], 'A', 1)).toEqual({ dealer: 'A', players: ['B', 'C', 'E'], sittingOut: ['A', 'D'] });
    expect(seatingFor(['A', 'B', 'C', 'D', 'E'], 'A', 1, 2)).toEqual({ dealer: 'A', players: ['B', 'D', 'E'], sittingOut: ['A', 'C'] });
  });
});

describe('table decider', () => {
  it('OpenTable records the table with the profile, its version and the R36 series length by size', () => {
    const [e] = given().when(open4).thenEvents();
    expect(e).toMatchObject({
      type: 'TableOpened',
      data: { tableId: 't', players: ['A', 'B', 'C', 'D'], firstDealer: 'B', profileId: 'isko', seriesLength: 48 },
    });
    expect(
      given()
        .when({ ...open4, players: ['A', 'B', 'C'] })
        .thenEvents()[0],
    ).toMatchObject({ data: { seriesLength: 36 } });
  });
  it('refuses a second opening (L1), 2 or 6 players (D5), a first dealer not at the table (R37), an unknown profile (L9)', () => {
    const opened = givenCommands(open4);
    expect(refusedWith(opened.when(open4))).toBe('L1');
    expect(refusedWith(given().when({ ...open4, players: ['A', 'B'] }))).toBe('D5');
    expect(refusedWith(given().when({ ...open4, players: ['A', 'B', 'C', 'D', 'E', 'F'] }))).toBe('D5');
    expect(refusedWith(given().when({ ...open4, players: ['A', 'A', 'C', 'D'] }))).toBe('D5');
    expect(refusedWith(given().when({ ...open4, firstDealer: 'Z' }))).toBe('R37');
    expect(refusedWith(given().when({ ...open4, profileId: 'nope' }))).toBe('L9');
    expect(refusedWith(given().when({ ...open4, seriesLength: 0 }))).toBe('R36');
  });
  it('StartTableDeal opens the next deal with the rotated dealer and seats; refused on a table never opened (L2)', () => {
    let state = givenCommands(open4);
    const first = state.when(next).thenEvents();
    expect(first).toEqual([{ type: 'TableDealOpened', data: { dealId: 't-1', dealNumber: 1, dealer: 'B', players: ['C', 'D', 'A'], sittingOut: ['B'] } }]);
    state = givenCommands(open4).and(...first);
    expect(state.when(afterClosed('t-1')).thenEvents()[0]).toMatchObject({ data: { dealId: 't-2', dealNumber: 2, dealer: 'C' } });
    expect(refusedWith(given().when(next))).toBe('L2');
  });
  it('R36: refuses a deal beyond the series length', () => {
    let state = givenCommands({ ...open4, seriesLength: 2 });
    state = state.andCommands(next);
    state = state.and(state.when(afterClosed('t-1')).thenEvents()[0]);
    expect(refusedWith(state.when(afterClosed('t-2')))).toBe('R36');
  });
});

const afterClosed = (dealId: string): StartTableDeal => ({ ...next, lastDeal: { dealId, status: 'closed' } });
const opened3 = () => givenCommands({ ...open4, players: ['A', 'B', 'C'], firstDealer: 'A', seriesLength: 2 });

describe('the table is the authority over its deals (issue 11 item 1)', () => {
  it('L13: given deal 1 still open, when the next deal is asked for, then it is refused (also on a stale reading of the latest deal)', () => {
    const state = givenCommands(open4, next);
    expect(refusedWith(state.when({ ...next, lastDeal: { dealId: 't-1', status: 'open' } }))).toBe('L13');
    expect(refusedWith(state.when(next))).toBe('L13');
    expect(refusedWith(state.when({ ...next, lastDeal: { dealId: 't-0', status: 'closed' } }))).toBe('L13');
  });

  it('given a deal the table opened but never started, when the next deal is asked for, then that same deal is started again (no new event)', () => {
    const state = givenCommands(open4, next);
    expect(state.when({ ...next, lastDeal: { dealId: 't-1', status: 'missing' } }).thenEvents()).toEqual([]);
  });

  it('L12: a direct start that names other players, another dealer, another number or another id is refused with each difference named', () => {
    const state = opened3();
    const right = { dealId: 't-1', dealer: 'A', players: ['B', 'C', 'A'] };
    expect(state.when({ ...next, requested: right }).thenEvents()).toHaveLength(1);
    const r = state.when({ ...next, requested: { dealId: 'cup-t1-y', dealer: 'Zed', players: ['Yan', 'Xu', 'Zed'], dealNumber: 2 } }).judgement;
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.refusal.ruleId).toBe('L12');
    expect(r.refusal.reason).toContain('the deal id is t-1, not cup-t1-y');
    expect(r.refusal.reason).toContain('A deals, not Zed (R37)');
    expect(r.refusal.reason).toContain('this is deal 1, not 2');
    expect(r.refusal.reason).toContain('the seats are B, C, A');
    expect(refusedWith(state.when({ ...next, dealId: 'somebody-elses-deal' }))).toBe('L12');
  });

  it('SeriesClosed: refused with a deal open (L13), early without a reason (R36), with open disputes unless the table allows it; then no further deal (L14)', () => {
    let state = opened3();
    const [d1] = state.when(next).thenEvents();
    state = state.and(d1);
    const close = { type: 'CloseSeries' as const, tableId: 't' };
    expect(refusedWith(state.when({ ...close, lastDeal: { dealId: 't-1', status: 'open' } }))).toBe('L13');
    expect(refusedWith(state.when({ ...close, lastDeal: { dealId: 't-1', status: 'closed' } }))).toBe('R36');
    expect(refusedWith(state.when({ ...close, lastDeal: { dealId: 't-1', status: 'closed' }, reason: 'the hall closes', openDisputes: 1 }))).toBe('L14');
    const [closed] = state.when({ ...close, lastDeal: { dealId: 't-1', status: 'closed' }, reason: 'the hall closes' }).thenEvents();
    expect(closed).toEqual({ type: 'SeriesClosed', data: { tableId: 't', dealsPlayed: 1, seriesLength: 2, closedBy: 'unknown', reason: 'the hall closes' } });
    state = state.and(closed);
    expect(refusedWith(state.when(afterClosed('t-1')))).toBe('L14');
    expect(refusedWith(state.when({ ...close, lastDeal: { dealId: 't-1', status: 'closed' } }))).toBe('L14');
  });

  it('a table that allows it closes with open disputes; a full series closes without a reason', () => {
    let state = givenCommands({ ...open4, players: ['A', 'B', 'C'], firstDealer: 'A', seriesLength: 1, closeWithOpenDisputes: true });
    state = state.and(state.when(next).thenEvents()[0]);
    expect(state.when({ type: 'CloseSeries', tableId: 't', lastDeal: { dealId: 't-1', status: 'closed' }, openDisputes: 2 }).thenEvents()[0]).toMatchObject({
      type: 'SeriesClosed',
      data: { dealsPlayed: 1, reason: null },
    });
  });
});

describe("the table's next deal in its state (issue 22 item 5)", () => {
  it('given a 4-table opened with B dealing first, then the next deal is 1, B deals and sits out; after deal 1 is opened, deal 2 with C dealing', () => {
    const opened = given().when(open4).thenState();
    expect(nextDeal(opened)).toEqual({ dealNumber: 1, dealer: 'B', players: ['C', 'D', 'A'], sittingOut: ['B'] });
    const afterOne = givenCommands(open4).when(next).thenState();
    expect(nextDeal(afterOne)).toEqual({ dealNumber: 2, dealer: 'C', players: ['D', 'A', 'B'], sittingOut: ['C'] });
  });
  it('given no table, a full series or a closed one, then there is no next deal (R36)', () => {
    expect(nextDeal(given().state)).toBeNull();
    expect(nextDealAfter({ players: ['A', 'B', 'C'], firstDealer: 'A', seriesLength: 36, fiveTableSitOutOffset: 3 }, 36, false)).toBeNull();
    expect(nextDealAfter({ players: ['A', 'B', 'C'], firstDealer: 'A', seriesLength: 36, fiveTableSitOutOffset: 3 }, 3, true)).toBeNull();
    expect(nextDealAfter({ players: ['A', 'B', 'C'], firstDealer: 'A', seriesLength: 36, fiveTableSitOutOffset: 3 }, 3, false)).toMatchObject({
      dealNumber: 4,
      dealer: 'A',
    });
  });
});
