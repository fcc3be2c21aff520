import type { EventStore, NewEvent } from '../eventStore/eventStore';
import { ConcurrencyError } from '../eventStore/errors';
import { dealStreamName } from '../deal/events';
import type { AppendDealOutcome, CommandContext, CommandOutcome } from '../ledger/ledgerTypes';
import type { OpenTable } from '../table/commands';
import type { TableState } from '../table/tableState';
import type { IssImportTarget } from './importIss';

/** The parts of the Ledger a bulk import uses. */
export interface BulkLedger {
  readonly store: EventStore;
  execute(command: OpenTable, ctx: CommandContext): Promise<CommandOutcome>;
  catchUp(): Promise<void>;
  seriesTable(tableId: string): Promise<{ readonly state: TableState; readonly lastDealNumber: number } | null>;
  appendTableEvents(tableId: string, events: readonly NewEvent[]): Promise<void>;
}

/**
 * For large imports: each deal is still appended as one batch with expected revision noStream,
 * but the projections catch up every `catchUpEvery` deals (and once more via `flush`) rather than
 * after every deal, so the read models are written in large transactions. Same events, same ids.
 */
export function bulkImportTarget(ledger: BulkLedger, options: { readonly catchUpEvery?: number } = {}): IssImportTarget & { flush(): Promise<void> } {
  const every = options.catchUpEvery ?? 1000;
  let pending = 0;
  return {
    async appendDealEvents(dealId: string, events: readonly NewEvent[]): Promise<AppendDealOutcome> {
      const stream = dealStreamName(dealId);
      // The store answers a repeated batch (same ids) with success, so presence is looked up first.
      const existing = await ledger.store.readStream(stream, { direction: 'backwards', maxCount: 1 });
      if (existing.exists) return { dealId, status: 'alreadyPresent', nextExpectedRevision: existing.currentRevision };
      try {
        const appended = await ledger.store.appendToStream(stream, events, { expectedRevision: 'noStream' });
        if (++pending >= every) {
          pending = 0;
          await ledger.catchUp();
        }
        return { dealId, status: 'appended', nextExpectedRevision: appended.nextExpectedRevision };
      } catch (err) {
        if (!(err instanceof ConcurrencyError)) throw err;
        const now = await ledger.store.readStream(stream, { direction: 'backwards', maxCount: 1 });
        return { dealId, status: 'alreadyPresent', nextExpectedRevision: now.currentRevision };
      }
    },
    execute: (command, ctx) => ledger.execute(command, ctx),
    async seriesTable(tableId) {
      pending = 0; // the ledger catches the read models up before it reads the list
      return ledger.seriesTable(tableId);
    },
    appendTableEvents: (tableId, events) => ledger.appendTableEvents(tableId, events),
    async flush() {
      pending = 0;
      await ledger.catchUp();
    },
  };
}
