import type { EventStore, NewEvent } from '../../../eventStore/eventStore';
import { ConcurrencyError } from '../../../eventStore/errors';
import { dealStreamName } from '../../../deal/events';
import type { AppendDealOutcome, CommandContext, CommandOutcome } from '../../../ledger/ledgerTypes';
import type { OpenTable } from '../../../table/commands';
import type { ScoreSheet } from '../../../projections/scoreSheet/scoreSheet';
import { tableStreamName, type TableEvent } from '../../../table/events';
import { evolveTable, initialTableState } from '../../../table/tableState';
import type { IssImportTarget } from './importIss';

/** The parts of the Ledger a bulk import uses. */
export interface BulkLedger {
  readonly store: EventStore;
  execute(command: OpenTable, ctx: CommandContext): Promise<CommandOutcome>;
  catchUp(): Promise<void>;
  /** The table's list: its deal numbers tell a later run where a series goes on. */
  scoreSheet?(tableId: string): Promise<ScoreSheet | null>;
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
      const read = await ledger.store.readStream(tableStreamName(tableId));
      if (!read.exists) return null;
      const state = read.events.reduce((s, e) => evolveTable(s, e as unknown as TableEvent), initialTableState);
      if (!ledger.scoreSheet) return { state, lastDealNumber: 0 };
      // The list is a projection: bring it up to date with the deals appended so far.
      pending = 0;
      await ledger.catchUp();
      const sheet = await ledger.scoreSheet(tableId);
      return { state, lastDealNumber: (sheet?.rows ?? []).reduce((n, r) => Math.max(n, r.dealNumber), 0) };
    },
    async appendTableEvents(tableId, events) {
      // The event ids come from the record: a retried run writes nothing twice.
      await ledger.store.appendToStream(tableStreamName(tableId), events, { expectedRevision: 'streamExists' });
    },
    async flush() {
      pending = 0;
      await ledger.catchUp();
    },
  };
}
