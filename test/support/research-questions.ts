/**
 * The researcher's documented questions (docs/research.md) as filters, and their direct answers
 * over a list of generated deals: shared by the spec (a small store) and `npm run bench -- research`
 * (200,000 deals), so both check the read models' answers against the same direct counts.
 */
import { buildSchema } from 'graphql';
import { resultClassOf } from '../../src/projections/deal-summary/deal-summary-derived';
import type { DealFilter, DealSummary } from '../../src/projections/deal-summary/deal-summary';
import { GAME_TYPES } from '../../src/rules/declaration';
import { PRIVATE_TOURNAMENT } from './generated-summaries';

/** What an anonymous caller may not see: the private tournament's deals. */
export const ANONYMOUS: readonly string[] = [PRIVATE_TOURNAMENT];

/** The parts of schema.gql the cost model reads, with the filter's enums as their stored strings. */
export const COST_SCHEMA = buildSchema(`
  type Series { tableId: ID total: Int }
  type Stats { dealsPlayed: Int declarerShare: Float wonAsDeclarer: Int seegerFabianPerSeries: [Series!]! }
  type Deal { id: ID }
  type PageInfo { hasNextPage: Boolean endCursor: String }
  type Connection { totalCount: Int nodes: [Deal!]! pageInfo: PageInfo }
  type Row { dealNumber: Int }
  type Sheet { rows: [Row!]! }
  input Filter { player: String tableId: ID tournamentId: ID game: String result: String source: String from: String to: String }
  type Query { deals(filter: Filter, first: Int = 20, after: String, newestFirst: Boolean = true): Connection! playerStats(player: String!): Stats scoreSheet(tableId: ID!): Sheet }
`);

const instants = new WeakMap<DealSummary, number>();
const instantOf = (d: DealSummary): number => {
  let t = instants.get(d);
  if (t === undefined) instants.set(d, (t = Date.parse(d.startedAt)));
  return t;
};

/** The filter as queryDeals reads it, tested deal by deal. */
export function matches(d: DealSummary, f: DealFilter): boolean {
  if (f.player && !d.players.includes(f.player)) return false;
  if (f.tableId && d.tableId !== f.tableId) return false;
  if (f.tournamentId && d.tournamentId !== f.tournamentId) return false;
  if (f.gameType && d.gameType !== f.gameType) return false;
  if (f.result && resultClassOf(d) !== f.result) return false;
  if (f.source && d.source !== f.source) return false;
  if (f.from && instantOf(d) < Date.parse(f.from)) return false;
  if (f.to && instantOf(d) >= Date.parse(f.to)) return false;
  if (f.hiddenTournaments && d.tournamentId !== null && f.hiddenTournaments.includes(d.tournamentId)) return false;
  return true;
}

/** List order: start time as stored, then id (SQLite's binary order). */
export const byListOrder = (a: DealSummary, b: DealSummary): number =>
  a.startedAt < b.startedAt ? -1 : a.startedAt > b.startedAt ? 1 : a.dealId < b.dealId ? -1 : a.dealId > b.dealId ? 1 : 0;

/** The filter as a GraphQL DealFilter's fields. */
export const gqlFilter = (f: DealFilter): string =>
  Object.entries({
    player: f.player,
    tableId: f.tableId,
    tournamentId: f.tournamentId,
    game: f.gameType,
    result: f.result,
    source: f.source,
    from: f.from,
    to: f.to,
  })
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
    .join(', ');

/** Counts: per game type, result, source, date and player, and a few combined. */
export const COUNT_QUESTIONS: readonly DealFilter[] = [
  ...GAME_TYPES.map((gameType) => ({ gameType })),
  ...(['won', 'lost', 'passedIn', 'notScoreable', 'inProgress'] as const).map((result) => ({ result })),
  ...['import:iss', 'live', 'manual'].map((source) => ({ source })),
  { from: '2012-01-01T00:00:00.000Z', to: '2013-01-01T00:00:00.000Z' },
  { from: '2014-03-01T00:00:00.000Z', to: '2014-04-01T00:00:00.000Z' },
  { from: '2011-07-04T00:00:00.000Z', to: '2011-07-05T00:00:00.000Z' },
  { from: '2011-02-17T13:45:00.000Z', to: '2013-05-02T07:00:00.000Z' },
  { from: '2011-02-17T13:45:00.000Z', to: '2011-02-17T18:00:00.000Z' },
  { from: '2016-06-30T23:59:59.000Z' },
  { to: '2011-11-11T11:11:00.000Z' },
  ...['a1', 'b7', 'c123', 'nobody'].map((player) => ({ player })),
  { player: 'a2', gameType: 'grand', result: 'won', from: '2013-01-01T00:00:00.000Z', to: '2013-02-01T00:00:00.000Z' },
  { gameType: 'grand', result: 'won', source: 'live' },
  { tableId: 'iss-series-42' },
  { tournamentId: 'cup-open', result: 'lost' },
];

/** Lists: grand games won in a month, the same for one player, and lists by one field. */
export const LIST_QUESTIONS: readonly { filter: DealFilter; newestFirst: boolean }[] = [
  { filter: { gameType: 'grand', result: 'won', from: '2011-05-01T00:00:00.000Z', to: '2011-06-01T00:00:00.000Z' }, newestFirst: true },
  { filter: { gameType: 'grand', result: 'won', from: '2011-05-01T00:00:00.000Z', to: '2011-06-01T00:00:00.000Z' }, newestFirst: false },
  { filter: { player: 'b3', gameType: 'grand', result: 'won', from: '2011-01-01T00:00:00.000Z', to: '2012-01-01T00:00:00.000Z' }, newestFirst: true },
  { filter: { player: 'a4' }, newestFirst: true },
  { filter: { player: 'c77', result: 'lost' }, newestFirst: false },
  { filter: { gameType: 'null' }, newestFirst: true },
  { filter: { result: 'passedIn' }, newestFirst: false },
  { filter: { source: 'live' }, newestFirst: true },
  { filter: { gameType: 'diamonds', source: 'live' }, newestFirst: true },
  { filter: {}, newestFirst: true },
];

/** Player statistics: players of every pool size, and one who never played. */
export const STATS_PLAYERS: readonly string[] = ['a0', 'a5', 'b12', 'c499', 'c1'];
