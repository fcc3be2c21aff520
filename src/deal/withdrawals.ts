import type { MoveWithdrawnData } from './events';

/**
 * A deal's events as if every withdrawn move had never been made: the withdrawn moves' events and
 * the MoveWithdrawn events themselves left out. For replays, frames and exports; the stream itself
 * (and so the audit) keeps both.
 */
export function withoutWithdrawn<E extends { readonly type: string; readonly data: unknown; readonly eventId?: string }>(events: readonly E[]): readonly E[] {
  let withdrawn: Set<string> | null = null;
  for (const e of events) {
    if (e.type !== 'MoveWithdrawn') continue;
    withdrawn ??= new Set();
    for (const id of (e.data as MoveWithdrawnData).withdrawnEventIds) withdrawn.add(id);
  }
  if (withdrawn === null) return events;
  const gone = withdrawn;
  return events.filter((e) => e.type !== 'MoveWithdrawn' && !(e.eventId !== undefined && gone.has(e.eventId)));
}
