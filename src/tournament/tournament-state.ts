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
  /** The roster in the order entered (removed players stay, marked, so the list reads as it happened). */
  readonly roster: readonly RosterEntry[];
}

/** One player of the roster: drawn from `fromRound` on, until removed. */
export interface RosterEntry {
  readonly player: string;
  readonly fromRound: number;
  readonly removedAfterRound: number | null;
}

export const initialTournamentState: TournamentState = { created: null, tables: [], lossFee: null, draws: [], closedRounds: [], closed: null, roster: [] };

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
    case 'PlayersEntered':
      return { ...state, roster: enterOnRoster(state.roster, event.data.players, event.data.fromRound) };
    case 'PlayerRenamed':
      return {
        ...state,
        roster: state.roster.map((r) => (r.player === event.data.from && r.removedAfterRound === null ? { ...r, player: event.data.to } : r)),
      };
    case 'PlayerRemoved':
      return {
        ...state,
        roster: state.roster.map((r) =>
          r.player === event.data.player && r.removedAfterRound === null ? { ...r, removedAfterRound: event.data.afterRound } : r,
        ),
      };
    default:
      return state;
  }
}

/** The roster with these players entered: a player removed before comes back with the new round (one entry per name). */
export function enterOnRoster(roster: readonly RosterEntry[], players: readonly string[], fromRound: number): RosterEntry[] {
  const back = new Set(players);
  return [...roster.filter((r) => !back.has(r.player)), ...players.map((player) => ({ player, fromRound, removedAfterRound: null }))];
}

/** The players a draw may seat: on the roster and not removed, in the order entered. */
export function activeRoster(state: TournamentState): string[] {
  return state.roster.filter((r) => r.removedAfterRound === null).map((r) => r.player);
}
