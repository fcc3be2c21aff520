import type { EventStore, RecordedEvent } from '../../../src/event-store/event-store';
import type { DealFilter, DealPage, DealSummary } from '../../../src/projections/deal-summary/deal-summary';
import { eventStoreDealSource } from '../../../src/archive/export/deal-stream-source';
import { dealRecordOfEvents } from '../../../src/archive/ndjson/deal-record';
import { matchesDealFilter } from '../../../src/archive/ndjson/deal-filter';
import type { LedgerDeals } from '../../../src/archive/ndjson/ledger-deal-source';

/**
 * The two Ledger reads the exports use (deals, dealEvents), answered straight from an event store
 * so the HTTP suite runs without the projections. Summaries carry only what the exports read.
 */
export function storeLedger(store: EventStore, hooks: { beforeDealEvents?: (dealId: string) => Promise<void> } = {}): LedgerDeals & { reads: string[] } {
  const source = eventStoreDealSource(store);
  const reads: string[] = [];
  return {
    reads,
    async deals(filter: DealFilter, page: { first: number; after?: string; newestFirst?: boolean }): Promise<DealPage> {
      const items: DealSummary[] = [];
      for await (const id of source.dealIds()) {
        const record = dealRecordOfEvents(await source.dealEvents(id));
        if (!matchesDealFilter(record, filter)) continue;
        items.push({
          dealId: id,
          tableId: record.tableId,
          tournamentId: record.tournamentId,
          players: record.players,
          status: record.status,
          startedAt: record.startedAt,
        } as unknown as DealSummary);
      }
      // The read model's order: start time, then id; newest first when asked.
      items.sort((a, b) => Date.parse(a.startedAt) - Date.parse(b.startedAt) || (a.dealId < b.dealId ? -1 : a.dealId > b.dealId ? 1 : 0));
      if (page.newestFirst) items.reverse();
      const start = page.after === undefined ? 0 : Number(page.after);
      const slice = items.slice(start, start + page.first);
      return { items: slice, endCursor: String(start + slice.length), hasNextPage: start + slice.length < items.length, totalCount: items.length };
    },
    async dealEvents(dealId: string): Promise<RecordedEvent[]> {
      await hooks.beforeDealEvents?.(dealId);
      reads.push(dealId);
      const read = await store.readStream(`deal-${dealId}`);
      return [...read.events];
    },
  };
}
