import type { StartDeal } from '../../deal/commands';
import { allow, refuse, type Judgement } from '../../kernel/refusal';
import type { Seat } from '../../rules/seat';
import type { StartTableDeal } from '../../table/commands';
import type { TableDealOpenedData } from '../../table/events';
import type { TableState } from '../../table/table-state';
import { LEDGER_RULES as L } from '../../deal/ledger-rules';

/**
 * The StartDeal that starts the deal a table opened, with the table's profile and computer seats,
 * and a result entered by names (declarer, a Ramsch by player) turned into seats. Pure: refused
 * with the rule it breaks.
 */
export function startOfTableDeal(table: TableState, opened: TableDealOpenedData, requested: StartTableDeal): Judgement<StartDeal> {
  const t = table.opened!;
  let result = requested.result;
  if (result !== undefined && result.kind === 'game' && requested.declarerName !== undefined) {
    const seat = opened.players.indexOf(requested.declarerName);
    if (seat < 0) {
      const why = opened.sittingOut.includes(requested.declarerName) ? `sits out deal ${opened.dealNumber} (R3/D5)` : `is not at table ${t.tableId}`;
      return refuse('R2', `${requested.declarerName} ${why}: the declarer is one of ${opened.players.join(', ')}`);
    }
    result = { ...result, declarer: seat as Seat };
  }
  if (requested.ramschByName !== undefined) {
    // R42 by name: exactly the three players of this deal, each once; their seats follow from the table.
    if (result !== undefined || requested.cards !== undefined) return refuse(L.badStart, 'a Ramsch is entered by itself: no other result, no cards');
    const lines = requested.ramschByName;
    const names = lines.map((l) => l.player);
    const wrong = names.filter((n) => !opened.players.includes(n));
    if (lines.length !== 3 || new Set(names).size !== 3 || wrong.length > 0)
      return refuse(
        'R2',
        `a Ramsch of deal ${opened.dealNumber} at table ${t.tableId} names each of ${opened.players.join(', ')} once${wrong.length ? ` (${wrong.join(', ')} did not play it)` : ''}`,
      );
    const bySeat = opened.players.map((p) => lines.find((l) => l.player === p) as (typeof lines)[number]);
    result = {
      kind: 'ramsch',
      points: [bySeat[0].points, bySeat[1].points, bySeat[2].points],
      tricks: [bySeat[0].tricks, bySeat[1].tricks, bySeat[2].tricks],
    };
  }
  return allow({
    type: 'StartDeal',
    dealId: opened.dealId,
    tableId: t.tableId,
    tournamentId: t.tournamentId,
    dealNumber: opened.dealNumber,
    dealer: opened.dealer,
    players: opened.players,
    sittingOut: opened.sittingOut,
    computerSeats: ([0, 1, 2] as const).filter((s) => t.computerPlayers.includes(opened.players[s])),
    profileId: t.profileId,
    profileOptions: t.profileOptions,
    ...(requested.cards !== undefined ? { cards: requested.cards } : {}),
    ...(result !== undefined ? { result } : {}),
    startedAt: requested.startedAt,
  });
}
