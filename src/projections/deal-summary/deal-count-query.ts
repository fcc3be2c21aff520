/**
 * How many deals match a filter, from the counters kept beside the summaries (deal_count): a
 * filter by player, game type, result, source and dates sums the counters of the fewest whole
 * periods (years, months, days) its range covers, and counts the rows of the part days at its
 * ends through the start-time index. A filter naming a table or a tournament counts its rows
 * through that index. Deals of hidden tournaments are counted through the tournament index and
 * taken off. No count reads more than a table's or tournament's deals, two days' deals and a few
 * hundred counters.
 */
import type { ReadModelDb } from '../read-model-db';
import { DEAL_COUNT_TABLE, DEAL_PLAYER_TABLE, DEAL_SUMMARY_TABLE } from './deal-summary-projection';
import type { DealFilter } from './deal-summary';
import { filterSql } from './deal-filter-sql';

const DAY = 86_400_000;
const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Whole periods covering the days [d0, d1) (UTC midnights), fewest first: days up to a month, months up to a year, years, and back. */
export function periodsOf(d0: number, d1: number): string[] {
  const out: string[] = [];
  let c = d0;
  while (c < d1) {
    const date = new Date(c);
    const nextYear = Date.UTC(date.getUTCFullYear() + 1, 0, 1);
    const nextMonth = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
    if (date.getUTCMonth() === 0 && date.getUTCDate() === 1 && nextYear <= d1) {
      out.push(isoDay(c).slice(0, 4));
      c = nextYear;
    } else if (date.getUTCDate() === 1 && nextMonth <= d1) {
      out.push(isoDay(c).slice(0, 7));
      c = nextMonth;
    } else {
      out.push(isoDay(c));
      c += DAY;
    }
  }
  return out;
}

const ceilDay = (ms: number): number => Math.ceil(ms / DAY) * DAY;
const floorDay = (ms: number): number => Math.floor(ms / DAY) * DAY;

/** The plan of a count: counters of whole periods, and the part days at the ends counted by rows. */
export interface CountPlan {
  readonly periods: readonly string[];
  readonly edges: readonly { from: string; to: string }[];
}

/** How a date range is counted; undefined ends are the store's first and last deal. */
export function countPlan(db: ReadModelDb, filter: Pick<DealFilter, 'from' | 'to'>): CountPlan {
  if (!filter.from && !filter.to) return { periods: [''], edges: [] };
  const bound = (order: 'ASC' | 'DESC') =>
    db.prepare(`SELECT started_at FROM ${DEAL_SUMMARY_TABLE} ORDER BY started_at ${order} LIMIT 1`).pluck().get() as string | undefined;
  const f = filter.from ? Date.parse(filter.from) : Date.parse(bound('ASC') ?? '');
  const t = filter.to ? Date.parse(filter.to) : Date.parse(bound('DESC') ?? '') + 2 * DAY;
  if (Number.isNaN(f) || Number.isNaN(t) || f >= t) return { periods: [], edges: [] };
  // Text bounds a second wide at the ends of an open range: start the whole first day.
  const from = filter.from ? f : floorDay(f);
  const to = filter.to ? t : floorDay(t);
  const d0 = ceilDay(from);
  const d1 = floorDay(to);
  if (d0 >= d1) return { periods: [], edges: [{ from: new Date(from).toISOString(), to: new Date(to).toISOString() }] };
  const edges: { from: string; to: string }[] = [];
  if (from < d0) edges.push({ from: new Date(from).toISOString(), to: new Date(d0).toISOString() });
  if (d1 < to) edges.push({ from: new Date(d1).toISOString(), to: new Date(to).toISOString() });
  return { periods: periodsOf(d0, d1), edges };
}

/** Rows a count reads, for the cost model: counters summed and deal rows counted. */
export interface CountWork {
  readonly count: number;
  readonly counters: number;
  readonly rows: number;
}

/** How many deals match the filter (those of hidden tournaments left out). */
export function countDeals(db: ReadModelDb, filter: DealFilter): number {
  return countDealsWork(db, filter).count;
}

export function countDealsWork(db: ReadModelDb, filter: DealFilter): CountWork {
  const rowCount = (sql: string, args: unknown[]) =>
    db
      .prepare(sql)
      .pluck()
      .get(...args) as number;
  if (filter.tableId || filter.tournamentId) {
    const drive = new Set([filter.tableId ? 'table_id' : 'tournament_id']);
    const { where, args } = filterSql(filter, { drive });
    const count = rowCount(`SELECT count(*) FROM ${DEAL_SUMMARY_TABLE} WHERE ${where.join(' AND ')}`, args);
    return { count, counters: 0, rows: count };
  }
  const plan = countPlan(db, filter);
  let count = 0;
  let counters = 0;
  let rows = 0;
  if (plan.periods.length > 0) {
    const where = ['player = ?', `period IN (${plan.periods.map(() => '?').join(', ')})`];
    const args: unknown[] = [filter.player ?? '', ...plan.periods];
    if (filter.source) (where.push('source = ?'), args.push(filter.source));
    if (filter.gameType) (where.push('game = ?'), args.push(filter.gameType));
    if (filter.result) (where.push('result = ?'), args.push(filter.result));
    const row = db.prepare(`SELECT coalesce(sum(n), 0) AS n, count(*) AS c FROM ${DEAL_COUNT_TABLE} WHERE ${where.join(' AND ')}`).get(...args) as {
      n: number;
      c: number;
    };
    count += row.n;
    counters += row.c;
  }
  const rest: DealFilter = { ...filter, hiddenTournaments: undefined };
  for (const edge of plan.edges) {
    const n = countRows(db, { ...rest, from: edge.from, to: edge.to });
    count += n;
    rows += n;
  }
  if (filter.hiddenTournaments?.length) {
    // The hidden tournaments' own deals matching the filter, through the tournament index.
    const { where, args } = filterSql({ ...rest }, {});
    where.push(`tournament_id IN (${filter.hiddenTournaments.map(() => '?').join(', ')})`);
    const hidden = rowCount(`SELECT count(*) FROM ${DEAL_SUMMARY_TABLE} WHERE ${where.join(' AND ')}`, [...args, ...filter.hiddenTournaments]);
    count -= hidden;
    rows += hidden;
  }
  return { count, counters, rows };
}

/** Counts matching rows over a short date range: a player's through his rows in start order, others through the start-time index. */
function countRows(db: ReadModelDb, filter: DealFilter): number {
  if (filter.player) {
    const { where, args } = filterSql(filter, { alias: 's.', player: false, dates: false });
    const dates = filterSql({ from: filter.from, to: filter.to }, { alias: 'dp.' });
    return db
      .prepare(
        `SELECT count(*) FROM ${DEAL_PLAYER_TABLE} dp CROSS JOIN ${DEAL_SUMMARY_TABLE} s ON s.deal_id = dp.deal_id WHERE ${['dp.player = ?', ...dates.where, ...where].join(' AND ')}`,
      )
      .pluck()
      .get(filter.player, ...dates.args, ...args) as number;
  }
  const { where, args } = filterSql(filter, { drive: new Set(['started_at']) });
  return db
    .prepare(`SELECT count(*) FROM ${DEAL_SUMMARY_TABLE} WHERE ${where.join(' AND ')}`)
    .pluck()
    .get(...args) as number;
}
