import { Kind, type FieldNode, type SelectionSetNode } from 'graphql';
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
  readCost(
    kind: HeavyRead,
    id: string,
  ): {
    readonly rows: number;
    readonly known: boolean;
    readonly cachedRows?: number;
    readonly buildRows?: number;
    readonly counters?: number;
    readonly countRows?: number;
  };
  /** The same for an answer as of a moment (`refolds`: rows folded again from their stream); may throw for a bad moment. */
  asOfReadCost?(
    kind: HeavyRead,
    id: string,
    asOf: { position: string } | { time: string },
  ): { readonly rows: number; readonly refolds?: number; readonly buildRows?: number; readonly cachedRows?: number; readonly snapshots?: number };
  /**
   * Ratings as of a moment: answered from the models' steps (`steps`, a leaderboard visiting each of `players`), else by
   * folding the rating log's `entries` up to it (none when nothing rated moved since); may throw for a bad moment.
   */
  ratingsAsOfCost?(asOf: { position: string } | { time: string }): RatingsWork;
}

/** What ratings as of a moment take: the steps at a position (`steps`, not null), or the fold of `entries`. */
type RatingsWork = { readonly entries: number; readonly steps?: string | null; readonly players?: number };

export type HeavyRead = 'playerStats' | 'scoreSheet' | 'standings' | 'audit' | 'dealList' | 'tables' | 'tournaments';

/** Units per row read, and the fixed part, of each heavy read model when computed. */
export const READ_COST = {
  // Fitted on a 100,000-deal store (npm run bench -- abuse, shared machine): ≈ 5.5 µs of CPU per deal of the player with his
  // series' sheets kept (2,016 deals: 11 ms), 30-50 µs with every sheet to build (61-102 ms): the rest is per deal of a sheet.
  playerStatsPerDeal: 0.5,
  playerSheetPerDeal: 3.5,
  // A deal list (issue 29): its page query and connection (≈ 0.2 ms of CPU per alias measured: 294 aliases, 52-72 ms), and
  // the rows its walk reads in list order on the index made for its filter (≈ 1.7 µs each with the join to the summary); its
  // count, when it needs one, sums counters (≈ 0.1 µs each) and counts the rows of a table, a tournament, the part days at
  // the ends of a date range or the hidden tournaments' deals through their index (≈ 0.3 µs each).
  dealList: 20,
  // A filtered list's own queries beside (its page on the filter's index, its count): aliases of filtered counts took
  // 0.28 ms of CPU apiece unfiltered, 0.52 ms by result and 0.85 ms by player (104 aliases each, load 6-11).
  dealListFiltered: 50,
  dealListPerRow: 0.15,
  dealCountPerCounter: 0.01,
  dealCountPerRow: 0.03,
  // A player's statistics read his counters (a few rows); his Seeger-Fabian total per series, when selected, lists his
  // deals' tables and reads their sheets.
  playerStatsCounters: 5,
  // ≈ 1.1-1.5 ms of CPU per 36-deal sheet with its rows measured (56 aliased sheets: 67 ms; 47: 51-72 ms), up to 2.6 ms
  // under load (40 sheets: 90-105 ms at load 3-11): 5 per deal keeps 22 such sheets within 60 ms there.
  scoreSheetPerDeal: 5,
  // A list of tables (or tournaments with their tables) builds each table's sheet and status: ≈ 30 µs of CPU per deal of a
  // table whose sheet is not kept (500 ISS series: 534 ms), ≈ 6 µs per deal of one whose sheet is kept (106 ms).
  tableStatusPerDeal: 2.5,
  keptTableStatusPerDeal: 0.5,
  // Standings read the tournament's sheets, kept per table between deals (tournament bench: 1.2 ms for 500 players).
  standingsPerDeal: 0.5,
  // ≈ 3-4 ms of CPU each (21 aliased audits: 88 ms, 13: 41-51 ms).
  audit: 350,
  fixed: 5,
  // A roster answer: up to 500 entries of a few scalars (≈ 1 µs each to shape and serialise): 50 times its selection.
  rosterOutputFactor: 50,
  // As of a moment (docs/as-of.md): a table wholly within the cut has its live sheet (kept: as keptTableStatusPerDeal);
  // every other sheet is built anew from its deals as they stood, each looked up in the as-of index (npm run bench --
  // as-of: 65 ms of CPU p50 for a 500-player tournament's 6,012 deals, load 15: ≈ 11 µs, about a unit per deal); a row
  // whose events straddle the cut is folded again from its stream (a stream read and a fold, as a replay frame: ≈ 0.3 ms).
  // A player's deals as of a moment: ≈ 0.5 units each (decoded and summed), his series' sheets built as above.
  asOfSheetPerDeal: 1,
  // As-of standings take a table's standings part kept at its last input before a position cut (a row read and parsed,
  // a few lines: ≈ 10-20 µs) instead of building its sheet.
  asOfSnapshotTable: 1,
  asOfRefold: 25,
  asOfDeal: 25,
  // Ratings as of a moment (docs/ratings.md) fold each model over the rating log's entries up to it, per entry: 10-13 µs
  // each read, parsed and stepped over 50,000 entries at load 6.5-8.5 (npm run bench -- ratings, (d)), every model alike;
  // the steps alone 2-4 µs ((b): 1,000,000 games), Glicko-2's the dearest (its volatility solved iteratively).
  asOfRatingPerEntry: { elo: 1, 'elo-weighted': 1, glicko2: 1.5, 'team-skill': 1, dskv: 1 } as Readonly<Record<string, number>>,
  // Ratings as of a position (or a time the clock never stepped back into) read each player's latest entry and its step: a
  // leaderboard visits every player (three seeks each and the sort: 2.0-2.4 µs over 15,000 players after 50,000 games, 3.6-5.6 µs
  // after 1,000,000: npm run bench -- ratings, (d)), this many of them a unit; a player's own, two seeks per model.
  asOfRatingPlayersPerUnit: 2,
  asOfRatingStep: 1,
  // The leaderboard's page: an index walk from the top, a row each.
  ratings: 20,
} as const;

