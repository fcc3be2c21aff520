export interface StandingsLine {
  readonly rank: number;
  readonly player: string;
  readonly total: number;
  readonly gamePoints: number;
  readonly won: number;
  readonly lost: number;
  readonly opponentsLost: number;
  readonly series: number;
  /** Lost games over every list (overbid losses included) and the loss fees owed for them, in cents. */
  readonly lossFees: number;
  readonly lossFeeCents: number;
  /** R35: what places this player behind the one above on an equal total (more won, fewer lost games), or that the lot decides; null when the totals differ. */
  readonly tieBreak: string | null;
  /** Contested deals awaiting the arbiter at his tables (every deal there moves his total, R35): the line is provisional. */
  readonly openDisputes: number;
}

/** R35 ranking over all series of a tournament: total, then more won, then fewer lost. */
export interface Standings {
  readonly tournamentId: string;
  readonly name: string;
  readonly tables: readonly { readonly tableId: string; readonly round: number }[];
  readonly lines: readonly StandingsLine[];
}
