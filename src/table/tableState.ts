import type { TableDealOpenedData, TableEvent, TableOpenedData } from './events';

export interface TableState {
  readonly opened: TableOpenedData | null;
  readonly deals: readonly TableDealOpenedData[];
}

export const initialTableState: TableState = { opened: null, deals: [] };

export function evolveTable(state: TableState, event: TableEvent): TableState {
  switch (event.type) {
    case 'TableOpened':
      return { ...state, opened: event.data };
    case 'TableDealOpened':
      return { ...state, deals: [...state.deals, event.data] };
    default:
      return state;
  }
}
