export const TOURNAMENT_EVENT_TYPES = [
  'TournamentCreated',
  'TournamentTableAdded',
  'LossFeeSet',
  'SeatsDrawn',
  'RoundClosed',
  'TournamentClosed',
  'PlayersEntered',
  'PlayerRenamed',
  'PlayerRemoved',
] as const;
export type TournamentEventType = (typeof TOURNAMENT_EVENT_TYPES)[number];

export interface TournamentCreatedData {
  readonly tournamentId: string;
  readonly name: string;
  readonly profileId: string;
  readonly rounds: number | null;
  /** The evening's date (YYYY-MM-DD); absent on tournaments created before it was asked. */
  readonly date?: string | null;
  /** Series length by table size for the drawn tables; absent: the profile's (R36). */
  readonly seriesLengths?: { readonly 3?: number; readonly 4?: number; readonly 5?: number };
  /** House options the drawn tables switch on (profile options such as kontraRe, ramsch); absent: none. */
  readonly houseOptions?: readonly string[];
}

export interface TournamentTableAddedData {
  readonly tableId: string;
  readonly round: number;
  readonly players: readonly string[];
}

/** The tournament's loss fee (Verlustspielgeld): per lost game, and from a player's 4th lost game in one list. */
export interface LossFeeSetData {
  readonly feeCents: number;
  readonly fromFourthLostGameCents: number | null;
}

/** A round's seat draw: how it was drawn (the seed when random) and the tables it makes, players in seat order. */
export interface SeatsDrawnData {
  readonly round: number;
  readonly method: 'random' | 'standings';
  readonly seed: string | null;
  readonly tables: readonly { readonly tableId: string; readonly players: readonly string[] }[];
  /** Drawn although these series of the previous round were open, for this reason; absent/null: none were. */
  readonly override?: { readonly reason: string; readonly openSeries: readonly string[] } | null;
  /** Tables (ids) that seat three players of one table of the previous round: the roster left no other way; absent: none. */
  readonly repeatedTrios?: readonly string[];
}

/** A round closed: every series of these tables was closed; the round takes no further table. */
export interface RoundClosedData {
  readonly round: number;
  readonly tables: readonly string[];
}

/** The tournament closed after `rounds` rounds; `early` when fewer than planned were played, with the organiser's reason. */
export interface TournamentClosedData {
  readonly rounds: number;
  readonly early?: { readonly reason: string; readonly planned: number } | null;
}

/** Players entered on the roster; `fromRound` 1 before the first draw, later for a player joining late. */
export interface PlayersEnteredData {
  readonly players: readonly string[];
  readonly fromRound: number;
}

export interface PlayerRenamedData {
  readonly from: string;
  readonly to: string;
}

/** A player taken off the roster after `afterRound` rounds (0: before the first). */
export interface PlayerRemovedData {
  readonly player: string;
  readonly afterRound: number;
}

export type TournamentEvent =
  | { readonly type: 'TournamentCreated'; readonly data: TournamentCreatedData }
  | { readonly type: 'TournamentTableAdded'; readonly data: TournamentTableAddedData }
  | { readonly type: 'LossFeeSet'; readonly data: LossFeeSetData }
  | { readonly type: 'SeatsDrawn'; readonly data: SeatsDrawnData }
  | { readonly type: 'RoundClosed'; readonly data: RoundClosedData }
  | { readonly type: 'TournamentClosed'; readonly data: TournamentClosedData }
  | { readonly type: 'PlayersEntered'; readonly data: PlayersEnteredData }
  | { readonly type: 'PlayerRenamed'; readonly data: PlayerRenamedData }
  | { readonly type: 'PlayerRemoved'; readonly data: PlayerRemovedData };

export const tournamentStreamName = (tournamentId: string): string => `tournament-${tournamentId}`;
