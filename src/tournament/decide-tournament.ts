import { getProfile } from '../deal/engine';
import { LEDGER_RULES as L } from '../deal/ledger-rules';
import { allow, refuse, type Judgement } from '../kernel/refusal';
import type { TournamentCommand } from './commands';
import { judgeRoundStart, tablesOfRound } from './round-order';
import { decideCloseRound, decideCloseTournament } from './round-close';
import { decideRoster, rosterProblem } from './roster-decide';
import { keepTriosApart, shuffleBySeed, splitIntoTables } from './seat-draw';
import type { TournamentEvent } from './events';
import type { TournamentState } from './tournament-state';

export type TournamentDecision =
  | TournamentCommand
  | {
      readonly type: 'AddTournamentTable';
      readonly tournamentId: string;
      readonly tableId: string;
      readonly round: number;
      readonly players: readonly string[];
      /** The previous round's open series, when this table would begin a new round (the Ledger fills it). */
      readonly openSeries?: readonly string[];
    };

function decideLossFee(command: Extract<TournamentCommand, { type: 'SetLossFee' }>): Judgement<TournamentEvent[]> {
  const cents = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 100_000;
  if (!cents(command.feeCents)) return refuse('R35', 'the loss fee is a whole number of cents from 0 to 100000');
  if (command.fromFourthLostGameCents !== null && !cents(command.fromFourthLostGameCents))
    return refuse('R35', 'the fee from the 4th lost game is a whole number of cents from 0 to 100000, or none');
  return allow([{ type: 'LossFeeSet', data: { feeCents: command.feeCents, fromFourthLostGameCents: command.fromFourthLostGameCents } }]);
}

function decideDraw(command: Extract<TournamentCommand, { type: 'DrawSeats' }>, state: TournamentState): Judgement<TournamentEvent[]> {
  if (!Number.isInteger(command.round) || command.round < 1) return refuse('R36', 'a round is numbered from 1');
  if (state.draws.some((d) => d.round === command.round) || state.tables.some((t) => t.round === command.round))
    return refuse(L.alreadyStarted, `round ${command.round} of tournament ${command.tournamentId} already has its tables`);
  const order = judgeRoundStart(state, command.tournamentId, command);
  if (!order.ok) return order;
  const players = command.players;
  if (new Set(players).size !== players.length) return refuse('D5', 'each player is drawn once');
  const off = rosterProblem(state, players, command.round);
  if (off) return refuse(L.roster, off);
  let seed: string | null = null;
  let ordered: readonly string[];
  if (command.method === 'random') {
    if (typeof command.seed !== 'string' || command.seed.trim() === '') return refuse(L.badCommand, 'a random draw records its seed');
    seed = command.seed;
    ordered = shuffleBySeed(players, seed);
  } else if (command.method === 'standings') {
    // By standings: the best-placed players sit together (1-3 or 1-4 at the first table, and so on).
    ordered = players;
  } else {
    return refuse(L.badCommand, 'a seat draw is random or by standings');
  }
  const split = splitIntoTables(ordered);
  if (!split) return refuse('D5', `${players.length} players cannot be seated at tables of 3, 4 or 5`);
  // No three players of one table of the last round meet again, where the roster allows it.
  const { tables, repeated } = keepTriosApart(split, tablesOfRound(state, command.round - 1));
  const tableIds = tables.map((_, i) => `${command.tournamentId}-r${command.round}-t${i + 1}`);
  return allow([
    {
      type: 'SeatsDrawn',
      data: {
        round: command.round,
        method: command.method,
        seed,
        tables: tables.map((p, i) => ({ tableId: tableIds[i], players: p })),
        ...(order.value ? { override: order.value } : {}),
        ...(repeated.length > 0 ? { repeatedTrios: repeated.map((i) => tableIds[i]) } : {}),
      },
    },
  ]);
}

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
    if (command.rounds !== undefined && (!Number.isInteger(command.rounds) || command.rounds < 1 || command.rounds > 100))
      return refuse('R36', 'a tournament plays 1 to 100 rounds');
    if (command.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(command.date)) return refuse(L.badCommand, 'the date is YYYY-MM-DD');
    const lengths = command.seriesLengths ?? {};
    for (const [size, n] of Object.entries(lengths))
      if (!['3', '4', '5'].includes(size) || !Number.isInteger(n) || (n as number) < 1 || (n as number) > 200)
        return refuse('R36', `a series at a table of ${size} has 1 to 200 deals, not ${String(n)}`);
    const options = command.houseOptions ?? [];
    try {
      getProfile(profileId, Object.fromEntries(options.map((o) => [o, true])));
    } catch (e) {
      return refuse(L.unknownProfile, (e as Error).message);
    }
    return allow([
      {
        type: 'TournamentCreated',
        data: {
          tournamentId: command.tournamentId,
          name: command.name,
          profileId,
          rounds: command.rounds ?? null,
          ...(command.date !== undefined ? { date: command.date } : {}),
          ...(Object.keys(lengths).length > 0 ? { seriesLengths: { ...lengths } } : {}),
          ...(options.length > 0 ? { houseOptions: options.slice() } : {}),
        },
      },
    ]);
  }
  if (!state.created) return refuse(L.notStarted, `tournament ${command.tournamentId} does not exist`);
  if (command.type === 'AddTournamentTable' && state.tables.some((t) => t.tableId === command.tableId)) return allow([]);
  if (state.closed) return refuse(L.tournamentClosed, `tournament ${command.tournamentId} is closed (after round ${state.closed.rounds})`);
  if (command.type === 'SetLossFee') return decideLossFee(command);
  if (command.type === 'DrawSeats') return decideDraw(command, state);
  if (command.type === 'CloseRound') return decideCloseRound(command, state);
  if (command.type === 'CloseTournament') return decideCloseTournament(command, state);
  if (command.type === 'EnterPlayers' || command.type === 'RenamePlayer' || command.type === 'RemovePlayer') return decideRoster(command, state);
  if (!Number.isInteger(command.round) || command.round < 1) return refuse('R36', 'a table belongs to a round (series) numbered from 1');
  if (state.closedRounds.includes(command.round))
    return refuse(L.roundClose, `round ${command.round} of tournament ${command.tournamentId} is closed: it takes no further table`);
  const order = judgeRoundStart(state, command.tournamentId, command);
  if (!order.ok) return order;
  return allow([{ type: 'TournamentTableAdded', data: { tableId: command.tableId, round: command.round, players: command.players.slice() } }]);
}
