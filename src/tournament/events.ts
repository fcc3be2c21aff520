export const TOURNAMENT_EVENT_TYPES = ['TournamentCreated', 'TournamentTableAdded'] as const;
export type TournamentEventType = (typeof TOURNAMENT_EVENT_TYPES)[number];

export interface TournamentCreatedData {
  readonly tournamentId: string;
  readonly name: string;
  readonly profileId: string;
  readonly rounds: number | null;
}

export interface TournamentTableAddedData {
  readonly tableId: string;
  readonly round: number;
  readonly players: readonly string[];
}

export type TournamentEvent =
  | { readonly type: 'TournamentCreated'; readonly data: TournamentCreatedData }
  | { readonly type: 'TournamentTableAdded'; readonly data: TournamentTableAddedData };

export const tournamentStreamName = (tournamentId: string): string => `tournament-${tournamentId}`;
export const TOURNAMENT_STREAM_PREFIX = 'tournament-';
