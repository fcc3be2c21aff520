import { getProfile } from '../deal/engine';
import { LEDGER_RULES as L } from '../deal/ledger-rules';
import { allow, refuse, type Judgement } from '../kernel/refusal';
import type { CloseSeries, OpenTable, RequestedSeating, StartTableDeal, TableCommand } from './commands';
import type { TableDealOpenedData, TableEvent } from './events';
import { seatingFor } from './seating';
import type { TableState } from './table-state';

const named = (s: unknown): s is string => typeof s === 'string' && s.trim() !== '';

function decideOpen(command: OpenTable, state: TableState, defaultProfileId: string): Judgement<TableEvent[]> {
  if (state.opened) return refuse(L.alreadyStarted, `table ${command.tableId} is already open`);
  if (!named(command.tableId)) return refuse(L.tableRules, 'a table needs an id');
  const players = command.players;
  if (!Array.isArray(players) || players.length < 3 || players.length > 5 || !players.every(named)) return refuse('D5', 'a table has 3, 4 or 5 named players');
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
  if (n === 5 && (!Number.isInteger(offset) || offset < 1 || offset > 4))
    return refuse('D5', 'at a 5-table the second player sitting out is 1-4 places left of the dealer');
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
        closeWithOpenDisputes: command.closeWithOpenDisputes === true,
        reviewAfterClose: command.reviewAfterClose === true,
      },
    },
  ]);
}

const sameList = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/** Every way a direct startDeal differs from the deal the table dictates, or [] when it matches. */
function differences(requested: RequestedSeating, dictated: TableDealOpenedData): string[] {
  const out: string[] = [];
  if (requested.dealId !== dictated.dealId) out.push(`the deal id is ${dictated.dealId}, not ${requested.dealId}`);
  if (requested.dealNumber !== undefined && requested.dealNumber !== dictated.dealNumber)
    out.push(`this is deal ${dictated.dealNumber}, not ${requested.dealNumber} (R37)`);
  if (requested.dealer !== dictated.dealer) out.push(`${dictated.dealer} deals, not ${requested.dealer} (R37)`);
  if (!sameList(requested.players, dictated.players))
    out.push(`the seats are ${dictated.players.join(', ')} (forehand, middlehand, rearhand), not ${requested.players.join(', ')} (R2/R3)`);
  if (requested.sittingOut !== undefined && !sameList(requested.sittingOut, dictated.sittingOut))
    out.push(`sitting out: ${dictated.sittingOut.join(', ') || 'nobody'}, not ${requested.sittingOut.join(', ') || 'nobody'} (R3/D5)`);
  return out;
}

/** The deal the table dictates next, or a refusal: L13 while the latest deal is open, R36 after the last deal. */
function dictatedDeal(command: StartTableDeal, state: TableState): Judgement<TableDealOpenedData> {
  const table = state.opened!;
  const last = state.deals[state.deals.length - 1];
  if (command.redeal) {
    // R4: a misdeal is dealt again by the same dealer; it does not count as a further game.
    if (!last) return refuse('R4', 'there is no deal to deal again');
    const again = state.deals.filter((d) => d.dealNumber === last.dealNumber).length;
    return allow({
      dealId: `${table.tableId}-${last.dealNumber}-redeal-${again}`,
      dealNumber: last.dealNumber,
      dealer: last.dealer,
      players: last.players,
      sittingOut: last.sittingOut,
      redeal: true,
    });
  }
  const dealNumber = (last?.dealNumber ?? 0) + 1;
  if (dealNumber > table.seriesLength) return refuse('R36', `the series of ${table.seriesLength} deals is complete`);
  const seating = seatingFor(table.players, table.firstDealer, dealNumber, table.fiveTableSitOutOffset);
  return allow({ dealId: `${table.tableId}-${dealNumber}`, dealNumber, ...seating });
}

