import { buildSchema, parse } from 'graphql';
import { operationCost, tooComplex } from './complexity-plugin';
import { READ_COST } from './read-model-cost-estimator';
import { ARGUMENT_FIELD_COST } from './argument-floor';

const schema = buildSchema(`
  type Series { total: Int }
  type Stats { deals: Int seegerFabianPerSeries: [Series!]! }
  type Row { dealNumber: Int }
  type Sheet { rows: [Row!]! }
  type Audit { intact: Boolean }
  type Page { totalCount: Int }
  input Filter { player: String result: String game: String }
  type Query { playerStats(player: String!): Stats scoreSheet(tableId: ID!): Sheet audit(dealId: ID!): Audit deals(filter: Filter, first: Int): Page }
`);

describe('read-model cost model (issue 13)', () => {
  const sizes = (rows: number, known = false) => ({ readCost: () => ({ rows, known }) });
  const cost = (q: string, rows: number, known = false) => operationCost(schema, parse(q), {}, undefined, sizes(rows, known));

  it("charges a player's statistics with his series' totals per deal of the player, once per request for the same player", () => {
    const q = (player: string) => `playerStats(player: "${player}") { deals seegerFabianPerSeries { total } }`;
    const one = cost(`{ ${q('x')} }`, 4000);
    expect(one.dynamic).toBe(true);
    expect(one.cost).toBeGreaterThanOrEqual(4000 * (READ_COST.playerStatsPerDeal + READ_COST.playerSheetPerDeal));
    // 300 aliases of the same player: computed once (the Ledger shares it), output per alias.
    const same = cost(`{ ${Array.from({ length: 300 }, (_, i) => `a${i}: ${q('x')}`).join(' ')} }`, 4000);
    // Each alias pays its answer and the floor of a field given arguments (argument-floor.ts), not the computation again.
    expect(same.cost).toBeLessThan(one.cost + 300 * (ARGUMENT_FIELD_COST + 5));
    // 300 different players of 4,000 deals each: 300 computations, far over the default limit.
    const many = cost(`{ ${Array.from({ length: 300 }, (_, i) => `a${i}: ${q(`p${i}`)}`).join(' ')} }`, 4000);
    expect(many.cost).toBeGreaterThan(300 * 4000 * (READ_COST.playerStatsPerDeal + READ_COST.playerSheetPerDeal));
    // His series' sheets kept: his deals are read, no sheet is built.
    const kept = operationCost(schema, parse(`{ ${q('x')} }`), {}, undefined, {
      readCost: () => ({ rows: 4000, known: false, buildRows: 0 }),
    }).cost;
    expect(kept).toBeGreaterThanOrEqual(4000 * READ_COST.playerStatsPerDeal);
    expect(kept).toBeLessThan(one.cost / 4);
    // Already computed at this log position: only the output.
    expect(cost(`{ ${q('x')} }`, 4000, true).cost).toBeLessThanOrEqual(ARGUMENT_FIELD_COST);
  });

  it("charges a player's statistics without his series' totals a fixed part: they read his counters (issue 29)", () => {
    let asked = 0;
    const costs = {
      readCost: () => {
        asked++;
        return { rows: 36_000, known: false, buildRows: 36_000 };
      },
    };
    const one = operationCost(schema, parse('{ playerStats(player: "x") { deals } }'), {}, undefined, costs);
    expect(one.cost).toBeLessThanOrEqual(Math.max(ARGUMENT_FIELD_COST, READ_COST.fixed + READ_COST.playerStatsCounters + 2));
    expect(asked).toBe(0);
    // A fragment spread may hold seegerFabianPerSeries: charged as if it did.
    const spread = operationCost(schema, parse('{ playerStats(player: "x") { ...F } } fragment F on Stats { deals }'), {}, undefined, costs);
    expect(spread.cost).toBeGreaterThan(36_000);
    // 100 players at once stay admissible; 1,000 do not.
    const players = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: playerStats(player: "p${i}") { deals }`).join(' ')} }`;
    expect(operationCost(schema, parse(players(100)), {}, undefined, costs).cost).toBeLessThan(5000);
    expect(operationCost(schema, parse(players(1000)), {}, undefined, costs).cost).toBeGreaterThan(5000);
  });

  it('charges a score sheet per deal of the table, its rows per alias', () => {
    const small = cost('{ scoreSheet(tableId: "t") { rows { dealNumber } } }', 36).cost;
    const big = cost('{ scoreSheet(tableId: "t") { rows { dealNumber } } }', 36_000).cost;
    expect(big).toBeGreaterThan(500 * small);
    const aliased = cost(`{ ${Array.from({ length: 100 }, (_, i) => `s${i}: scoreSheet(tableId: "t") { rows { dealNumber } }`).join(' ')} }`, 3600).cost;
    expect(aliased).toBeGreaterThan(5000);
  });

  it('charges an audit ~4 ms (hash chain and rescoring), so 2,400 aliased audits are far over the limit', () => {
    const one = cost('{ audit(dealId: "d") { intact } }', 1).cost;
    expect(one).toBeGreaterThanOrEqual(READ_COST.audit);
    expect(cost(`{ ${Array.from({ length: 2400 }, (_, i) => `a${i}: audit(dealId: "d") { intact }`).join(' ')} }`, 1).cost).toBeGreaterThan(5000);
  });

  it('charges a filtered deal list the rows its index walk reads and what its count reads (issue 29), an unfiltered one its page', () => {
    const asked: string[] = [];
    const list = (work: { rows: number; counters?: number; countRows?: number }) => ({
      readCost: (_kind: string, id: string) => {
        asked.push(id);
        return { known: false, ...work };
      },
    });
    const q = '{ deals(first: 20, filter: { game: "grand", result: "won" }) { totalCount } }';
    const served = operationCost(schema, parse(q), {}, undefined, list({ rows: 21, counters: 40 }));
    expect(served.dynamic).toBe(true);
    expect(served.cost).toBeLessThan(READ_COST.dealList + READ_COST.dealListFiltered + 30);
    expect(JSON.parse(asked[0])).toEqual({ filter: { gameType: 'grand', result: 'won' }, first: 20 });
    // A walk that reads 100,000 rows to fill its page is over the limit.
    expect(operationCost(schema, parse(q), {}, undefined, list({ rows: 100_000 })).cost).toBeGreaterThan(5000);
    expect(operationCost(schema, parse(q), {}, undefined, list({ rows: 21, countRows: 100_000 })).cost).toBeGreaterThanOrEqual(
      100_000 * READ_COST.dealCountPerRow,
    );
    expect(cost('{ deals(first: 1) { totalCount } }', 100_000).cost).toBeLessThanOrEqual(Math.max(ARGUMENT_FIELD_COST, READ_COST.dealList + 10));
    expect(cost(`{ ${Array.from({ length: 101 }, (_, i) => `d${i}: deals(first: 1) { totalCount }`).join(' ')} }`, 100_000).cost).toBeGreaterThan(1500);
  });

  it('says in a refusal what narrows the question, and that the command line has no limit', () => {
    const message = tooComplex(7023, 5000, 'Query.deals').message;
    expect(message).toMatch(/^query too complex: cost 7023, limit 5000; Query\.deals: narrow deals with filter\.player/);
    expect(message).toMatch(/command line .* has no cost limit/);
    expect(tooComplex(9000, 5000, 'Query.playerStats').message).toMatch(/leave seegerFabianPerSeries out/);
    expect(tooComplex(9000, 5000).message).toMatch(/select fewer fields, aliases or rows/);
    const refused = operationCost(schema, parse('{ deals(first: 20, filter: { result: "won" }) { totalCount } }'), {}, undefined, {
      readCost: () => ({ rows: 100_000, known: false }),
    });
    expect(refused.heaviest).toBe('Query.deals');
  });

  // Measured with `npm run bench -- abuse` on a 100,000-deal store (shared machine, server CPU): each of these took more
  // than the ≈ 60 ms the default limit stands for, so each must be refused as too costly at the default limit of 5,000.
  it('refuses at the default limit what the abuse bench measured over its budget on a 100,000-deal store', () => {
    const LIMIT = 5000;
    const aliases = (n: number, one: (i: number) => string) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${one(i)}`).join(' ')} }`;
    // the statistics of a player of 2,016 deals with his series' sheets built: 94-129 ms
    expect(cost('{ playerStats(player: "b1") { deals seegerFabianPerSeries { total } } }', 2016).cost).toBeGreaterThan(LIMIT);
    // 11 players of 216 deals each: 86-111 ms
    expect(
      cost(
        aliases(11, (i) => `playerStats(player: "c${i}") { deals seegerFabianPerSeries { total } }`),
        216,
      ).cost,
    ).toBeGreaterThan(LIMIT);
    // 21 audits of distinct deals: 88-96 ms
    expect(
      cost(
        aliases(21, (i) => `audit(dealId: "d${i}") { intact }`),
        1,
      ).cost,
    ).toBeGreaterThan(LIMIT);
    // 71 score sheets of 36 deals: 71-74 ms
    expect(
      cost(
        aliases(71, (i) => `scoreSheet(tableId: "t${i}") { rows { dealNumber } }`),
        36,
      ).cost,
    ).toBeGreaterThan(LIMIT);
    // while what took well under 60 ms stays admissible: 5 players of 216 deals (37 ms), 13 audits (41-51 ms)
    expect(
      cost(
        aliases(5, (i) => `playerStats(player: "c${i}") { deals seegerFabianPerSeries { total } }`),
        216,
      ).cost,
    ).toBeLessThanOrEqual(LIMIT);
    expect(
      cost(
        aliases(13, (i) => `audit(dealId: "d${i}") { intact }`),
        1,
      ).cost,
    ).toBeLessThanOrEqual(LIMIT);
  });
});

