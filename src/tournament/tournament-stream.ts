import type { FoldedEvent } from '../kernel/folded-event';
import { TOURNAMENT_EVENT_TYPES, type TournamentEvent } from './events';
import { evolveTournament, initialTournamentState, type TournamentState } from './tournament-state';

const TYPES: ReadonlySet<string> = new Set(TOURNAMENT_EVENT_TYPES);

/** The one fold of a recorded tournament stream: its tournament events in order, any other event skipped. */
export function foldTournamentStream(events: Iterable<FoldedEvent>, from: TournamentState = initialTournamentState): TournamentState {
  let state = from;
  for (const event of events) if (TYPES.has(event.type)) state = evolveTournament(state, event as TournamentEvent);
  return state;
}
