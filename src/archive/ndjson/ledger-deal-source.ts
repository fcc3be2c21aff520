import type { RecordedEvent } from '../../event-store/event-store';
import type { DealFilter, DealPage, DealSummary } from '../../projections/deal-summary/deal-summary';
import type { DealStreamSource } from '../export/deal-stream-source';
import type { DealExportFilter } from './deal-filter';

/** What the exporters need of the Ledger: the deal list (filtered, paged) and a deal's events. */
export interface LedgerDeals {
  deals(filter: DealFilter, page: { first: number; after?: string; newestFirst?: boolean; count?: boolean }): Promise<DealPage>;
  dealEvents(dealId: string, options?: { readonly lazyMetadata?: boolean }): Promise<RecordedEvent[]>;
  /** Optional: several deals' events read at once, one list per id in order. */
  dealEventsOfMany?(dealIds: readonly string[], options?: { readonly lazyMetadata?: boolean }): Promise<RecordedEvent[][]>;
}

export interface LedgerDealSourceOptions {
  /** Deals per page read from the read model (default 200): memory stays at one page. */
  readonly pageSize?: number;
  /** Leave out deals the caller may not read (private tournaments, hidden cards of live deals). */
  readonly include?: (deal: DealSummary) => boolean;
  /** By start time, then id: oldest first (default) or newest first. */
  readonly newestFirst?: boolean;
  /** Stop after this many deals (default: all). */
  readonly max?: number;
}

/**
 * Deals the read model lists for a filter, page by page, each read from its stream when its
 * turn comes: the filter is applied by the projection, so a narrow export reads few streams.
 */
export function ledgerDealSource(ledger: LedgerDeals, filter: DealExportFilter, options: LedgerDealSourceOptions = {}): DealStreamSource {
  const pageSize = options.pageSize ?? 200;
  const max = options.max ?? Number.POSITIVE_INFINITY;
  const newestFirst = options.newestFirst === true;
  const many = ledger.dealEventsOfMany?.bind(ledger);
  return {
    async *dealIds() {
      let after: string | undefined;
      let given = 0;
      for (;;) {
        // No total: the export walks the pages to their end.
        const page = await ledger.deals(
          filter,
          after === undefined ? { first: pageSize, newestFirst, count: false } : { first: pageSize, after, newestFirst, count: false },
        );
        for (const deal of page.items) {
          if (options.include && !options.include(deal)) continue;
          yield deal.dealId;
          if (++given >= max) return;
        }
        if (!page.hasNextPage || page.endCursor === undefined || page.items.length === 0) return;
        after = page.endCursor;
      }
    },
    // The records read the first event's source only: metadata parsed on first access.
    dealEvents: (dealId) => ledger.dealEvents(dealId, { lazyMetadata: true }),
    ...(many ? { dealEventsOfMany: (dealIds: readonly string[]) => many(dealIds, { lazyMetadata: true }) } : {}),
  };
}