function decideNextDeal(command: StartTableDeal, state: TableState): Judgement<TableEvent[]> {
  const table = state.opened;
  if (!table) return refuse(L.notStarted, `table ${command.tableId} is not open`);
  // Live seating (R2/R3/R37, D5) needs a fixed list of 3-5; an imported series whose accounts changed has none.
  if (state.joined.length > 0)
    return refuse(
      L.tableRules,
      `table ${command.tableId} is an imported series whose players changed (${state.joined.join(', ')} joined): it takes no live deals`,
    );
  if (state.closed) return refuse(L.seriesClosed, `the series at table ${command.tableId} is closed after ${state.closed.dealsPlayed} deals`);
  const last = state.deals[state.deals.length - 1];
  if (last) {
    // The Ledger read the latest deal's stream; a stale reading (another deal opened since) is refused, not guessed.
    const seen = command.lastDeal;
    if (!seen || seen.dealId !== last.dealId) return refuse(L.openDeal, `deal ${last.dealId} of table ${command.tableId} is still open`);
    if (seen.status === 'open')
      return refuse(
        L.openDeal,
        `deal ${last.dealId} of table ${command.tableId} is still open: the next deal starts when it is scored, passed in or abandoned`,
      );
    if (seen.status === 'missing') {
      // Opened by the table, never started (the start was cut off): that deal is the next one, again.
      if (command.requested) {
        const diff = differences(command.requested, last);
        if (diff.length > 0) return refuse(L.tableDictates, `table ${command.tableId} dictates deal ${last.dealNumber}: ${diff.join('; ')}`);
      }
      return allow([]);
    }
  }
  const dictated = dictatedDeal(command, state);
  if (!dictated.ok) return dictated;
  if (command.requested) {
    const diff = differences(command.requested, dictated.value);
    if (diff.length > 0) return refuse(L.tableDictates, `table ${command.tableId} dictates deal ${dictated.value.dealNumber}: ${diff.join('; ')}`);
  } else if (command.dealId !== undefined && command.dealId !== dictated.value.dealId) {
    return refuse(L.tableDictates, `the deals of table ${command.tableId} are named by the table: the next is ${dictated.value.dealId}, not ${command.dealId}`);
  }
  if (state.deals.some((d) => d.dealId === dictated.value.dealId))
    return refuse(L.alreadyStarted, `deal ${dictated.value.dealId} already belongs to this table`);
  return allow([{ type: 'TableDealOpened', data: dictated.value }]);
}

function decideClose(command: CloseSeries, state: TableState, actorId: string): Judgement<TableEvent[]> {
  const table = state.opened;
  if (!table) return refuse(L.notStarted, `table ${command.tableId} is not open`);
  if (state.closed) return refuse(L.seriesClosed, `the series at table ${command.tableId} is already closed`);
  const last = state.deals[state.deals.length - 1];
  if (last && (!command.lastDeal || command.lastDeal.dealId !== last.dealId || command.lastDeal.status === 'open'))
    return refuse(L.openDeal, `deal ${last.dealId} is still open: a series closes between deals`);
  const dealsPlayed = new Set(state.deals.filter((d) => !(last && command.lastDeal?.status === 'missing' && d.dealId === last.dealId)).map((d) => d.dealNumber))
    .size;
  const reason = typeof command.reason === 'string' && command.reason.trim() !== '' ? command.reason.trim() : null;
  if (dealsPlayed < table.seriesLength && reason === null)
    return refuse('R36', `${dealsPlayed} of ${table.seriesLength} deals played: closing the series early needs a reason`);
  const open = command.openDisputes ?? 0;
  if (open > 0 && table.closeWithOpenDisputes !== true)
    return refuse(L.seriesClosed, `${open} contested deal(s) await the arbiter's ruling; this table closes only when every dispute is ruled`);
  return allow([{ type: 'SeriesClosed', data: { tableId: table.tableId, dealsPlayed, seriesLength: table.seriesLength, closedBy: actorId, reason } }]);
}

/** The table decider: opening a table, and starting its next deal with the rotated seats. */
export function decideTable(command: TableCommand, state: TableState, defaultProfileId: string, actorId = 'unknown'): Judgement<TableEvent[]> {
  switch (command.type) {
    case 'CloseSeries':
      return decideClose(command, state, actorId);
    case 'OpenTable':
      return decideOpen(command, state, defaultProfileId);
    case 'StartTableDeal':
      return decideNextDeal(command, state);
    default:
      return refuse(L.badCommand, 'unknown table command');
  }
}
