import { LEDGER_RULES as L } from '../deal/ledger-rules';
import { allow, refuse, type Judgement } from '../kernel/refusal';
import type { CloseRound, CloseTournament } from './commands';
import type { TournamentEvent } from './events';
import { lastRound, tableIdsOfRound } from './round-order';
import type { TournamentState } from './tournament-state';

/** The highest round closed (0 before the first). */
export function lastClosedRound(state: TournamentState): number {
  return state.closedRounds.reduce((a, b) => Math.max(a, b), 0);
}

/**
 * L21: a round closes in order (round n after round n-1), once it has tables and every series of
 * it is closed (the Ledger names the open ones from the table streams); closed once.
 */
export function decideCloseRound(command: CloseRound, state: TournamentState): Judgement<TournamentEvent[]> {
  const id = command.tournamentId;
  if (!Number.isInteger(command.round) || command.round < 1) return refuse(L.badCommand, 'a round is numbered from 1');
  if (state.closedRounds.includes(command.round)) return refuse(L.roundClose, `round ${command.round} of tournament ${id} is closed already`);
  const tables = tableIdsOfRound(state, command.round);
  if (tables.length === 0) return refuse(L.notStarted, `round ${command.round} of tournament ${id} has no tables`);
  const closedBefore = lastClosedRound(state);
  if (command.round > closedBefore + 1) return refuse(L.roundClose, `round ${closedBefore + 1} of tournament ${id} is not closed yet: rounds close in order`);
  const unchecked = command.checkedTables ? tables.filter((t) => !command.checkedTables!.includes(t)) : [];
  if (unchecked.length > 0) return refuse(L.roundClose, `a table joined round ${command.round} meanwhile (${unchecked.join(', ')}): close the round again`);
  const open = (command.openSeries ?? []).slice().sort();
  if (open.length > 0) return refuse(L.roundClose, `round ${command.round} still has open series (${open.join(', ')}): close every series of the round first`);
  return allow([{ type: 'RoundClosed', data: { round: command.round, tables } }]);
}

/**
 * L22: the tournament closes once its last round is closed. With planned rounds not all played it
 * needs the organiser's reason (recorded as `early`); a tournament without a round is not closed.
 */
export function decideCloseTournament(command: CloseTournament, state: TournamentState): Judgement<TournamentEvent[]> {
  const id = command.tournamentId;
  const last = lastRound(state);
  if (last === 0) return refuse(L.tournamentClosed, `tournament ${id} has no round yet: there is nothing to close`);
  if (!state.closedRounds.includes(last)) return refuse(L.tournamentClosed, `round ${last} of tournament ${id} is not closed: close it first`);
  const planned = state.created?.rounds ?? null;
  if (planned === null || last >= planned) return allow([{ type: 'TournamentClosed', data: { rounds: last } }]);
  const reason = typeof command.reason === 'string' ? command.reason.trim() : '';
  if (reason === '') return refuse(L.tournamentClosed, `tournament ${id} plays ${planned} rounds and ${last} were played: closing it early needs a reason`);
  if (reason.length > 1000) return refuse(L.reasonRequired, 'a reason has 1-1000 characters');
  return allow([{ type: 'TournamentClosed', data: { rounds: last, early: { reason, planned } } }]);
}
