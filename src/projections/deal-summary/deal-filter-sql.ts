import type { DealFilter } from './deal-summary';

/** started_at as an instant in toISOString() form, whatever precision it was stored with. */
const INSTANT = "strftime('%Y-%m-%dT%H:%M:%fZ', started_at)";

/**
 * The SQL condition of a filter over the deal-summary columns (alias `s.` when given). `drive`
 * names the columns the caller's index is to serve; every other column is compared as an
 * expression (`+col`), so SQLite never walks another index and sorts (a player's OR over three
 * seat columns, say) where the chosen one gives the rows in list order.
 */
export function filterSql(
  filter: DealFilter,
  options: { alias?: string; drive?: ReadonlySet<string>; player?: boolean; dates?: boolean } = {},
): { where: string[]; args: unknown[] } {
  const a = options.alias ?? '';
  const col = (name: string): string => (options.drive?.has(name) ? `${a}${name}` : `+${a}${name}`);
  const where: string[] = [];
  const args: unknown[] = [];
  if (filter.player && options.player !== false) {
    where.push(`(+${a}p0 = ? OR +${a}p1 = ? OR +${a}p2 = ?)`);
    args.push(filter.player, filter.player, filter.player);
  }
  if (filter.tableId) {
    where.push(`${col('table_id')} = ?`);
    args.push(filter.tableId);
  }
  if (filter.tournamentId) {
    where.push(`${col('tournament_id')} = ?`);
    args.push(filter.tournamentId);
  }
  if (filter.hiddenTournaments?.length) {
    where.push(`(+${a}tournament_id IS NULL OR +${a}tournament_id NOT IN (${filter.hiddenTournaments.map(() => '?').join(', ')}))`);
    args.push(...filter.hiddenTournaments);
  }
  if (filter.gameType) {
    where.push(`${col('game_type')} = ?`);
    args.push(filter.gameType);
  }
  if (filter.source) {
    where.push(`${col('source')} = ?`);
    args.push(filter.source);
  }
  if (filter.result) {
    where.push(`${col('result')} = ?`);
    args.push(filter.result);
  }
  if (options.dates !== false) {
    const dates = dateSql(filter, `${a}started_at`, INSTANT.replace('started_at', `${a}started_at`));
    where.push(...dates.where);
    args.push(...dates.args);
  }
  return { where, args };
}

/**
 * Start times are stored as written (ISS records to the second, live deals to the millisecond),
 * so text order is not instant order within a second. The bound on the stored text (its second,
 * index-friendly) is widened to the whole second, and the exact test compares normalised instants.
 */
export function dateSql(filter: Pick<DealFilter, 'from' | 'to'>, column: string, instant: string): { where: string[]; args: unknown[] } {
  const where: string[] = [];
  const args: unknown[] = [];
  if (filter.from) {
    where.push(`${column} >= ? AND ${instant} >= ?`);
    args.push(filter.from.slice(0, 19), filter.from);
  }
  if (filter.to) {
    where.push(`${column} < ? AND ${instant} < ?`);
    args.push(`${filter.to.slice(0, 19)}~`, filter.to);
  }
  return { where, args };
}
