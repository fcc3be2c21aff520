export interface CreateTournament {
  readonly type: 'CreateTournament';
  readonly tournamentId: string;
  readonly name: string;
  readonly profileId?: string;
  /** Series (rounds) planned; informative. */
  readonly rounds?: number;
}

export type TournamentCommand = CreateTournament;
