import type { DealStreamSource } from './deal-stream-source';
import type { AnyEvent } from './tokens-of-events';

/** Deals read per batch when the source reads several at once: enough that a read costs little per deal, few enough that a batch's events stay small. */
export const DEALS_PER_READ = 100;

/**
 * The deals of a list with their events, in the list's order: a source that reads several deals
 * at once (dealEventsOfMany) reads them DEALS_PER_READ at a time, any other one deal by one. At
 * most one batch is held.
 */
export async function* dealsWithEvents(
  source: DealStreamSource,
  dealIds: AsyncIterable<string> | Iterable<string>,
): AsyncGenerator<{ readonly dealId: string; readonly events: readonly AnyEvent[] }> {
  const many = source.dealEventsOfMany?.bind(source);
  if (!many) {
    for await (const dealId of dealIds) yield { dealId, events: await source.dealEvents(dealId) };
    return;
  }
  let batch: string[] = [];
  const read = async function* (ids: readonly string[]) {
    const events = await many(ids);
    for (let i = 0; i < ids.length; i++) yield { dealId: ids[i], events: events[i] };
  };
  for await (const dealId of dealIds) {
    batch.push(dealId);
    if (batch.length < DEALS_PER_READ) continue;
    const full = batch;
    batch = [];
    yield* read(full);
  }
  if (batch.length > 0) yield* read(batch);
}
