import type { TournamentCreatedData, TournamentEvent, TournamentTableAddedData } from './events';

export interface TournamentState {
  readonly created: TournamentCreatedData | null;
  readonly tables: readonly TournamentTableAddedData[];
}

export const initialTournamentState: TournamentState = { created: null, tables: [] };

export function evolveTournament(state: TournamentState, event: TournamentEvent): TournamentState {
  switch (event.type) {
    case 'TournamentCreated':
      return { ...state, created: event.data };
    case 'TournamentTableAdded':
      return { ...state, tables: [...state.tables, event.data] };
    default:
      return state;
  }
}
