import type { DealSource } from '../deal/commands';

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
}

/** Start the table's next deal: dealer and seats follow from the table (R2/R3/R37, D5). */
export interface StartTableDeal {
  readonly type: 'StartTableDeal';
  readonly tableId: string;
  /** Default `<tableId>-<dealNumber>`. */
  readonly dealId?: string;
  readonly cards: DealSource;
  readonly startedAt?: string;
  /** R4: the previous deal was a misdeal; the same dealer deals again (the Ledger sets this). */
  readonly redeal?: boolean;
}

export type TableCommand = OpenTable | StartTableDeal;
