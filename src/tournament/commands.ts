export interface CreateTournament {
  readonly type: 'CreateTournament';
  readonly tournamentId: string;
  readonly name: string;
  readonly profileId?: string;
  /** Rounds (series) planned: no round is drawn or opened beyond them; absent = no limit. */
  readonly rounds?: number;
  /** The evening's date (YYYY-MM-DD), for the lists. */
  readonly date?: string;
  /** Series length by table size for the drawn tables (R36; default the profile's). */
  readonly seriesLengths?: { readonly 3?: number; readonly 4?: number; readonly 5?: number };
  /** House options the drawn tables switch on (R40 Kontra/Re, R42 Ramsch, as profile options). */
  readonly houseOptions?: readonly string[];
}

/** The loss fee per lost game (cents), and the higher fee from a player's 4th lost game in one list (null: none). */
export interface SetLossFee {
  readonly type: 'SetLossFee';
  readonly tournamentId: string;
  readonly feeCents: number;
  readonly fromFourthLostGameCents: number | null;
}

/**
 * The seat draw for a round: random with a seed (recorded), or by standings (rank order); the
 * players are split into tables of 3 and 4 (one of 5 when there are five). The Ledger supplies
 * the players (by standings) and opens the tables the draw names.
 */
export interface DrawSeats {
  readonly type: 'DrawSeats';
  readonly tournamentId: string;
  readonly round: number;
  readonly method: 'random' | 'standings';
  readonly seed?: string;
  /** The players drawn: for `standings` in rank order (the Ledger fills it from the standings). */
  readonly players: readonly string[];
  /** The previous round's tables whose series is not closed yet (the Ledger fills it from their streams). */
  readonly openSeries?: readonly string[];
  /** The organiser's reason to draw although series of the previous round are still open (recorded with the draw). */
  readonly override?: string;
}

/** Close a round once every series of it is closed (L21); the Ledger fills the round's open series from the table streams. */
export interface CloseRound {
  readonly type: 'CloseRound';
  readonly tournamentId: string;
  readonly round: number;
  /** The round's tables whose series is not closed yet (the Ledger fills it from their streams). */
  readonly openSeries?: readonly string[];
  /** The tables whose streams the Ledger read for `openSeries`: a table added since is not judged, so the close is refused. */
  readonly checkedTables?: readonly string[];
}

/** Close the tournament after its last round (L22); before its planned rounds only with the organiser's reason (recorded). */
export interface CloseTournament {
  readonly type: 'CloseTournament';
  readonly tournamentId: string;
  readonly reason?: string;
}

/** Players entered on the roster (one, or a pasted list): before round 1, or late, drawn from the next round on. */
export interface EnterPlayers {
  readonly type: 'EnterPlayers';
  readonly tournamentId: string;
  readonly players: readonly string[];
}

/** A name on the roster corrected (only before the player sits at a table: recorded deals keep their names). */
export interface RenamePlayer {
  readonly type: 'RenamePlayer';
  readonly tournamentId: string;
  readonly from: string;
  readonly to: string;
}

/** A player taken off the roster: not drawn again; deals he played stay in the standings. */
export interface RemovePlayer {
  readonly type: 'RemovePlayer';
  readonly tournamentId: string;
  readonly player: string;
}

export type RosterCommand = EnterPlayers | RenamePlayer | RemovePlayer;

export type TournamentCommand = CreateTournament | SetLossFee | DrawSeats | CloseRound | CloseTournament | RosterCommand;
