import { DEAL_SUMMARY_TABLE } from '../projections/deal-summary/deal-summary-projection';
import type { ReadModelDb } from '../projections/read-model-db';

/** The heavy reads the API's cost model asks about. */
export type ReadKind = 'playerStats' | 'scoreSheet' | 'standings' | 'audit' | 'dealList';

export interface ReadCost {
  readonly rows: number;
  readonly known: boolean;
}

/**
 * What a heavy read would cost, for the API's cost model: the rows it reads, counted in SQL
 * (indexes only), and whether its result is already computed at the current log position.
 * Synchronous and without catching up: an estimate, a few events old at worst.
 */
export function readCost(db: ReadModelDb, isKnown: (memoKey: string) => boolean, kind: ReadKind, id: string): ReadCost {
  const memoKey = kind === 'playerStats' ? `playerStats\u0000${id}\u0000` : `${kind}\u0000${id}`;
  const known = kind !== 'dealList' && isKnown(memoKey);
  const count = (sql: string, ...args: string[]) =>
    db
      .prepare(sql)
      .pluck()
      .get(...args) as number;
  const playerDeals = (player: string) =>
    count(
      `SELECT (SELECT count(*) FROM ${DEAL_SUMMARY_TABLE} WHERE p0 = ?) + (SELECT count(*) FROM ${DEAL_SUMMARY_TABLE} WHERE p1 = ?) + (SELECT count(*) FROM ${DEAL_SUMMARY_TABLE} WHERE p2 = ?)`,
      player,
      player,
      player,
    );
  switch (kind) {
    case 'dealList': {
      // A filtered list counts the rows its filter matches: those of the narrowest indexed part (player, table, tournament), else every deal.
      const f = JSON.parse(id) as { player?: string; tableId?: string; tournamentId?: string };
      const narrowed: number[] = [];
      if (f.player) narrowed.push(playerDeals(f.player));
      if (f.tableId) narrowed.push(count(`SELECT count(*) FROM ${DEAL_SUMMARY_TABLE} WHERE table_id = ?`, f.tableId));
      if (f.tournamentId) narrowed.push(count(`SELECT count(*) FROM ${DEAL_SUMMARY_TABLE} WHERE tournament_id = ?`, f.tournamentId));
      return { known: false, rows: narrowed.length ? Math.min(...narrowed) : count(`SELECT count(*) FROM ${DEAL_SUMMARY_TABLE}`) };
    }
    case 'playerStats':
      return { known, rows: playerDeals(id) };
    case 'scoreSheet':
      return { known, rows: count(`SELECT count(*) FROM ${DEAL_SUMMARY_TABLE} WHERE table_id = ?`, id) };
    case 'standings':
      return { known, rows: count(`SELECT count(*) FROM ${DEAL_SUMMARY_TABLE} WHERE tournament_id = ?`, id) };
    case 'audit':
      return { known, rows: 1 };
  }
}
