import { getProfile } from '../deal/engine';
import { LEDGER_RULES as L } from '../deal/ledgerRules';
import { allow, refuse, type Judgement } from '../rules/refusal';
import type { TournamentCommand } from './commands';
import type { TournamentEvent } from './events';
import type { TournamentState } from './tournamentState';

export type TournamentDecision =
  | TournamentCommand
  | { readonly type: 'AddTournamentTable'; readonly tournamentId: string; readonly tableId: string; readonly round: number; readonly players: readonly string[] };

export function decideTournament(command: TournamentDecision, state: TournamentState, defaultProfileId: string): Judgement<TournamentEvent[]> {
  if (command.type === 'CreateTournament') {
    if (state.created) return refuse(L.alreadyStarted, `tournament ${command.tournamentId} already exists`);
    if (typeof command.tournamentId !== 'string' || command.tournamentId.trim() === '') return refuse(L.badCommand, 'a tournament needs an id');
    if (typeof command.name !== 'string' || command.name.trim() === '') return refuse(L.badCommand, 'a tournament needs a name');
    const profileId = command.profileId ?? defaultProfileId;
    try {
      getProfile(profileId);
    } catch (e) {
      return refuse(L.unknownProfile, (e as Error).message);
    }
    return allow([{ type: 'TournamentCreated', data: { tournamentId: command.tournamentId, name: command.name, profileId, rounds: command.rounds ?? null } }]);
  }
  if (!state.created) return refuse(L.notStarted, `tournament ${command.tournamentId} does not exist`);
  if (state.tables.some((t) => t.tableId === command.tableId)) return allow([]);
  if (!Number.isInteger(command.round) || command.round < 1) return refuse('R36', 'a table belongs to a round (series) numbered from 1');
  return allow([{ type: 'TournamentTableAdded', data: { tableId: command.tableId, round: command.round, players: command.players.slice() } }]);
}
