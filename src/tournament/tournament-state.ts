import type { LossFeeSetData, SeatsDrawnData, TournamentClosedData, TournamentCreatedData, TournamentEvent, TournamentTableAddedData } from './events';

export interface TournamentState {
  readonly created: TournamentCreatedData | null;
  readonly tables: readonly TournamentTableAddedData[];
  readonly lossFee: LossFeeSetData | null;
  readonly draws: readonly SeatsDrawnData[];
  /** The rounds closed (RoundClosed), in the order closed. */
  readonly closedRounds: readonly number[];
  /** Set once the tournament is closed. */
  readonly closed: TournamentClosedData | null;
}

export const initialTournamentState: TournamentState = { created: null, tables: [], lossFee: null, draws: [], closedRounds: [], closed: null };

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
    case 'RoundClosed':
      return { ...state, closedRounds: [...state.closedRounds, event.data.round] };
    case 'TournamentClosed':
      return { ...state, closed: event.data };
    default:
      return state;
  }
}
