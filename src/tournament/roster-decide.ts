import { LEDGER_RULES as L } from '../deal/ledger-rules';
import { allow, refuse, type Judgement } from '../kernel/refusal';
import type { RosterCommand } from './commands';
import type { TournamentEvent } from './events';
import { lastRound } from './round-order';
import { activeRoster, type TournamentState } from './tournament-state';

/** The longest roster: what a draw takes (500 players) and what one roster answer carries. */
export const MAX_ROSTER = 500;
/** A name as everywhere in the ledger: trimmed, 1-100 characters, no control characters. */
const NAME = /^[^\p{Cc}]{1,100}$/u;

const nameProblem = (name: unknown): string | null =>
  typeof name !== 'string' || name.trim() !== name || !NAME.test(name) ? `${JSON.stringify(name)} is no name (1-100 characters, trimmed)` : null;

/** Whether the player sits at a table of the tournament (drawn or opened by hand): recorded deals carry his name. */
function seated(state: TournamentState, player: string): boolean {
  return state.tables.some((t) => t.players.includes(player)) || state.draws.some((d) => d.tables.some((t) => t.players.includes(player)));
}

/**
 * L23, the roster kept in the tournament's stream: players entered once each (at most 500 on it),
 * a late player drawn from the next round on; a name corrected only before its player sits at a
 * table; a player removed is not drawn again (his deals stay in the standings).
 */
export function decideRoster(command: RosterCommand, state: TournamentState): Judgement<TournamentEvent[]> {
  const active = activeRoster(state);
  const id = command.tournamentId;
  if (command.type === 'EnterPlayers') {
    if (!Array.isArray(command.players) || command.players.length === 0) return refuse(L.badCommand, 'name at least one player');
    for (const p of command.players) {
      const problem = nameProblem(p);
      if (problem) return refuse(L.roster, problem);
    }
    const twice = command.players.find((p, i) => command.players.indexOf(p) !== i);
    if (twice !== undefined) return refuse(L.roster, `${twice} is named twice`);
    const already = command.players.filter((p) => active.includes(p));
    if (already.length > 0) return refuse(L.roster, `already on the roster of ${id}: ${already.join(', ')}`);
    if (active.length + command.players.length > MAX_ROSTER) return refuse(L.roster, `a roster has at most ${MAX_ROSTER} players (${active.length} now)`);
    return allow([{ type: 'PlayersEntered', data: { players: command.players.slice(), fromRound: lastRound(state) + 1 } }]);
  }
  if (command.type === 'RenamePlayer') {
    if (!active.includes(command.from)) return refuse(L.roster, `${command.from} is not on the roster of ${id}`);
    const problem = nameProblem(command.to);
    if (problem) return refuse(L.roster, problem);
    if (command.to === command.from) return allow([]);
    if (active.includes(command.to)) return refuse(L.roster, `${command.to} is on the roster already`);
    if (seated(state, command.from))
      return refuse(L.roster, `${command.from} sits at a table of ${id} already: the recorded deals keep the name (enter the player anew instead)`);
    return allow([{ type: 'PlayerRenamed', data: { from: command.from, to: command.to } }]);
  }
  if (!active.includes(command.player)) return refuse(L.roster, `${command.player} is not on the roster of ${id}`);
  return allow([{ type: 'PlayerRemoved', data: { player: command.player, afterRound: lastRound(state) } }]);
}

/** L23: with a roster, a draw seats only players on it (not removed, entered by the drawn round). */
export function rosterProblem(state: TournamentState, players: readonly string[], round: number): string | null {
  if (state.roster.length === 0) return null;
  const allowed = new Set(state.roster.filter((r) => r.removedAfterRound === null && r.fromRound <= round).map((r) => r.player));
  const others = players.filter((p) => !allowed.has(p));
  return others.length > 0 ? `not on the roster for round ${round}: ${others.join(', ')}` : null;
}