/** Units of a ratings fold as of a moment over `entries` entries, for one model (an unknown id: the dearest). */
export function ratingsFoldCost(model: string, entries: number): number {
  const per = READ_COST.asOfRatingPerEntry[model] ?? Math.max(...Object.values(READ_COST.asOfRatingPerEntry));
  return Math.ceil(entries * per);
}

/** Units of every model's fold as of a moment (a player's ratings beside his statistics). */
const allRatingsFoldCost = (entries: number): number => Math.ceil(entries * Object.values(READ_COST.asOfRatingPerEntry).reduce((a, b) => a + b, 0));

/** Units of a leaderboard as of a moment: its players' steps, or the fold of the entries. */
const leaderboardAsOfCost = (model: string, work: RatingsWork): number =>
  typeof work.steps === 'string' ? Math.ceil((work.players ?? 0) / READ_COST.asOfRatingPlayersPerUnit) : ratingsFoldCost(model, work.entries);

/** Units of a player's ratings as of a moment under every model: a step each, or every model's fold. */
const playerRatingsAsOfCost = (work: RatingsWork): number =>
  typeof work.steps === 'string' ? Object.keys(READ_COST.asOfRatingPerEntry).length * READ_COST.asOfRatingStep : allRatingsFoldCost(work.entries);

/** The heavy reads that take asOf, by field, and their id argument (tables and tournaments: their list). */
const AS_OF_READS: Record<string, { kind: HeavyRead; arg: string } | undefined> = {
  'Query.playerStats': { kind: 'playerStats', arg: 'player' },
  'Query.scoreSheet': { kind: 'scoreSheet', arg: 'tableId' },
  'Query.standings': { kind: 'standings', arg: 'tournamentId' },
  'Query.tables': { kind: 'tables', arg: '' },
  'Query.tournaments': { kind: 'tournaments', arg: '' },
};

