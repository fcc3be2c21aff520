import type { DealSource } from '../deal/commands';
import type { OpenTable, StartTableDeal } from './commands';
import { decideTable } from './decideTable';
import type { TableEvent } from './events';
import { seatingFor } from './seating';
import { evolveTable, initialTableState, type TableState } from './tableState';

const open4: OpenTable = { type: 'OpenTable', tableId: 't', players: ['A', 'B', 'C', 'D'], firstDealer: 'B' };
const next: StartTableDeal = { type: 'StartTableDeal', tableId: 't', cards: { kind: 'crypto' } as DealSource };

function given(...events: TableEvent[]): TableState {
  return events.reduce(evolveTable, initialTableState);
}
function accepted(state: TableState, command: OpenTable | StartTableDeal): TableEvent[] {
  const r = decideTable(command, state, 'isko');
  if (!r.ok) throw new Error(`${r.refusal.ruleId}: ${r.refusal.reason}`);
  return r.value;
}
const refusedWith = (state: TableState, command: OpenTable | StartTableDeal): string => {
  const r = decideTable(command, state, 'isko');
  return r.ok ? 'accepted' : r.refusal.ruleId;
};

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
    const [e] = accepted(initialTableState, open4);
    expect(e).toMatchObject({ type: 'TableOpened', data: { tableId: 't', players: ['A', 'B', 'C', 'D'], firstDealer: 'B', profileId: 'isko', seriesLength: 48 } });
    expect(accepted(initialTableState, { ...open4, players: ['A', 'B', 'C'] })[0]).toMatchObject({ data: { seriesLength: 36 } });
  });
  it('refuses a second opening (L1), 2 or 6 players (D5), a first dealer not at the table (R37), an unknown profile (L9)', () => {
    const opened = given(...accepted(initialTableState, open4));
    expect(refusedWith(opened, open4)).toBe('L1');
    expect(refusedWith(initialTableState, { ...open4, players: ['A', 'B'] })).toBe('D5');
    expect(refusedWith(initialTableState, { ...open4, players: ['A', 'B', 'C', 'D', 'E', 'F'] })).toBe('D5');
    expect(refusedWith(initialTableState, { ...open4, players: ['A', 'A', 'C', 'D'] })).toBe('D5');
    expect(refusedWith(initialTableState, { ...open4, firstDealer: 'Z' })).toBe('R37');
    expect(refusedWith(initialTableState, { ...open4, profileId: 'nope' })).toBe('L9');
    expect(refusedWith(initialTableState, { ...open4, seriesLength: 0 })).toBe('R36');
  });
  it('StartTableDeal opens the next deal with the rotated dealer and seats; refused on a table never opened (L2)', () => {
    let state = given(...accepted(initialTableState, open4));
    const first = accepted(state, next);
    expect(first).toEqual([{ type: 'TableDealOpened', data: { dealId: 't-1', dealNumber: 1, dealer: 'B', players: ['C', 'D', 'A'], sittingOut: ['B'] } }]);
    state = given(...accepted(initialTableState, open4), ...first);
    expect(accepted(state, next)[0]).toMatchObject({ data: { dealId: 't-2', dealNumber: 2, dealer: 'C' } });
    expect(refusedWith(initialTableState, next)).toBe('L2');
  });
  it('R36: refuses a deal beyond the series length', () => {
    let state = given(...accepted(initialTableState, { ...open4, seriesLength: 2 }));
    state = given(...accepted(initialTableState, { ...open4, seriesLength: 2 }), ...accepted(state, next));
    state = evolveTable(state, accepted(state, next)[0]);
    expect(refusedWith(state, next)).toBe('R36');
  });
});
