import type { RecordedEvent } from '../../event-store/event-store';
import { parseIsoInstant } from '../../format/iso-instant';

/**
 * A moment of the log an answer is given as of (issue 28 item 2): a log position (the events at or
 * before it) or a time (the events the store recorded at or before it). Positions are kept in a
 * sortable text form (every decimal part zero-padded), so the as-of index compares them in SQL and
 * in code alike; times as `toISOString()` instants (an imported record's whole seconds included).
 */
export type AsOfCut = { readonly kind: 'position'; readonly key: string } | { readonly kind: 'time'; readonly key: string };

const DIGITS = 20;
const pad = (digits: string): string => digits.padStart(DIGITS, '0');

/** The sortable form of a store position: SQLite's decimal sequence, EventStoreDB's `<commit>/<prepare>`. */
export function sortablePosition(position: string): string {
  const m = /^(\d{1,20})(?:\/(\d{1,20}))?$/.exec(position);
  if (!m) throw new RangeError(`not a log position: ${JSON.stringify(position.slice(0, 60))}`);
  return m[2] === undefined ? pad(m[1]) : `${pad(m[1])}/${pad(m[2])}`;
}

/** When the store recorded the event (its metadata), as a `toISOString()` instant; '' when it says nothing readable. */
export function recordedAtOf(event: RecordedEvent): string {
  const at = event.metadata.recordedAt;
  return at === undefined ? '' : (parseIsoInstant(at) ?? '');
}

/** Whether the event is part of the log as of the cut. */
export function withinCut(cut: AsOfCut, event: RecordedEvent): boolean {
  return cut.kind === 'position' ? sortablePosition(event.position) <= cut.key : recordedAtOf(event) <= cut.key;
}
