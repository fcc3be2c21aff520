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
  /** resultOnly: entered from the result, without cards. */
  readonly provenance: 'cards' | 'resultOnly';
  /** Players who confirmed this deal's result. */
  readonly confirmedBy: readonly string[];
  /** Contests of this deal's result not yet ruled on by an arbiter. */
  readonly openDisputes: number;
  /** What is wrong with the list at this row (a dealer out of turn, a foreign player, a deal missing before it). */
  readonly problems: readonly SheetProblem[];
}

export interface SheetProblem {
  readonly ruleId: string;
  readonly text: string;
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
  /** Every problem of the list, at the deal where it occurs; the rows and totals are still all shown. */
  readonly problems: readonly (SheetProblem & { readonly dealNumber: number })[];
  /** The problems in one line (`R37: deal 10: ...; ...`), or null when the list is valid. */
  readonly problem: string | null;
  /** Set once the series is closed (SeriesClosed): the sheet is frozen. */
  readonly closed: boolean;
  /** Contested deals still awaiting the arbiter. */
  readonly openDisputes: number;
  /** Players listed beside the table's own: they hold cards in a deal but are not at the table (a problem). */
  readonly strangers: readonly string[];
}
