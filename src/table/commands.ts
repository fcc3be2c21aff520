import type { DealSource } from '../deal/commands';
import type { EnteredResult } from '../rules/result-entry';

/** Open a table (a Liste / series) of 3, 4 or 5 players in clockwise seat order. */
export interface OpenTable {
  readonly type: 'OpenTable';
  readonly tableId: string;
  readonly players: readonly string[];
  /** Who deals the first deal (R37: then always the next player clockwise). */
  readonly firstDealer: string;
  readonly profileId?: string;
  readonly profileOptions?: Readonly<Record<string, unknown>>;
  /** Default from the profile by table size (R36: 36 at 3, 48 at 4). */
  readonly seriesLength?: number;
  /** D5: at a 5-table, the second player sitting out, counted clockwise from the dealer (default 3: opposite). */
  readonly fiveTableSitOutOffset?: number;
  /** Players who are computer seats (D5 duel rule). */
  readonly computerPlayers?: readonly string[];
  readonly tournamentId?: string | null;
  readonly round?: number | null;
  /** May the series be closed while a contested deal awaits the arbiter's ruling? Default no. */
  readonly closeWithOpenDisputes?: boolean;
  /** May players still confirm or contest deals after the series is closed? Default no. */
  readonly reviewAfterClose?: boolean;
}

/** One player's line of a Ramsch on the list: card points (skat included for whoever took it) and tricks. */
export interface RamschLine {
  readonly player: string;
  readonly points: number;
  readonly tricks: number;
}
/** How the table's latest deal stands, read by the Ledger from the deal's stream (the table stream does not know). */
export interface LastDealStatus {
  readonly dealId: string;
  /** open: still being played; closed: scored, passed in or abandoned; missing: opened by the table but never started. */
  readonly status: 'open' | 'closed' | 'missing';
}

/** What a direct `startDeal` naming the table asked for: accepted only when it is exactly what the table dictates. */
export interface RequestedSeating {
  readonly dealId: string;
  readonly dealer: string;
  readonly players: readonly string[];
  readonly sittingOut?: readonly string[];
  readonly dealNumber?: number;
}

/** Start the table's next deal: dealer and seats follow from the table (R2/R3/R37, D5). */
export interface StartTableDeal {
  readonly type: 'StartTableDeal';
  readonly tableId: string;
  /** Default `<tableId>-<dealNumber>`. */
  readonly dealId?: string;
  /** How the cards come; absent when the deal is entered from its result. */
  readonly cards?: DealSource;
  readonly startedAt?: string;
  /** Result-only entry: the deal's outcome without its cards. */
  readonly result?: EnteredResult;
  /** Result-only entry naming the declarer by name (a paper list does): his seat follows from the table's seating. */
  readonly declarerName?: string;
  /** Result-only Ramsch (R42) by name: each of the three players' points and tricks; the seats follow from the table's seating. */
  readonly ramschByName?: readonly RamschLine[];
  /** R4: the previous deal was a misdeal; the same dealer deals again (the Ledger sets this). */
  readonly redeal?: boolean;
  /** The table's latest deal as its stream stands (the Ledger sets this); none before the first deal. */
  readonly lastDeal?: LastDealStatus | null;
  /** Set when the deal was asked for by a direct `startDeal`: refused unless it matches the table. */
  readonly requested?: RequestedSeating;
}

/** Close the series: the sheet is frozen (only an arbiter's corrections change it afterwards). */
export interface CloseSeries {
  readonly type: 'CloseSeries';
  readonly tableId: string;
  /** Needed when fewer deals than the series length were played. */
  readonly reason?: string;
  /** Set by the Ledger: the table's latest deal, and how many of its deals are contested and not yet ruled. */
  readonly lastDeal?: LastDealStatus | null;
  readonly openDisputes?: number;
}

export type TableCommand = OpenTable | StartTableDeal | CloseSeries;
