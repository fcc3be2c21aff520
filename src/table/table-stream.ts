import type { FoldedEvent } from '../kernel/folded-event';
import { TABLE_EVENT_TYPES, type TableEvent } from './events';
import { evolveTable, initialTableState, type TableState } from './table-state';

const TYPES: ReadonlySet<string> = new Set(TABLE_EVENT_TYPES);

/** The one fold of a recorded table stream: its table events in order, any other event skipped. */
export function foldTableStream(events: Iterable<FoldedEvent>, from: TableState = initialTableState): TableState {
  let state = from;
  for (const event of events) if (TYPES.has(event.type)) state = evolveTable(state, event as TableEvent);
  return state;
}
