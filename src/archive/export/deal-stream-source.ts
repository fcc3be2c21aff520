import { readStreamsOf, type EventStore } from '../../event-store/event-store';
import { DEAL_STREAM_PREFIX, dealStreamName, type DealStartedData } from '../../deal/events';
import type { AnyEvent } from './tokens-of-events';

/** Where the exporters read deals from: the ids in recording order and each deal's events. */
export interface DealStreamSource {
  /**
   * The deal ids in recording order; with `tableId`, only (at least) that table's: a source may
   * narrow the list where it can do so cheaply, the caller still checks each deal.
   */
  dealIds(options?: { readonly tableId?: string }): AsyncIterable<string>;
  /** The deal's events in stream order; empty when there is no such deal. */
  dealEvents(dealId: string): Promise<readonly AnyEvent[]>;
  /** Optional: several deals' events read at once (cheaper per deal), one list per id in order; see dealsWithEvents. */
  dealEventsOfMany?(dealIds: readonly string[]): Promise<(readonly AnyEvent[])[]>;
}

/**
 * Reads deal streams (`deal-<id>`) straight from an event store, in order of creation, many at
 * once where the store can (readStreams), their metadata and ids built only when read. A table's
 * deals are found by reading the deals' first events only (DealStarted names the table): a read
 * filtered by event type, one event per deal, instead of every event of every deal.
 */
export function eventStoreDealSource(store: EventStore): DealStreamSource {
  return {
    async *dealIds(options = {}) {
      if (options.tableId === undefined) {
        for await (const stream of store.listStreams(DEAL_STREAM_PREFIX)) yield stream.slice(DEAL_STREAM_PREFIX.length);
        return;
      }
      for await (const started of store.readAll({ eventTypes: ['DealStarted'], streamPrefixes: [DEAL_STREAM_PREFIX] })) {
        if ((started.data as DealStartedData).tableId === options.tableId) yield started.streamName.slice(DEAL_STREAM_PREFIX.length);
      }
    },
    async dealEvents(dealId: string) {
      const read = await store.readStream(dealStreamName(dealId), { lazyMetadata: true });
      return read.exists ? read.events : [];
    },
    async dealEventsOfMany(dealIds: readonly string[]) {
      const reads = await readStreamsOf(store, dealIds.map(dealStreamName), { lazyMetadata: true });
      return reads.map((read) => (read.exists ? read.events : []));
    },
  };
}
