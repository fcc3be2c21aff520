import type { Decider } from '../kernel/decider';
import type { TableCommand } from './commands';
import { decideTable } from './decide-table';
import type { TableEvent } from './events';
import { evolveTable, initialTableState, type TableState } from './table-state';

/** The table decider: a new table plays `defaultProfileId` unless it names its own; `actorId` closes series. */
export function tableDecider(defaultProfileId: string, actorId = 'unknown'): Decider<TableCommand, TableEvent, TableState> {
  return { initialState: initialTableState, decide: (command, state) => decideTable(command, state, defaultProfileId, actorId), evolve: evolveTable };
}
