import type { SeatPlayers } from '../deal/events';

export const TABLE_EVENT_TYPES = ['TableOpened', 'TableDealOpened'] as const;
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

export type TableEvent =
  | { readonly type: 'TableOpened'; readonly data: TableOpenedData }
  | { readonly type: 'TableDealOpened'; readonly data: TableDealOpenedData };

export const tableStreamName = (tableId: string): string => `table-${tableId}`;
export const TABLE_STREAM_PREFIX = 'table-';
