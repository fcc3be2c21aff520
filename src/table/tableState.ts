import type { TableDealOpenedData, TableEvent, TableOpenedData } from './events';

export interface TableState {
  /** As opened, with the players of any later TablePlayersJoined appended to `players`. */
  readonly opened: TableOpenedData | null;
  readonly deals: readonly TableDealOpenedData[];
  /** Players who joined an imported series after it was opened (none at a live table). */
  readonly joined: readonly string[];
}

export const initialTableState: TableState = { opened: null, deals: [], joined: [] };

export function evolveTable(state: TableState, event: TableEvent): TableState {
  switch (event.type) {
    case 'TableOpened':
      return { ...state, opened: event.data };
    case 'TableDealOpened':
      return { ...state, deals: [...state.deals, event.data] };
    case 'TablePlayersJoined':
      if (!state.opened) return state;
      return { ...state, opened: { ...state.opened, players: [...state.opened.players, ...event.data.players] }, joined: [...state.joined, ...event.data.players] };
    default:
      return state;
  }
}
