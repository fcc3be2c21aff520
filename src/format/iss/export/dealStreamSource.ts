import type { EventStore } from '../../../eventStore/eventStore';
import { DEAL_STREAM_PREFIX, dealStreamName } from '../../../deal/events';
import type { AnyEvent } from './tokensOfEvents';

/** Where the exporters read deals from: the ids in recording order and each deal's events. */
export interface DealStreamSource {
  dealIds(): AsyncIterable<string>;
  /** The deal's events in stream order; empty when there is no such deal. */
  dealEvents(dealId: string): Promise<readonly AnyEvent[]>;
}

/** Reads deal streams (`deal-<id>`) straight from an event store, in order of creation. */
export function eventStoreDealSource(store: EventStore): DealStreamSource {
  return {
    async *dealIds() {
      for await (const stream of store.listStreams(DEAL_STREAM_PREFIX)) yield stream.slice(DEAL_STREAM_PREFIX.length);
    },
    async dealEvents(dealId: string) {
      const read = await store.readStream(dealStreamName(dealId));
      return read.exists ? read.events : [];
    },
  };
}
