/** One row of a table's list (R34): the declarer's entry and the running totals. */
export interface ScoreSheetRow {
  readonly dealNumber: number;
  readonly dealId: string;
  readonly dealer: string;
  readonly declarer: string | null;
  readonly gameLabel: string;
  readonly passedIn: boolean;
  readonly notScoreable: boolean;
  readonly won: boolean | null;
  /** Entry in the declarer's column (after any correction). */
  readonly entry: number;
  readonly corrected: boolean;
  readonly originalEntry: number | null;
  readonly correctionReason: string | null;
  /** Running totals per player (classic list), after this row. */
  readonly totals: Readonly<Record<string, number>>;
}

/** R35 Seeger-Fabian block for one player. */
export interface SeegerFabianLine {
  readonly player: string;
  readonly gamePoints: number;
  readonly won: number;
  readonly lost: number;
  readonly wonLostPoints: number; // 50 x (won - lost)
  readonly opponentsLost: number;
  readonly opponentsLostPoints: number; // x 40 at 3, x 30 at 4/5
  readonly total: number;
  /** Loss fee tally: the player's lost games and the fee owed for them (cents). */
  readonly lossFees: number;
  readonly lossFeeCents: number;
  /** R35 rank at this table (ties share a rank). */
  readonly rank: number;
  readonly computer: boolean;
}

export interface ScoreSheet {
  readonly tableId: string;
  readonly tournamentId: string | null;
  readonly round: number | null;
  readonly players: readonly string[];
  readonly profileId: string;
  readonly seriesLength: number;
  readonly dealsPlayed: number;
  readonly complete: boolean;
  readonly rows: readonly ScoreSheetRow[];
  /** In table order (the order of `players`). */
  readonly seegerFabian: readonly SeegerFabianLine[];
  readonly derivation: readonly { readonly ruleId: string; readonly text: string }[];
  /** Set when the recorded deals do not form a valid list (e.g. a dealer out of turn); the block is then empty. */
  readonly problem: string | null;
}
