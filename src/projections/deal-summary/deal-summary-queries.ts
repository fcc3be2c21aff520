import type { ReadModelDb } from '../read-model-db';
import { DEAL_SUMMARY_TABLE } from './deal-summary-projection';
import type { DealFilter, DealPage, DealSummary } from './deal-summary';
import { decodeDealSummary } from './deal-summary-row';

const parse = decodeDealSummary;

export function getDealSummary(db: ReadModelDb, dealId: string): DealSummary | null {
  const json = db.prepare(`SELECT json FROM ${DEAL_SUMMARY_TABLE} WHERE deal_id = ?`).pluck().get(dealId) as string | undefined;
  return json === undefined ? null : parse(json);
}

export function getDealSummaries(db: ReadModelDb, ids: readonly string[]): (DealSummary | null)[] {
  if (ids.length === 0) return [];
  const found = new Map<string, DealSummary>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const rows = db
      .prepare(`SELECT json FROM ${DEAL_SUMMARY_TABLE} WHERE deal_id IN (${chunk.map(() => '?').join(',')})`)
      .pluck()
      .all(...chunk) as string[];
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

export function listPlayerDeals(db: ReadModelDb, player: string): DealSummary[] {
  return (
    db
      .prepare(`SELECT json FROM ${DEAL_SUMMARY_TABLE} WHERE p0 = ? OR p1 = ? OR p2 = ? ORDER BY started_at, deal_id`)
      .pluck()
      .all(player, player, player) as string[]
  ).map(parse);
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

/** started_at as an instant in toISOString() form, whatever precision it was stored with. */
const INSTANT = "strftime('%Y-%m-%dT%H:%M:%fZ', started_at)";

/**
 * Deals matching a filter, ordered by start time then id (oldest first, or newest first), a page
 * at a time (keyset pagination: `after` is the cursor of any row of an earlier page, e.g. an edge's).
 */
export function queryDeals(db: ReadModelDb, filter: DealFilter, page: { first: number; after?: string; newestFirst?: boolean }): DealPage {
  const where: string[] = [];
  const args: unknown[] = [];
  if (filter.player) {
    where.push('(p0 = ? OR p1 = ? OR p2 = ?)');
    args.push(filter.player, filter.player, filter.player);
  }
  if (filter.tableId) {
    where.push('table_id = ?');
    args.push(filter.tableId);
  }
  if (filter.tournamentId) {
    where.push('tournament_id = ?');
    args.push(filter.tournamentId);
  }
  if (filter.hiddenTournaments?.length) {
    where.push(`(tournament_id IS NULL OR tournament_id NOT IN (${filter.hiddenTournaments.map(() => '?').join(', ')}))`);
    args.push(...filter.hiddenTournaments);
  }
  if (filter.gameType) {
    where.push('game_type = ?');
    args.push(filter.gameType);
  }
  if (filter.source) {
    where.push('source = ?');
    args.push(filter.source);
  }
  // Start times are stored as written (ISS records to the second, live deals to the millisecond),
  // so text order is not instant order within a second. The bound on the stored text (its second,
  // index-friendly) is widened to the whole second, and the exact test compares normalised instants.
  if (filter.from) {
    where.push(`started_at >= ? AND ${INSTANT} >= ?`);
    args.push(filter.from.slice(0, 19), filter.from);
  }
  if (filter.to) {
    where.push(`started_at < ? AND ${INSTANT} < ?`);
    args.push(`${filter.to.slice(0, 19)}~`, filter.to);
  }
  switch (filter.result) {
    case 'won':
      where.push("status = 'scored' AND won = 1");
      break;
    case 'lost':
      where.push("status = 'scored' AND won = 0");
      break;
    case 'passedIn':
      where.push("status = 'passedIn'");
      break;
    case 'notScoreable':
      where.push("status = 'notScoreable'");
      break;
    case 'inProgress':
      where.push("status = 'inProgress'");
      break;
    default:
      break;
  }
  const base = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const totalCount = db
    .prepare(`SELECT COUNT(*) FROM ${DEAL_SUMMARY_TABLE} ${base}`)
    .pluck()
    .get(...args) as number;
  const first = Math.max(0, Math.min(Math.floor(page.first), 1000));
  const pageWhere = [...where];
  const pageArgs = [...args];
  const newest = page.newestFirst === true;
  if (page.after) {
    const [startedAt, dealId] = decodeCursor(page.after);
    pageWhere.push(newest ? '(started_at < ? OR (started_at = ? AND deal_id < ?))' : '(started_at > ? OR (started_at = ? AND deal_id > ?))');
    pageArgs.push(startedAt, startedAt, dealId);
  }
  const order = newest ? 'started_at DESC, deal_id DESC' : 'started_at, deal_id';
  const sql = `SELECT json FROM ${DEAL_SUMMARY_TABLE} ${pageWhere.length ? `WHERE ${pageWhere.join(' AND ')}` : ''} ORDER BY ${order} LIMIT ?`;
  const rows = (
    db
      .prepare(sql)
      .pluck()
      .all(...pageArgs, first + 1) as string[]
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
    totalCount,
  };
}
