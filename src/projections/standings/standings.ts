export interface StandingsLine {
  readonly rank: number;
  readonly player: string;
  readonly total: number;
  readonly gamePoints: number;
  readonly won: number;
  readonly lost: number;
  readonly opponentsLost: number;
  readonly series: number;
}

/** R35 ranking over all series of a tournament: total, then more won, then fewer lost. */
export interface Standings {
  readonly tournamentId: string;
  readonly name: string;
  readonly tables: readonly { readonly tableId: string; readonly round: number }[];
  readonly lines: readonly StandingsLine[];
}
