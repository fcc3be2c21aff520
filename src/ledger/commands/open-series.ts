import type { EventStore } from '../../event-store/event-store';
import { tableStreamName } from '../../table/events';
import { lastRound } from '../../tournament/round-order';
import type { TournamentState } from '../../tournament/tournament-state';

/**
 * The tables of the tournament's last round whose series is not closed, read from their own
 * streams (the tournament stream does not know): what a new round's start is judged against (L19).
 * Empty before the first round. A table stream is read to its end, at most a series' worth of events.
 */
export async function openSeriesOfLastRound(store: EventStore, state: TournamentState): Promise<string[]> {
  const last = lastRound(state);
  if (last === 0) return [];
  const ids = new Set<string>();
  for (const d of state.draws) if (d.round === last) for (const t of d.tables) ids.add(t.tableId);
  for (const t of state.tables) if (t.round === last) ids.add(t.tableId);
  const open: string[] = [];
  for (const id of ids) {
    const read = await store.readStream(tableStreamName(id));
    if (!read.events.some((e) => e.type === 'SeriesClosed')) open.push(id);
  }
  return open;
}
