import type { SeatPlayers } from '../deal/events';

export const TABLE_EVENT_TYPES = ['TableOpened', 'TableDealOpened', 'TablePlayersJoined', 'SeriesClosed'] as const;
export type TableEventType = (typeof TABLE_EVENT_TYPES)[number];

export interface TableOpenedData {
  readonly tableId: string;
  readonly players: readonly string[];
  readonly firstDealer: string;
  readonly profileId: string;
  readonly profileOptions: Readonly<Record<string, unknown>>;
  readonly profileVersion: string;
  readonly seriesLength: number;
  readonly fiveTableSitOutOffset: number;
  readonly computerPlayers: readonly string[];
  readonly tournamentId: string | null;
  readonly round: number | null;
  /** May the series close while disputes are open? Absent on tables opened before the setting existed (= no). */
  readonly closeWithOpenDisputes?: boolean;
  /** May players confirm or contest deals after SeriesClosed? Absent on tables opened before the setting existed (= no). */
  readonly reviewAfterClose?: boolean;
}

export interface TableDealOpenedData {
  readonly dealId: string;
  readonly dealNumber: number;
  readonly dealer: string;
  readonly players: SeatPlayers;
  readonly sittingOut: readonly string[];
  /** R4: a misdealt deal dealt again by the same dealer, under the same deal number. */
  readonly redeal?: boolean;
}

/**
 * Imported series only (an ISS series keeps three seats while the accounts in them change):
 * players met in a later record of the series join the table's list, after those already there.
 */
export interface TablePlayersJoinedData {
  readonly tableId: string;
  readonly players: readonly string[];
  /** The record that brought them (e.g. `iss:4940313`). */
  readonly source: string;
}

/** The series is over: no further deal; the sheet changes only by an arbiter's correction. */
export interface SeriesClosedData {
  readonly tableId: string;
  /** Deal numbers played when it closed. */
  readonly dealsPlayed: number;
  readonly seriesLength: number;
  readonly closedBy: string;
  /** Given when it closed short of the series length. */
  readonly reason: string | null;
}

export type TableEvent =
  | { readonly type: 'TableOpened'; readonly data: TableOpenedData }
  | { readonly type: 'TableDealOpened'; readonly data: TableDealOpenedData }
  | { readonly type: 'TablePlayersJoined'; readonly data: TablePlayersJoinedData }
  | { readonly type: 'SeriesClosed'; readonly data: SeriesClosedData };

export const tableStreamName = (tableId: string): string => `table-${tableId}`;
