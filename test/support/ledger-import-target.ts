import type { IssImportTarget } from '../../src/archive/import/iss-import-target';
import type { Ledger } from '../../src/ledger/ledger';
import { ledgerStore } from '../../src/ledger/store-port';

/**
 * The Ledger as an import target one record at a time (what a test handed the Ledger itself for
 * before its store became private): its store through the named port, its series tables as the
 * read models know them after a catch-up, and a catch-up at the end. The product's imports use
 * bulkImportTarget (archive/import/bulk-import-target.ts).
 */
export function ledgerImportTarget(ledger: Ledger): IssImportTarget {
  return {
    store: ledgerStore(ledger),
    seriesTable: (tableId) => ledger.seriesTable(tableId),
    openTableEvents: (command, ctx) => ledger.openTableEvents(command, ctx),
    catchUp: () => ledger.catchUp(),
  };
}
