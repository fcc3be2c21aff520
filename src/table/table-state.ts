import type { SeriesClosedData, TableDealOpenedData, TableEvent, TableOpenedData } from './events';

export interface TableState {
  /** As opened, with the players of any later TablePlayersJoined appended to `players`. */
  readonly opened: TableOpenedData | null;
  readonly deals: readonly TableDealOpenedData[];
  /** Players who joined an imported series after it was opened (none at a live table). */
  readonly joined: readonly string[];
  /** Set once the series is closed (SeriesClosed). */
  readonly closed: SeriesClosedData | null;
}

export const initialTableState: TableState = { opened: null, deals: [], joined: [], closed: null };

export function evolveTable(state: TableState, event: TableEvent): TableState {
  switch (event.type) {
    case 'TableOpened':
      return { ...state, opened: event.data };
    case 'TableDealOpened':
      return { ...state, deals: [...state.deals, event.data] };
    case 'TablePlayersJoined':
      if (!state.opened) return state;
      return {
        ...state,
        opened: { ...state.opened, players: [...state.opened.players, ...event.data.players] },
        joined: [...state.joined, ...event.data.players],
      };
    case 'SeriesClosed':
      return { ...state, closed: event.data };
    default:
      return state;
  }
}