describe('the cost of answers as of a moment (issue 28 item 2)', () => {
  const asOfSchema = buildSchema(`
    type Line { player: String }
    type Standings { lines: [Line!]! }
    input AsOfInput { position: String time: String }
    type Query { standings(tournamentId: ID!, asOf: AsOfInput): Standings }
  `);
  const q = (n: number) =>
    `{ ${Array.from({ length: n }, (_, i) => `s${i}: standings(tournamentId: "cup", asOf: { position: "${100 + i}" }) { lines { player } }`).join(' ')} }`;
  const costOf = (query: string, read: { rows: number; cachedRows?: number; refolds?: number }) => {
    const asked: string[] = [];
    const cost = operationCost(asOfSchema, parse(query), {}, undefined, {
      readCost: () => ({ rows: 0, known: true }),
      asOfReadCost: (kind, id, asOf) => {
        asked.push(`${kind}:${id}:${JSON.stringify(asOf)}`);
        return read;
      },
    });
    return { ...cost, asked };
  };

  it('charges every sheet built anew per deal, the kept rate for tables wholly within the cut, and each row folded again', () => {
    const built = costOf(q(1), { rows: 6000, cachedRows: 0, refolds: 0 });
    expect(built.asked).toEqual(['standings:cup:{"position":"100"}']);
    expect(built.dynamic).toBe(true);
    expect(built.cost).toBeGreaterThanOrEqual(6000 * READ_COST.asOfSheetPerDeal);
    const kept = costOf(q(1), { rows: 0, cachedRows: 6000, refolds: 0 });
    expect(kept.cost).toBeLessThan(built.cost / 1.5);
    expect(costOf(q(1), { rows: 0, cachedRows: 0, refolds: 10 }).cost).toBeGreaterThanOrEqual(10 * READ_COST.asOfRefold);
  });

  it('charges each alias for its own cut: nothing is shared between moments, so aliases add up', () => {
    const one = costOf(q(1), { rows: 500 }).cost;
    const twenty = costOf(q(20), { rows: 500 });
    expect(twenty.asked).toHaveLength(20);
    expect(twenty.cost).toBeGreaterThanOrEqual(20 * 500 * READ_COST.asOfSheetPerDeal);
    expect(twenty.cost).toBeGreaterThan(19 * one);
  });
});

