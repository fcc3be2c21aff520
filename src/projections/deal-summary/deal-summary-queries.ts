import type Database from 'better-sqlite3';
import type { ReadModelDb } from '../read-model-db';
import { DEAL_PLAYER_TABLE, DEAL_SUMMARY_TABLE } from './deal-summary-projection';
import { countDeals } from './deal-count-query';
import { filterSql } from './deal-filter-sql';
import type { DealFilter, DealPage, DealSummary } from './deal-summary';
import { decodeDealSummary } from './deal-summary-row';

const parse = decodeDealSummary;

type Statement = Database.Statement<unknown[]>;
/**
 * The look-ups by id, prepared once per database (and per number of ids): a replay asks for its
 * deal's summary on every request, and preparing the statement (SQLite parses and plans it) cost
 * more than running it (issue 29 item 6). They only `get` and `all`, never iterate, so one
 * statement can serve every caller.
 */
const byIdStatements = new WeakMap<ReadModelDb, Map<number, Statement>>();
function byIds(db: ReadModelDb, count: number): Statement {
  let statements = byIdStatements.get(db);
  if (!statements) byIdStatements.set(db, (statements = new Map()));
  let statement = statements.get(count);
  if (!statement) {
    const where = count === 1 ? 'deal_id = ?' : `deal_id IN (${Array.from({ length: count }, () => '?').join(',')})`;
    statements.set(count, (statement = db.prepare(`SELECT json FROM ${DEAL_SUMMARY_TABLE} WHERE ${where}`).pluck()));
  }
  return statement;
}

export function getDealSummary(db: ReadModelDb, dealId: string): DealSummary | null {
  const json = byIds(db, 1).get(dealId) as string | undefined;
  return json === undefined ? null : parse(json);
}

export function getDealSummaries(db: ReadModelDb, ids: readonly string[]): (DealSummary | null)[] {
  if (ids.length === 0) return [];
  const found = new Map<string, DealSummary>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const rows = byIds(db, chunk.length).all(...chunk) as string[];
    for (const json of rows) {
      const s = parse(json);
      found.set(s.dealId, s);
    }
  }
  return ids.map((id) => found.get(id) ?? null);
}

export function listTableDeals(db: ReadModelDb, tableId: string): DealSummary[] {
  return (
    db.prepare(`SELECT json FROM ${DEAL_SUMMARY_TABLE} WHERE table_id = ? ORDER BY deal_number, started_at, deal_id`).pluck().all(tableId) as string[]
  ).map(parse);
}

/**
 * The deals of many tables at once (a tournament's list): one query per 500 tables through the
 * table index instead of one per table, each table's deals in listTableDeals' order.
 */
export function listDealsOfTables(db: ReadModelDb, tableIds: readonly string[]): Map<string, DealSummary[]> {
  const out = new Map<string, DealSummary[]>(tableIds.map((id) => [id, []]));
  for (let i = 0; i < tableIds.length; i += 500) {
    const chunk = tableIds.slice(i, i + 500);
    const rows = db
      .prepare(
        `SELECT json FROM ${DEAL_SUMMARY_TABLE} WHERE table_id IN (${chunk.map(() => '?').join(',')}) ORDER BY table_id, deal_number, started_at, deal_id`,
      )
      .pluck()
      .all(...chunk) as string[];
    for (const json of rows) {
      const s = parse(json);
      if (s.tableId !== null) out.get(s.tableId)?.push(s);
    }
  }
  return out;
}

/** The cursor is opaque to clients: base64url of the sort key of the last row. */
export const encodeCursor = (s: { startedAt: string; dealId: string }): string => Buffer.from(JSON.stringify([s.startedAt, s.dealId])).toString('base64url');

export class InvalidCursorError extends Error {
  constructor(cursor: string) {
    super(`invalid cursor ${JSON.stringify(cursor)}`);
    this.name = 'InvalidCursorError';
  }
}

function decodeCursor(cursor: string): [string, string] {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'string') return [v[0], v[1]];
  } catch {
    /* fall through */
  }
  throw new InvalidCursorError(cursor);
}

/**
 * Deals matching a filter, ordered by start time then id (oldest first, or newest first), a page
 * at a time (keyset pagination: `after` is the cursor of any row of an earlier page, e.g. an edge's).
 * Each filter is served by the index made for it, in list order (listPlan), so a page reads about
 * as many rows as it answers; `totalCount` comes from the counters (deal-count-query.ts) and only
 * when asked (`count: false` leaves it 0).
 */
