import type { EventStore, NewEvent } from '../../event-store/event-store';
import type { CommandContext } from '../../command-handling/command-types';
import type { OpenTable } from '../../table/commands';
import type { TableState } from '../../table/table-state';

/**
 * What an ISS import needs: a store to append to (appendMany, readStream) and, when offered, the
 * ledger's view of series tables, so each series `SE` becomes a table `iss-series-<SE>`. A target
 * without `seriesTable` and `openTableEvents` imports deals only (tests on a bare store).
 */
export interface IssImportTarget {
  readonly store: EventStore;
  /**
   * The series table as stored before this run: its state (players, newcomers) and the highest
   * deal number on its list as of the read models' last catch-up (0 when none); null when it was
   * never opened. It must not catch up: the deals this run appended are counted by the run itself.
   */
  seriesTable?(tableId: string): Promise<{ readonly state: TableState; readonly lastDealNumber: number } | null>;
  /** The events OpenTable records for a new table, exactly as a command would record them. */
  openTableEvents?(command: OpenTable, ctx: CommandContext): NewEvent[];
  /** Called after the last batch (and whenever the run forgets the series it met): read models catch up. */
  catchUp?(): Promise<void>;
}
