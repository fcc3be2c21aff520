import { RM, type ReadModelDb } from '../readModelDb';
import type { DealFilter, DealPage, DealSummary } from './dealSummary';
import { decodeDealSummary } from './dealSummaryRow';

const parse = decodeDealSummary;

export function getDealSummary(db: ReadModelDb, dealId: string): DealSummary | null {
  const json = db.prepare(`SELECT json FROM ${RM.deals} WHERE deal_id = ?`).pluck().get(dealId) as string | undefined;
  return json === undefined ? null : parse(json);
}

export function getDealSummaries(db: ReadModelDb, ids: readonly string[]): (DealSummary | null)[] {
  if (ids.length === 0) return [];
  const found = new Map<string, DealSummary>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const rows = db.prepare(`SELECT json FROM ${RM.deals} WHERE deal_id IN (${chunk.map(() => '?').join(',')})`).pluck().all(...chunk) as string[];
    for (const json of rows) {
      const s = parse(json);
      found.set(s.dealId, s);
    }
  }
  return ids.map((id) => found.get(id) ?? null);
}

export function listTableDeals(db: ReadModelDb, tableId: string): DealSummary[] {
  return (db.prepare(`SELECT json FROM ${RM.deals} WHERE table_id = ? ORDER BY deal_number, started_at, deal_id`).pluck().all(tableId) as string[]).map(parse);
}

export function listPlayerDeals(db: ReadModelDb, player: string): DealSummary[] {
  return (
    db.prepare(`SELECT json FROM ${RM.deals} WHERE p0 = ? OR p1 = ? OR p2 = ? ORDER BY started_at, deal_id`).pluck().all(player, player, player) as string[]
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

/** Deals matching a filter, ordered by date then id, a page at a time (keyset pagination). */
export function queryDeals(db: ReadModelDb, filter: DealFilter, page: { first: number; after?: string }): DealPage {
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
  if (filter.from) {
    where.push('started_at >= ?');
    args.push(filter.from);
  }
  if (filter.to) {
    where.push('started_at < ?');
    args.push(filter.to);
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
  const totalCount = db.prepare(`SELECT COUNT(*) FROM ${RM.deals} ${base}`).pluck().get(...args) as number;
  const first = Math.max(0, Math.min(Math.floor(page.first), 1000));
  const pageWhere = [...where];
  const pageArgs = [...args];
  if (page.after) {
    const [startedAt, dealId] = decodeCursor(page.after);
    pageWhere.push('(started_at > ? OR (started_at = ? AND deal_id > ?))');
    pageArgs.push(startedAt, startedAt, dealId);
  }
  const sql = `SELECT json FROM ${RM.deals} ${pageWhere.length ? `WHERE ${pageWhere.join(' AND ')}` : ''} ORDER BY started_at, deal_id LIMIT ?`;
  const rows = (db.prepare(sql).pluck().all(...pageArgs, first + 1) as string[]).map(parse);
  const items = rows.slice(0, first);
  const last = items[items.length - 1];
  return { items, endCursor: last ? encodeCursor(last) : undefined, hasNextPage: rows.length > first, totalCount };
}