export function queryDeals(db: ReadModelDb, filter: DealFilter, page: { first: number; after?: string; newestFirst?: boolean; count?: boolean }): DealPage {
  const first = Math.max(0, Math.min(Math.floor(page.first), 1000));
  const newest = page.newestFirst === true;
  const cursor = page.after ? decodeCursor(page.after) : undefined;
  const plan = listPlan(filter);
  // A filter its index does not serve whole (a source beside another index) may match rows far apart: none at all is known from the counters.
  const total = page.count !== false || plan.residual ? countDeals(db, filter) : undefined;
  if (total === 0) return { items: [], cursors: [], hasNextPage: false, hasPreviousPage: page.after !== undefined && page.after !== '', totalCount: 0 };
  const { sql, args } = pageSql(filter, newest, cursor);
  const rows = (
    db
      .prepare(sql)
      .pluck()
      .all(...args, first + 1) as string[]
  ).map(parse);
  const items = rows.slice(0, first);
  const [head, last] = [items[0], items[items.length - 1]];
  return {
    items,
    cursors: items.map(encodeCursor),
    startCursor: head ? encodeCursor(head) : undefined,
    endCursor: last ? encodeCursor(last) : undefined,
    hasNextPage: rows.length > first,
    // Keyset pages only look forward: a page that starts after a cursor has rows before it.
    hasPreviousPage: page.after !== undefined && page.after !== '',
    totalCount: page.count === false ? 0 : (total ?? countDeals(db, filter)),
  };
}

/** The statement of a page (its LIMIT the last argument to bind): the filter's index walked in list order from the cursor. */
export function pageSql(filter: DealFilter, newest: boolean, cursor?: readonly [string, string]): { sql: string; args: unknown[] } {
  const plan = listPlan(filter);
  const where = [...plan.where];
  const args = [...plan.args];
  const k = plan.keyAlias;
  if (cursor) {
    where.push(newest ? `(${k}started_at, ${k}deal_id) < (?, ?)` : `(${k}started_at, ${k}deal_id) > (?, ?)`);
    args.push(cursor[0], cursor[1]);
  }
  const order = newest ? `${k}started_at DESC, ${k}deal_id DESC` : `${k}started_at, ${k}deal_id`;
  return { sql: `SELECT s.json FROM ${plan.from} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ${order} LIMIT ?`, args };
}

/** The index a filter's list walks: the narrowest of table, tournament, player (with his game and result), game, result, source, start time. */
export type ListIndex = 'table' | 'tournament' | 'player' | 'game' | 'result' | 'source' | 'order';

export function listIndexOf(filter: DealFilter): ListIndex {
  if (filter.tableId) return 'table';
  if (filter.tournamentId) return 'tournament';
  if (filter.player) return 'player';
  if (filter.gameType) return 'game';
  if (filter.result) return 'result';
  if (filter.source) return 'source';
  return 'order';
}

/** The FROM clause and conditions of a filter's list, walking its index in list order. */
export function listPlan(filter: DealFilter): { from: string; where: string[]; args: unknown[]; keyAlias: string; index: ListIndex; residual: boolean } {
  const index = listIndexOf(filter);
  const residual = filter.source !== undefined && index !== 'source' && index !== 'table' && index !== 'tournament';
  if (index === 'player') {
    // His rows in start order (by game type and result when filtered so), each joined to its summary.
    const dp: string[] = ['dp.player = ?'];
    const dpArgs: unknown[] = [filter.player];
    if (filter.gameType) (dp.push('dp.game_type = ?'), dpArgs.push(filter.gameType));
    if (filter.result) (dp.push('dp.result = ?'), dpArgs.push(filter.result));
    const dates = filterSql({ from: filter.from, to: filter.to }, { alias: 'dp.' });
    const rest = filterSql({ ...filter, gameType: undefined, result: undefined, from: undefined, to: undefined }, { alias: 's.', player: false });
    return {
      from: `${DEAL_PLAYER_TABLE} dp CROSS JOIN ${DEAL_SUMMARY_TABLE} s ON s.deal_id = dp.deal_id`,
      where: [...dp, ...dates.where, ...rest.where],
      args: [...dpArgs, ...dates.args, ...rest.args],
      keyAlias: 'dp.',
      index,
      residual,
    };
  }
  const drive = new Set<string>(['started_at']);
  if (index === 'table') drive.add('table_id');
  if (index === 'tournament') drive.add('tournament_id');
  if (index === 'game') {
    drive.add('game_type');
    if (filter.result) drive.add('result');
  }
  if (index === 'result') drive.add('result');
  if (index === 'source') drive.add('source');
  const { where, args } = filterSql(filter, { alias: 's.', drive });
  return { from: `${DEAL_SUMMARY_TABLE} s`, where, args, keyAlias: 's.', index, residual };
}

/** The part of a filter its list's index serves (the rows the walk reads in order): the cost model counts them. */
export function listPrefixOf(filter: DealFilter): DealFilter {
  const dates = { from: filter.from, to: filter.to };
  switch (listIndexOf(filter)) {
    case 'table':
      return { tableId: filter.tableId };
    case 'tournament':
      return { tournamentId: filter.tournamentId };
    case 'player':
      return { player: filter.player, gameType: filter.gameType, result: filter.result, ...dates };
    case 'game':
      return { gameType: filter.gameType, result: filter.result, ...dates };
    case 'result':
      return { result: filter.result, ...dates };
    case 'source':
      return { source: filter.source, ...dates };
    case 'order':
      return dates;
  }
}
