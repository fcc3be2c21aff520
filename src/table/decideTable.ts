import { getProfile } from '../deal/engine';
import { LEDGER_RULES as L } from '../deal/ledgerRules';
import { allow, refuse, type Judgement } from '../rules/refusal';
import type { OpenTable, StartTableDeal, TableCommand } from './commands';
import type { TableEvent } from './events';
import { seatingFor } from './seating';
import type { TableState } from './tableState';

const named = (s: unknown): s is string => typeof s === 'string' && s.trim() !== '';

function decideOpen(command: OpenTable, state: TableState, defaultProfileId: string): Judgement<TableEvent[]> {
  if (state.opened) return refuse(L.alreadyStarted, `table ${command.tableId} is already open`);
  if (!named(command.tableId)) return refuse(L.tableRules, 'a table needs an id');
  const players = command.players;
  if (!Array.isArray(players) || players.length < 3 || players.length > 5 || !players.every(named))
    return refuse('D5', 'a table has 3, 4 or 5 named players');
  if (new Set(players).size !== players.length) return refuse('D5', 'the players of a table must be different');
  if (!players.includes(command.firstDealer)) return refuse('R37', 'the first dealer must sit at the table');
  const profileId = command.profileId ?? defaultProfileId;
  let profile;
  try {
    profile = getProfile(profileId, command.profileOptions ?? {});
  } catch (e) {
    return refuse(L.unknownProfile, (e as Error).message);
  }
  const n = players.length as 3 | 4 | 5;
  const seriesLength = command.seriesLength ?? profile.seriesLength[n];
  if (!Number.isInteger(seriesLength) || seriesLength < 1) return refuse('R36', 'the series length is a positive number of deals');
  const offset = command.fiveTableSitOutOffset ?? 3;
  if (n === 5 && (!Number.isInteger(offset) || offset < 1 || offset > 4)) return refuse('D5', 'at a 5-table the second player sitting out is 1-4 places left of the dealer');
  const computerPlayers = command.computerPlayers ?? [];
  if (!computerPlayers.every((p) => players.includes(p))) return refuse('D5', 'computer players must sit at the table');
  return allow([
    {
      type: 'TableOpened',
      data: {
        tableId: command.tableId,
        players: players.slice(),
        firstDealer: command.firstDealer,
        profileId,
        profileOptions: command.profileOptions ?? {},
        profileVersion: profile.version,
        seriesLength,
        fiveTableSitOutOffset: offset,
        computerPlayers: computerPlayers.slice(),
        tournamentId: command.tournamentId ?? null,
        round: command.round ?? null,
      },
    },
  ]);
}

function decideNextDeal(command: StartTableDeal, state: TableState): Judgement<TableEvent[]> {
  const table = state.opened;
  if (!table) return refuse(L.notStarted, `table ${command.tableId} is not open`);
  // Live seating (R2/R3/R37, D5) needs a fixed list of 3-5; an imported series whose accounts changed has none.
  if (state.joined.length > 0) return refuse(L.tableRules, `table ${command.tableId} is an imported series whose players changed (${state.joined.join(', ')} joined): it takes no live deals`);
  const last = state.deals[state.deals.length - 1];
  if (command.redeal) {
    // R4: a misdeal is dealt again by the same dealer; it does not count as a further game.
    if (!last) return refuse('R4', 'there is no deal to deal again');
    const again = state.deals.filter((d) => d.dealNumber === last.dealNumber).length;
    const dealId = command.dealId ?? `${table.tableId}-${last.dealNumber}-redeal-${again}`;
    if (state.deals.some((d) => d.dealId === dealId)) return refuse(L.alreadyStarted, `deal ${dealId} already belongs to this table`);
    return allow([{ type: 'TableDealOpened', data: { dealId, dealNumber: last.dealNumber, dealer: last.dealer, players: last.players, sittingOut: last.sittingOut, redeal: true } }]);
  }
  const dealNumber = (last?.dealNumber ?? 0) + 1;
  if (dealNumber > table.seriesLength) return refuse('R36', `the series of ${table.seriesLength} deals is complete`);
  const seating = seatingFor(table.players, table.firstDealer, dealNumber, table.fiveTableSitOutOffset);
  const dealId = command.dealId ?? `${table.tableId}-${dealNumber}`;
  if (state.deals.some((d) => d.dealId === dealId)) return refuse(L.alreadyStarted, `deal ${dealId} already belongs to this table`);
  return allow([{ type: 'TableDealOpened', data: { dealId, dealNumber, ...seating } }]);
}

/** The table decider: opening a table, and starting its next deal with the rotated seats. */
export function decideTable(command: TableCommand, state: TableState, defaultProfileId: string): Judgement<TableEvent[]> {
  switch (command.type) {
    case 'OpenTable':
      return decideOpen(command, state, defaultProfileId);
    case 'StartTableDeal':
      return decideNextDeal(command, state);
    default:
      return refuse(L.badCommand, 'unknown table command');
  }
}