/** The asOf argument as the ledger takes it, when one is given. */
function asOfArgument(v: unknown): { position: string } | { time: string } | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const { position, time } = v as { position?: unknown; time?: unknown };
  if (typeof position === 'string') return { position };
  if (typeof time === 'string') return { time };
  return undefined;
}

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
export type CostEstimator = ComplexityEstimator & { dynamic: boolean; heaviest: { field: string; cost: number } | undefined };

export function readModelCostEstimator(costs: ReadCosts): CostEstimator {
  const paid = new Set<string>();
  const lists = listSizeEstimator();
  const estimator = ((options) => {
    const { type, field, args, childComplexity } = options;
    const name = `${type.name}.${field.name}`;
    const asOf = asOfArgument(args.asOf);
    if (asOf && name === 'Query.deal') return READ_COST.asOfDeal + childComplexity;
    if (asOf && name === 'Query.ratings') {
      estimator.dynamic = true;
      const first = typeof args.first === 'number' ? args.first : 20;
      const page = READ_COST.ratings + first * (2 + childComplexity);
      let work: RatingsWork;
      try {
        work = costs.ratingsAsOfCost?.(asOf) ?? { entries: 0 };
      } catch {
        return READ_COST.fixed + page; // a bad moment: the resolver refuses it
      }
      return weigh(`${name}:asOf`, READ_COST.fixed + leaderboardAsOfCost(typeof args.model === 'string' ? args.model : '', work) + page);
    }
    const asOfRead = asOf ? AS_OF_READS[name] : undefined;
    if (asOf && asOfRead) {
      estimator.dynamic = true;
      return weigh(
        `${name}:asOf`,
        asOfCost(costs, asOfRead.kind, asOfRead.arg ? args[asOfRead.arg] : args, asOf, options.node, childComplexity, lists(options) || undefined),
      );
    }
    if (name === 'Query.deals') {
      const filter = dealFilterOf((args.filter ?? {}) as Record<string, unknown>);
      const page = READ_COST.dealList + (lists(options) ?? 1 + childComplexity);
      if (Object.keys(filter).length === 0) return page; // unfiltered: the page walks the start-time index, the count is one counter
      estimator.dynamic = true;
      const first = typeof args.first === 'number' ? args.first : 20;
      const { rows, counters = 0, countRows = 0 } = costs.readCost('dealList', JSON.stringify({ filter, first }));
      return weigh(
        name,
        READ_COST.dealListFiltered +
          Math.ceil(rows * READ_COST.dealListPerRow + counters * READ_COST.dealCountPerCounter + countRows * READ_COST.dealCountPerRow) +
          page,
      );
    }
    if (name === 'Query.tables' || name === 'Query.tournaments') {
      estimator.dynamic = true;
      const limit = typeof args.first === 'number' ? args.first : 100;
      const tournamentId = typeof args.tournamentId === 'string' ? args.tournamentId : null;
      const { rows, cachedRows = 0 } = costs.readCost(name === 'Query.tables' ? 'tables' : 'tournaments', JSON.stringify({ tournamentId, limit }));
      const build = Math.ceil(rows * READ_COST.tableStatusPerDeal + cachedRows * READ_COST.keptTableStatusPerDeal);
      return weigh(name, READ_COST.fixed + build + (lists(options) ?? 1 + childComplexity));
    }
    // A roster is read with its tournament's row (one lookup) and answers at most 500 entries: charged as 50 of its selection.
    if (name === 'Query.roster') return weigh(name, READ_COST.fixed + READ_COST.rosterOutputFactor * Math.max(1, childComplexity));
    if (name === 'Deal.audit') return READ_COST.audit + childComplexity * 5; // per deal of a list: no id to look up
    const heavy = HEAVY[name];
    if (!heavy) return undefined;
    const id = args[heavy.arg];
    if (typeof id !== 'string') return undefined;
    estimator.dynamic = true;
    // Player statistics without seegerFabianPerSeries read his counters only (a computation of their own).
    const series = heavy.kind !== 'playerStats' || selects(options.node, 'seegerFabianPerSeries');
    const key = `${heavy.kind}\u0000${id}${series ? '' : '\u0000counters'}`;
    const { rows, known, buildRows } = series ? costs.readCost(heavy.kind, id) : { rows: 0, known: false, buildRows: 0 };
    const compute = known || paid.has(key) ? 0 : READ_COST.fixed + (series ? computeCost(heavy.kind, rows, buildRows) : READ_COST.playerStatsCounters);
    paid.add(key);
    return weigh(series ? name : `${name}:counters`, 1 + compute + childComplexity * outputFactor(heavy.kind, rows));
  }) as CostEstimator;
  // The costliest heavy field, for the refusal's advice (complexity-plugin.ts).
  const weigh = (field: string, cost: number): number => {
    if (!estimator.heaviest || cost > estimator.heaviest.cost) estimator.heaviest = { field, cost };
    return cost;
  };
  estimator.dynamic = false;
  estimator.heaviest = undefined;
  return estimator;
}

