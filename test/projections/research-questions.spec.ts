/**
 * Issue 29 item 1: every documented researcher question answered by the read models made for it,
 * on a generated store (20,000 deals in the suite; `npm run bench -- research` asks the same of 200,000),
 * equal to a direct count over the generated deals, and admitted at the default cost limit, an anonymous caller's (private tournaments left out) included.
 */
import { parse } from 'graphql';
import { operationCost } from '../../src/api/limits/complexity-plugin';
import { readCost, type ReadKind } from '../../src/ledger/reads/read-cost';
import { playerStatsOf } from '../../src/ledger/reads/player-stats-query';
import type { ScoreSheets } from '../../src/ledger/reads/score-sheets';
import { countDeals, periodsOf } from '../../src/projections/deal-summary/deal-count-query';
import type { DealFilter, DealSummary } from '../../src/projections/deal-summary/deal-summary';
import { DEAL_SUMMARY_TABLE } from '../../src/projections/deal-summary/deal-summary-projection';
import { pageSql, queryDeals } from '../../src/projections/deal-summary/deal-summary-queries';
import { buildPlayerStats } from '../../src/projections/player-stats/build-player-stats';
import { closeReadModelDb, openReadModelDb, type ReadModelDb } from '../../src/projections/read-model-db';
import { writeGeneratedSummaries } from '../support/generated-summaries';
import { ANONYMOUS, byListOrder, COST_SCHEMA, COUNT_QUESTIONS, gqlFilter, LIST_QUESTIONS, matches, STATS_PLAYERS } from '../support/research-questions';

/** A store of this size runs in seconds; `npm run bench -- research` asks the same questions of 200,000 deals (RESEARCH_DEALS). */
const DEALS = Number(process.env.RESEARCH_DEALS ?? 20_000);
const LIMIT = 5000;
const schema = COST_SCHEMA;

describe(`the researcher questions on a generated store of ${DEALS} deals (issue 29 item 1)`, () => {
  let db: ReadModelDb;
  let deals: DealSummary[];
  const costs = {
    readCost: (kind: string, id: string) =>
      readCost(
        db,
        () => false,
        () => false,
        kind as ReadKind,
        id,
      ),
  };
  const cost = (query: string) => operationCost(schema, parse(query), {}, undefined, costs).cost;
  beforeAll(() => {
    db = openReadModelDb('sqlite::memory:');
    deals = writeGeneratedSummaries(db, DEALS);
    expect(db.prepare(`SELECT count(*) FROM ${DEAL_SUMMARY_TABLE}`).pluck().get()).toBe(DEALS);
  });
  afterAll(() => closeReadModelDb(db));

  const direct = (f: DealFilter) => deals.filter((d) => matches(d, f)).length;

  /** The count as asked (totalCount), equal to a direct count, admitted at the default limit. */
  function expectCount(f: DealFilter): void {
    for (const hidden of [undefined, ANONYMOUS]) {
      const filter = hidden ? { ...f, hiddenTournaments: hidden } : f;
      expect({ filter, count: countDeals(db, filter) }).toEqual({ filter, count: direct(filter) });
    }
    expect(cost(`{ deals(first: 1, filter: { ${gqlFilter(f)} }) { totalCount } }`)).toBeLessThanOrEqual(LIMIT);
  }

  it('counts per game type, result, source, date and player, and combined ones', () => {
    for (const f of COUNT_QUESTIONS) expectCount(f);
  });

  it('counts by whole periods: a range of years sums a few counters', () => {
    const periods = periodsOf(Date.UTC(2010, 10, 15), Date.UTC(2014, 1, 3));
    expect(periods).toEqual([
      ...Array.from({ length: 16 }, (_, i) => `2010-11-${String(15 + i).padStart(2, '0')}`),
      '2010-12',
      '2011',
      '2012',
      '2013',
      '2014-01',
      '2014-02-01',
      '2014-02-02',
    ]);
  });

  /** A filtered list page by page in the requested order, equal to the direct list, each page admitted. */
  function expectList(f: DealFilter, newestFirst: boolean, pages = 3): void {
    const expected = deals.filter((d) => matches(d, { ...f, hiddenTournaments: ANONYMOUS })).sort(byListOrder);
    if (newestFirst) expected.reverse();
    let after: string | undefined;
    for (let p = 0; p < pages; p++) {
      const page = queryDeals(db, { ...f, hiddenTournaments: ANONYMOUS }, { first: 20, newestFirst, count: false, ...(after ? { after } : {}) });
      expect(page.items.map((d) => d.dealId)).toEqual(expected.slice(p * 20, p * 20 + 20).map((d) => d.dealId));
      expect(page.hasNextPage).toBe(expected.length > (p + 1) * 20);
      after = page.endCursor;
      if (!after) break;
    }
    expect(
      cost(`{ deals(first: 20, newestFirst: ${newestFirst}, filter: { ${gqlFilter(f)} }) { totalCount nodes { id } pageInfo { hasNextPage endCursor } } }`),
    ).toBeLessThanOrEqual(LIMIT);
  }

  it("lists grand games won in a month (newest and oldest first), the same for one player, a player's deals, a game type, a result, a source", () => {
    for (const { filter, newestFirst } of LIST_QUESTIONS) expectList(filter, newestFirst);
  });

  it('walks the index made for each list in its order, from its cursor: no sort, no scan of the store', () => {
    const lists: DealFilter[] = [
      { gameType: 'grand', result: 'won', from: '2015-05-01T00:00:00.000Z', to: '2015-06-01T00:00:00.000Z' },
      { gameType: 'grand' },
      { player: 'a1', gameType: 'null', result: 'won' },
      { player: 'a1', gameType: 'null' },
      { player: 'a1', result: 'lost' },
      { player: 'a1', from: '2012-01-01T00:00:00.000Z' },
      { result: 'lost' },
      { source: 'live' },
      { from: '2012-01-01T00:00:00.000Z' },
      { hiddenTournaments: ANONYMOUS },
    ];
    for (const f of lists) {
      for (const newest of [true, false]) {
        const { sql, args } = pageSql(f, newest, ['2013-01-01T00:00:00Z', 'iss-1']);
        const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args, 21) as { detail: string }[]).map((r) => r.detail).join(' | ');
        expect({ f, plan }).toEqual({ f, plan: expect.not.stringMatching(/TEMP B-TREE|SCAN s\b|SCAN dp\b/) });
      }
    }
  });

  it("answers a player's statistics from his counters, equal to the statistics over his deals", async () => {
    const sheets = {} as ScoreSheets;
    for (const player of STATS_PLAYERS) {
      for (const hidden of [[], ANONYMOUS]) {
        const his = deals.filter((d) => d.players.includes(player) && (d.tournamentId === null || !hidden.includes(d.tournamentId)));
        const expected = buildPlayerStats(player, his, []);
        const stats = await playerStatsOf(db, sheets, player, { hiddenTournaments: hidden, series: false });
        expect(stats).toEqual(expected);
      }
      expect(cost(`{ playerStats(player: "${player}") { dealsPlayed declarerShare wonAsDeclarer } }`)).toBeLessThanOrEqual(LIMIT);
    }
    expect(await playerStatsOf(db, sheets, 'nobody', { series: false })).toBeNull();
  });

  it('admits a score sheet of a series', () => {
    expect(cost('{ scoreSheet(tableId: "iss-series-42") { rows { dealNumber } } }')).toBeLessThanOrEqual(LIMIT);
  });
});
