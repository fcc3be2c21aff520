import type { EventStore } from '../../event-store/event-store';
import { tableStreamName } from '../../table/events';
import { lastRound, tableIdsOfRound } from '../../tournament/round-order';
import type { TournamentState } from '../../tournament/tournament-state';

/**
 * The tables of the tournament's last round whose series is not closed, read from their own
 * streams (the tournament stream does not know): what a new round's start is judged against (L19).
 * Empty before the first round. A table stream is read to its end, at most a series' worth of events.
 */
export async function openSeriesOfLastRound(store: EventStore, state: TournamentState): Promise<string[]> {
  const last = lastRound(state);
  return last === 0 ? [] : openSeriesOfRound(store, state, last);
}

/** The tables of a round whose series is not closed (what closing the round is judged against, L21). */
export async function openSeriesOfRound(store: EventStore, state: TournamentState, round: number): Promise<string[]> {
  const open: string[] = [];
  for (const id of tableIdsOfRound(state, round)) {
    const read = await store.readStream(tableStreamName(id));
    if (!read.events.some((e) => e.type === 'SeriesClosed')) open.push(id);
  }
  return open;
}
