import type { LossFeeSetData, SeatsDrawnData, TournamentCreatedData, TournamentEvent, TournamentTableAddedData } from './events';

export interface TournamentState {
  readonly created: TournamentCreatedData | null;
  readonly tables: readonly TournamentTableAddedData[];
  readonly lossFee: LossFeeSetData | null;
  readonly draws: readonly SeatsDrawnData[];
}

export const initialTournamentState: TournamentState = { created: null, tables: [], lossFee: null, draws: [] };

export function evolveTournament(state: TournamentState, event: TournamentEvent): TournamentState {
  switch (event.type) {
    case 'TournamentCreated':
      return { ...state, created: event.data };
    case 'TournamentTableAdded':
      return { ...state, tables: [...state.tables, event.data] };
    case 'LossFeeSet':
      return { ...state, lossFee: event.data };
    case 'SeatsDrawn':
      return { ...state, draws: [...state.draws, event.data] };
    default:
      return state;
  }
}
