import type { Decider } from '../kernel/decider';
import { decideTournament, type TournamentDecision } from './decide-tournament';
import type { TournamentEvent } from './events';
import { evolveTournament, initialTournamentState, type TournamentState } from './tournament-state';

/** The tournament decider: a new tournament plays `defaultProfileId` unless it names its own. */
export function tournamentDecider(defaultProfileId: string): Decider<TournamentDecision, TournamentEvent, TournamentState> {
  return { initialState: initialTournamentState, decide: (command, state) => decideTournament(command, state, defaultProfileId), evolve: evolveTournament };
}
