import type { ComplexityEstimator } from 'graphql-query-complexity';
import { listSizeEstimator } from './list-size-estimator';

/**
 * The cost of the read models that read and compute in proportion to the data (issue 13): a
 * player's statistics (per deal of the player), a score sheet (per deal of the table), standings
 * (per deal of the tournament) and an audit (hash chain and rescoring of one deal). One unit is
 * about 12 µs of server CPU on the project's shared two-core machine (fitted with `npm run bench --
 * abuse` on a 100,000-deal store), so the default limit of 5,000 is ≈ 60 ms of CPU: the worst
 * admissible request leaves room within 100 ms for a machine that is not idle.
 *
 * A read model is computed once per request and log position (Ledger memo), so the first alias
 * with given arguments pays for the computation and every alias pays for its output; one already
 * computed at the current position costs only its output.
 */
export interface ReadCosts {
  /**
   * `cachedRows`: rows whose part is kept already (a list of tables: deals of tables whose sheet is kept); `buildRows`: of
   * a player's statistics, the deals of the sheets it would build (his tables' sheets not kept; all his deals if unknown).
   */
  readCost(kind: HeavyRead, id: string): { readonly rows: number; readonly known: boolean; readonly cachedRows?: number; readonly buildRows?: number };
}

export type HeavyRead = 'playerStats' | 'scoreSheet' | 'standings' | 'audit' | 'dealList' | 'tables' | 'tournaments';

/** Units per row read, and the fixed part, of each heavy read model when computed. */
export const READ_COST = {
  // Fitted on a 100,000-deal store (npm run bench -- abuse, shared machine): ≈ 5.5 µs of CPU per deal of the player with his
  // series' sheets kept (2,016 deals: 11 ms), 30-50 µs with every sheet to build (61-102 ms): the rest is per deal of a sheet.
  playerStatsPerDeal: 0.5,
  playerSheetPerDeal: 3.5,
  // A deal list: its count, page query and connection (≈ 0.2 ms of CPU per alias measured: 294 aliases, 52-72 ms); filtered, it reads the rows its filter
  // matches: ≈ 1.7 µs per deal of the player (table, tournament) named, else ≈ 0.8 µs per deal of the store (a filter by
  // result, game, source or date alone scans the store twice: once to count, once to sort the page; 80 ms on 100,000 deals).
  dealList: 20,
  dealListPerRow: 0.15,
  dealListPerStoredDeal: 0.07,
  // ≈ 1.1-1.5 ms of CPU per 36-deal sheet with its rows measured (56 aliased sheets: 67 ms; 47: 51-72 ms).
  scoreSheetPerDeal: 2.5,
  // A list of tables (or tournaments with their tables) builds each table's sheet and status: ≈ 30 µs of CPU per deal of a
  // table whose sheet is not kept (500 ISS series: 534 ms), ≈ 6 µs per deal of one whose sheet is kept (106 ms).
  tableStatusPerDeal: 2.5,
  keptTableStatusPerDeal: 0.5,
  // Standings read the tournament's sheets, kept per table between deals (tournament bench: 1.2 ms for 500 players).
  standingsPerDeal: 0.5,
  // ≈ 3-4 ms of CPU each (21 aliased audits: 88 ms, 13: 41-51 ms).
  audit: 350,
  fixed: 5,
} as const;

const HEAVY: Record<string, { kind: HeavyRead; arg: string } | undefined> = {
  'Query.playerStats': { kind: 'playerStats', arg: 'player' },
  'Query.scoreSheet': { kind: 'scoreSheet', arg: 'tableId' },
  'Query.standings': { kind: 'standings', arg: 'tournamentId' },
  'Query.audit': { kind: 'audit', arg: 'dealId' },
};

/**
 * One estimator per request: it remembers which read models the request already paid for.
 * `dynamic` turns true once the cost depended on the data (such costs are not cached).
 */
export function readModelCostEstimator(costs: ReadCosts): ComplexityEstimator & { dynamic: boolean } {
  const paid = new Set<string>();
  const lists = listSizeEstimator();
  const estimator = ((options) => {
    const { type, field, args, childComplexity } = options;
    const name = `${type.name}.${field.name}`;
    if (name === 'Query.deals') {
      const filter = (args.filter ?? {}) as Record<string, unknown>;
      const page = READ_COST.dealList + (lists(options) ?? 1 + childComplexity);
      if (!Object.values(filter).some((v) => v !== undefined && v !== null)) return page; // unfiltered: the count is a lookup
      estimator.dynamic = true;
      const indexed = { player: filter.player, tableId: filter.tableId, tournamentId: filter.tournamentId };
      const narrowed = Object.values(indexed).some((v) => typeof v === 'string');
      const { rows } = costs.readCost('dealList', JSON.stringify(indexed));
      return Math.ceil(rows * (narrowed ? READ_COST.dealListPerRow : READ_COST.dealListPerStoredDeal)) + page;
    }
    if (name === 'Query.tables' || name === 'Query.tournaments') {
      estimator.dynamic = true;
      const limit = typeof args.first === 'number' ? args.first : 100;
      const tournamentId = typeof args.tournamentId === 'string' ? args.tournamentId : null;
      const { rows, cachedRows = 0 } = costs.readCost(name === 'Query.tables' ? 'tables' : 'tournaments', JSON.stringify({ tournamentId, limit }));
      const build = Math.ceil(rows * READ_COST.tableStatusPerDeal + cachedRows * READ_COST.keptTableStatusPerDeal);
      return READ_COST.fixed + build + (lists(options) ?? 1 + childComplexity);
    }
    if (name === 'Deal.audit') return READ_COST.audit + childComplexity * 5; // per deal of a list: no id to look up
    const heavy = HEAVY[name];
    if (!heavy) return undefined;
    const id = args[heavy.arg];
    if (typeof id !== 'string') return undefined;
    estimator.dynamic = true;
    const key = `${heavy.kind}\u0000${id}`;
    const { rows, known, buildRows } = costs.readCost(heavy.kind, id);
    const compute = known || paid.has(key) ? 0 : READ_COST.fixed + computeCost(heavy.kind, rows, buildRows);
    paid.add(key);
    return 1 + compute + childComplexity * outputFactor(heavy.kind, rows);
  }) as ComplexityEstimator & { dynamic: boolean };
  estimator.dynamic = false;
  return estimator;
}

function computeCost(kind: HeavyRead, rows: number, buildRows = rows): number {
  switch (kind) {
    case 'playerStats':
      return Math.ceil(rows * READ_COST.playerStatsPerDeal + buildRows * READ_COST.playerSheetPerDeal);
    case 'scoreSheet':
      return Math.ceil(rows * READ_COST.scoreSheetPerDeal);
    case 'standings':
      return Math.ceil(rows * READ_COST.standingsPerDeal);
    case 'audit':
      return READ_COST.audit;
    case 'dealList':
      return Math.ceil(rows * READ_COST.dealListPerRow);
    case 'tables':
    case 'tournaments':
      return Math.ceil(rows * READ_COST.tableStatusPerDeal);
  }
}

/** How many times its selection an answer repeats: a sheet has a row per deal, an audit ~45 events. */
function outputFactor(kind: HeavyRead, rows: number): number {
  if (kind === 'scoreSheet') return Math.max(1, Math.ceil(rows / 10));
  if (kind === 'audit') return 5;
  return 1;
}