describe('the cost of ratings as of a moment (issue 28 item 3)', () => {
  const schema = buildSchema(`
    enum RatingModel { ELO GLICKO2 }
    type Rating { player: String rating: Float }
    input AsOfInput { position: String time: String }
    type Stats { player: String ratings: [Rating!]! }
    type Query { ratings(model: String!, first: Int, asOf: AsOfInput): [Rating!]! playerStats(player: String!, asOf: AsOfInput): Stats }
  `);
  const costOf = (query: string, entries: number, steps: { players: number } | null = null) =>
    operationCost(schema, parse(query), {}, undefined, {
      readCost: () => ({ rows: 0, known: true }),
      asOfReadCost: () => ({ rows: 10 }),
      ratingsAsOfCost: () => (steps ? { entries, steps: '00000000000000000009', players: steps.players } : { entries, steps: null }),
    });

  it("answered from the steps: a leaderboard charges its players, whatever the entries before the moment; a player's ratings a step per model", () => {
    const board = (players: number) =>
      costOf('{ ratings(model: "glicko2", first: 20, asOf: { position: "9" }) { player rating } }', 1_000_000, { players }).cost;
    const live = costOf('{ ratings(model: "glicko2", first: 20, asOf: { position: "9" }) { player rating } }', 0).cost;
    expect(board(3000) - live).toBe(Math.ceil(3000 / READ_COST.asOfRatingPlayersPerUnit));
    // Any number of entries: 9,000 players are admitted at the default limit (5,000).
    expect(board(9_000)).toBeLessThan(5000);
    const withRatings = costOf('{ playerStats(player: "Anna", asOf: { position: "9" }) { player ratings { rating } } }', 1_000_000, { players: 15_000 }).cost;
    const without = costOf('{ playerStats(player: "Anna", asOf: { position: "9" }) { player } }', 1_000_000, { players: 15_000 }).cost;
    expect(withRatings - without).toBeLessThan(50);
  });

  it('charges the fold per entry of the rating log up to the moment, by model; the live rows (nothing after the moment) cost the page', () => {
    const live = costOf('{ ratings(model: "elo", first: 20, asOf: { position: "9" }) { player rating } }', 0);
    expect(live.dynamic).toBe(true);
    const elo = costOf('{ ratings(model: "elo", first: 20, asOf: { position: "9" }) { player rating } }', 4000).cost;
    const glicko = costOf('{ ratings(model: "glicko2", first: 20, asOf: { position: "9" }) { player rating } }', 4000).cost;
    expect(elo - live.cost).toBe(4000 * READ_COST.asOfRatingPerEntry.elo);
    expect(glicko - live.cost).toBe(4000 * READ_COST.asOfRatingPerEntry.glicko2);
    expect(glicko).toBeGreaterThan(elo);
    // A club's leaderboard page is admitted at the default limit (5,000); Glicko-2 over 100,000 entries is not.
    expect(elo).toBeLessThan(5000);
    expect(costOf('{ ratings(model: "glicko2", asOf: { position: "9" }) { player } }', 100_000).cost).toBeGreaterThan(5000);
  });

  it("charges a player's ratings as of his statistics' moment every model's fold", () => {
    const without = costOf('{ playerStats(player: "Anna", asOf: { position: "9" }) { player } }', 1000).cost;
    const withRatings = costOf('{ playerStats(player: "Anna", asOf: { position: "9" }) { player ratings { rating } } }', 1000).cost;
    expect(without).toBeLessThan(100);
    expect(withRatings).toBeGreaterThanOrEqual(1000 * Object.values(READ_COST.asOfRatingPerEntry).reduce((a, b) => a + b, 0));
  });
});
