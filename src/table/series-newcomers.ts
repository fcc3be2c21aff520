import type { TableOpenedData, TablePlayersJoinedData } from './events';

/**
 * An imported series (ISS: three seats, the accounts in them may change) grows its player list
 * with the players of a deal it has not seen yet, so the score sheet has a column for each.
 * Returns the event to append, or null when every player of the deal is at the table already.
 */
export function seriesNewcomers(
  table: Pick<TableOpenedData, 'tableId' | 'players'>,
  dealPlayers: readonly string[],
  source: string,
): { readonly type: 'TablePlayersJoined'; readonly data: TablePlayersJoinedData } | null {
  const newcomers = dealPlayers.filter((p, i) => !table.players.includes(p) && dealPlayers.indexOf(p) === i);
  if (newcomers.length === 0) return null;
  return { type: 'TablePlayersJoined', data: { tableId: table.tableId, players: newcomers, source } };
}
