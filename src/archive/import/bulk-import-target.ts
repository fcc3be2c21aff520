import type { NewEvent } from '../../event-store/event-store';
import { ledgerStore } from '../../ledger/store-port';
import type { CommandContext } from '../../command-handling/command-types';
import type { OpenTable } from '../../table/commands';
import type { TableState } from '../../table/table-state';
import type { IssImportTarget } from './iss-import-target';

/** The parts of the Ledger an import uses (its store through ledgerStore). */
export interface BulkLedger {
  seriesTable(tableId: string, options: { readonly catchUp: false }): Promise<{ readonly state: TableState; readonly lastDealNumber: number } | null>;
  openTableEvents(command: OpenTable, ctx: CommandContext): NewEvent[];
  appendedInBulk(): Promise<void>;
}

/**
 * An import into the Ledger's store: deals and the series tables they open go to the store many
 * to a transaction (the same events, ids and metadata as one command each would record), and the
 * read models catch up when the import ends, as a rebuild loads them (empty read models are
 * loaded in bulk, indexes built once at the end). Listeners hear the new events then.
 */
export function bulkImportTarget(ledger: BulkLedger): IssImportTarget {
  return {
    store: ledgerStore(ledger),
    seriesTable: (tableId) => ledger.seriesTable(tableId, { catchUp: false }),
    openTableEvents: (command, ctx) => ledger.openTableEvents(command, ctx),
    catchUp: () => ledger.appendedInBulk(),
  };
}