/**
 * An answer as of a moment: each deal row read (index look-up), every sheet built anew (as the
 * live answer builds one not kept), each straddling row folded again, and its output; a moment the
 * store cannot read costs the fixed part (the resolver refuses it).
 */
function asOfCost(
  costs: ReadCosts,
  kind: HeavyRead,
  arg: unknown,
  asOf: { position: string } | { time: string },
  node: FieldNode | undefined,
  childComplexity: number,
  listCost: number | undefined,
): number {
  const list = kind === 'tables' || kind === 'tournaments';
  const a = arg as Record<string, unknown>;
  const id = list
    ? JSON.stringify({ tournamentId: typeof a.tournamentId === 'string' ? a.tournamentId : null, limit: typeof a.first === 'number' ? a.first : 100 })
    : arg;
  if (typeof id !== 'string' || !costs.asOfReadCost) return READ_COST.fixed + childComplexity;
  let read: { rows: number; refolds?: number; buildRows?: number; cachedRows?: number; snapshots?: number };
  try {
    read = costs.asOfReadCost(kind, id, asOf);
  } catch {
    return READ_COST.fixed + childComplexity;
  }
  const { rows, refolds = 0, buildRows = 0, cachedRows = 0, snapshots = 0 } = read;
  const series = kind !== 'playerStats' || selects(node, 'seegerFabianPerSeries');
  const build =
    kind === 'playerStats'
      ? rows * READ_COST.playerStatsPerDeal + (series ? buildRows * READ_COST.asOfSheetPerDeal : 0)
      : (list ? 2 : 1) * rows * READ_COST.asOfSheetPerDeal + cachedRows * READ_COST.keptTableStatusPerDeal;
  const output = list ? (listCost ?? 1 + childComplexity) : childComplexity * outputFactor(kind, rows + cachedRows);
  // His ratings as of the moment: every model's step then, or its fold over the rating log up to it.
  let ratings = 0;
  if (kind === 'playerStats' && selects(node, 'ratings')) {
    try {
      ratings = playerRatingsAsOfCost(costs.ratingsAsOfCost?.(asOf) ?? { entries: 0 });
    } catch {
      ratings = 0;
    }
  }
  return 1 + READ_COST.fixed + Math.ceil(build + snapshots * READ_COST.asOfSnapshotTable + refolds * READ_COST.asOfRefold) + ratings + output;
}

/** The list filter as the read models take it, from the GraphQL DealFilter's values (only those given). */
function dealFilterOf(f: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (key: string, v: unknown) => {
    if (typeof v === 'string' && v !== '') out[key] = v;
  };
  put('player', f.player);
  put('tableId', f.tableId);
  put('tournamentId', f.tournamentId);
  put('gameType', f.game);
  put('result', f.result);
  put('from', f.from);
  put('to', f.to);
  put('source', f.source);
  return out;
}

/** Whether a field's selection asks for `name` (a fragment spread is taken as asking: its fields are not at hand here). */
function selects(node: FieldNode | undefined, name: string): boolean {
  const walk = (set: SelectionSetNode | undefined): boolean =>
    (set?.selections ?? []).some((s) => (s.kind === Kind.FIELD ? s.name.value === name : s.kind === Kind.INLINE_FRAGMENT ? walk(s.selectionSet) : true));
  return walk(node?.selectionSet);
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
