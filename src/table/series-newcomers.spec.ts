import { deciderSpec } from '../../test/support/decider-spec';
import { seriesNewcomers } from './series-newcomers';
import { tableDecider } from './table-decider';
import { evolveTable, type TableState } from './table-state';

const opened = (): TableState =>
  deciderSpec(tableDecider('isko')).givenCommands({ type: 'OpenTable', tableId: 'iss-series-1', players: ['A', 'B', 'C'], firstDealer: 'C', profileId: 'iss' })
    .state;

describe('an imported series table grows with newcomers (three seats, accounts changing)', () => {
  it('the players of a deal not at the table join it, once and in seat order; known players add nothing', () => {
    const table = opened().opened!;
    expect(seriesNewcomers(table, ['B', 'C', 'A'], 'iss:1')).toBeNull();
    expect(seriesNewcomers(table, ['D', 'A', 'E'], 'iss:2')).toEqual({
      type: 'TablePlayersJoined',
      data: { tableId: 'iss-series-1', players: ['D', 'E'], source: 'iss:2' },
    });
  });

  it('TablePlayersJoined appends the newcomers to the list and records them as joined', () => {
    const state = evolveTable(opened(), seriesNewcomers(opened().opened!, ['D', 'A', 'B'], 'iss:2')!);
    expect(state.opened?.players).toEqual(['A', 'B', 'C', 'D']);
    expect(state.joined).toEqual(['D']);
  });

  it('D5/R37: a table whose accounts changed takes no live deal (live seating needs a fixed list of 3-5); one without newcomers still does', () => {
    const table = deciderSpec(tableDecider('isko'));
    const open = { type: 'OpenTable', tableId: 'iss-series-1', players: ['A', 'B', 'C'], firstDealer: 'C', profileId: 'iss' } as const;
    const next = { type: 'StartTableDeal', tableId: 'iss-series-1', cards: { kind: 'seeded', seed: 's' } } as const;
    table
      .givenCommands(open)
      .and(seriesNewcomers(opened().opened!, ['D', 'A', 'B'], 'iss:2')!)
      .when(next)
      .thenRefused('L11');
    expect(table.givenCommands(open).when(next).thenEvents()).toHaveLength(1);
  });
});
