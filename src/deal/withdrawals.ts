import type { CardsDealtData, HandsReplacedData, MoveWithdrawnData } from './events';

/**
 * A deal's events as if every withdrawn move had never been made and every replaced hand had been
 * dealt so: the withdrawn moves' events and the MoveWithdrawn events left out, and the CardsDealt
 * carrying the last HandsReplaced's cards (that event left out). For replays, frames and exports;
 * the stream itself (and so the audit) keeps them all.
 */
export function withoutWithdrawn<E extends { readonly type: string; readonly data: unknown; readonly eventId?: string }>(events: readonly E[]): readonly E[] {
  let withdrawn: Set<string> | null = null;
  for (const e of events) {
    if (e.type !== 'MoveWithdrawn') continue;
    withdrawn ??= new Set();
    for (const id of (e.data as MoveWithdrawnData).withdrawnEventIds) withdrawn.add(id);
  }
  const inForce = withdrawn === null ? events : events.filter((e) => e.type !== 'MoveWithdrawn' && !(e.eventId !== undefined && withdrawn.has(e.eventId)));
  return asDealtSo(inForce);
}

/** A replaced hand counts as dealt so from the start (L25): the moves recorded before the replacement fit it too. */
function asDealtSo<E extends { readonly type: string; readonly data: unknown }>(events: readonly E[]): readonly E[] {
  let last: HandsReplacedData | null = null;
  for (const e of events) if (e.type === 'HandsReplaced') last = e.data as HandsReplacedData;
  if (last === null) return events;
  const cards = { hands: last.hands, skat: last.skat };
  return events
    .filter((e) => e.type !== 'HandsReplaced')
    .map((e) => (e.type === 'CardsDealt' ? ({ ...e, ...idAndMetadataOf(e), data: { ...(e.data as CardsDealtData), ...cards } } as E) : e));
}

/**
 * An event's id and metadata as own fields, for a copy made by spreading it: a store's lazy read
 * gives them as getters, which a spread leaves behind.
 */
export function idAndMetadataOf(e: { readonly type: string; readonly eventId?: string }): { eventId?: string; metadata?: unknown } {
  const out: { eventId?: string; metadata?: unknown } = {};
  if (e.eventId !== undefined) out.eventId = e.eventId;
  if ('metadata' in e) out.metadata = (e as { metadata?: unknown }).metadata;
  return out;
}
