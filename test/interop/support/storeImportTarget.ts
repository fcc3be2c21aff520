import { ConcurrencyError } from '../../../src/eventStore/errors';
import type { EventStore, NewEvent } from '../../../src/eventStore/eventStore';
import { dealStreamName } from '../../../src/deal/events';
import type { AppendDealOutcome } from '../../../src/ledger/ledgerTypes';
import type { IssImportTarget } from '../../../src/archive/importIss';

/**
 * The Ledger's appendDealEvents contract straight on an event store (noStream; an existing stream
 * whose first event id matches is "alreadyPresent"), so the interop suites run on the store alone.
 */
export function storeImportTarget(store: EventStore): IssImportTarget & { appended: number } {
  const target = {
    appended: 0,
    async appendDealEvents(dealId: string, events: readonly NewEvent[]): Promise<AppendDealOutcome> {
      const stream = dealStreamName(dealId);
      // The store treats a repeated batch with the same ids as a no-op success, so look first.
      const existing = await store.readStream(stream, { direction: 'backwards', maxCount: 1 });
      if (existing.exists) {
        const first = await store.readStream(stream, { maxCount: 1 });
        if (first.events[0]?.eventId !== events[0]?.metadata.eventId) throw new ConcurrencyError(stream, 'noStream', existing.currentRevision.toString());
        return { dealId, status: 'alreadyPresent', nextExpectedRevision: existing.currentRevision };
      }
      const r = await store.appendToStream(stream, events, { expectedRevision: 'noStream' });
      target.appended += events.length;
      return { dealId, status: 'appended', nextExpectedRevision: r.nextExpectedRevision };
    },
  };
  return target;
}
