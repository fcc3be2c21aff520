/**
 * The two ways the EventStoreDB adapter reads `$all` forwards: a plain read, and a filtered catch-up
 * subscription read up to the server's CaughtUp (client 6.x cannot filter a plain read).
 */
import { FORWARDS, START, type AllStreamResolvedEvent, type EventStoreDBClient } from '@eventstore/db-client';
import { parsePosition } from './esdb-positions';
import { serverFilter, type ClientEvent, type EventFilter } from './esdb-filters';
import { WireOrderReader, cutShort, type SubscriptionStream } from './wire-order-reader';
import { ReadEndedEarlyError } from './esdb-checks';

/**
 * Filtered reads want the events, not progress reports: a checkpoint every 32 × 10,000 events the
 * server scans (a subscription that follows the log keeps the client's default, every 32).
 */
const READ_CHECKPOINT_INTERVAL = 10_000;

/** A plain read of $all from `after` (inclusive; the caller skips the event at `after`). */
export async function* plainRead(client: EventStoreDBClient, after: string | undefined): AsyncGenerator<ClientEvent> {
  const read = client.readAll({ direction: FORWARDS, fromPosition: after === undefined ? START : parsePosition(after) });
  let ended = false;
  read.once('end', () => (ended = true));
  try {
    // Not destroyed on an early return: cutShort() has to read out what is left (see there).
    for await (const resolved of read.iterator({ destroyOnReturn: false }) as AsyncIterable<AllStreamResolvedEvent>) if (resolved.event) yield resolved.event;
  } finally {
    if (!ended) await cutShort(read);
  }
}

/**
 * The matching events after `after` up to the end of the log as the server sees it: a filtered
 * catch-up subscription, closed at its CaughtUp (events appended meanwhile may come too).
 */
export async function* filteredRead(client: EventStoreDBClient, after: string | undefined, filter: EventFilter): AsyncGenerator<ClientEvent> {
  const subscription = client.subscribeToAll({
    fromPosition: after === undefined ? START : parsePosition(after),
    filter: serverFilter(filter, () => undefined, READ_CHECKPOINT_INTERVAL),
  });
  const reader = new WireOrderReader(subscription as unknown as SubscriptionStream);
  try {
    for await (const item of reader.items()) {
      if (item.kind === 'caughtUp') return;
      if (item.kind === 'raw') yield item.event;
    }
    // The server ended the subscription before CaughtUp: the read is incomplete.
    throw new ReadEndedEarlyError();
  } finally {
    await reader.close();
  }
}
