import { buildSchema, parse } from 'graphql';
import { operationCost } from './complexity-plugin';
import { READ_COST } from './read-model-cost-estimator';
import { ARGUMENT_FIELD_COST } from './argument-floor';

const schema = buildSchema(`
  type Stats { deals: Int }
  type Row { dealNumber: Int }
  type Sheet { rows: [Row!]! }
  type Audit { intact: Boolean }
  type Page { totalCount: Int }
  input Filter { player: String result: String }
  type Query { playerStats(player: String!): Stats scoreSheet(tableId: ID!): Sheet audit(dealId: ID!): Audit deals(filter: Filter, first: Int): Page }
`);

describe('read-model cost model (issue 13)', () => {
  const sizes = (rows: number, known = false) => ({ readCost: () => ({ rows, known }) });
  const cost = (q: string, rows: number, known = false) => operationCost(schema, parse(q), {}, undefined, sizes(rows, known));

  it("charges a player's statistics per deal of the player, once per request for the same player", () => {
    const one = cost('{ playerStats(player: "x") { deals } }', 4000);
    expect(one.dynamic).toBe(true);
    expect(one.cost).toBeGreaterThanOrEqual(4000 * (READ_COST.playerStatsPerDeal + READ_COST.playerSheetPerDeal));
    // 300 aliases of the same player: computed once (the Ledger shares it), output per alias.
    const same = cost(`{ ${Array.from({ length: 300 }, (_, i) => `a${i}: playerStats(player: "x") { deals }`).join(' ')} }`, 4000);
    // Each alias pays its answer and the floor of a field given arguments (argument-floor.ts), not the computation again.
    expect(same.cost).toBeLessThan(one.cost + 300 * (ARGUMENT_FIELD_COST + 3));
    // 300 different players of 4,000 deals each: 300 computations, far over the default limit.
    const many = cost(`{ ${Array.from({ length: 300 }, (_, i) => `a${i}: playerStats(player: "p${i}") { deals }`).join(' ')} }`, 4000);
    expect(many.cost).toBeGreaterThan(300 * 4000 * (READ_COST.playerStatsPerDeal + READ_COST.playerSheetPerDeal));
    // His series' sheets kept: his deals are read, no sheet is built.
    const kept = operationCost(schema, parse('{ playerStats(player: "x") { deals } }'), {}, undefined, {
      readCost: () => ({ rows: 4000, known: false, buildRows: 0 }),
    }).cost;
    expect(kept).toBeGreaterThanOrEqual(4000 * READ_COST.playerStatsPerDeal);
    expect(kept).toBeLessThan(one.cost / 4);
    // Already computed at this log position: only the output.
    expect(cost('{ playerStats(player: "x") { deals } }', 4000, true).cost).toBeLessThanOrEqual(ARGUMENT_FIELD_COST);
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

  it('charges a filtered deal list per row its filter matches (it counts them), an unfiltered one its page and a fixed part', () => {
    const filtered = cost('{ deals(first: 1, filter: { result: "lost" }) { totalCount } }', 100_000);
    expect(filtered.dynamic).toBe(true);
    expect(filtered.cost).toBeGreaterThanOrEqual(100_000 * READ_COST.dealListPerStoredDeal);
    // Narrowed to a player: per deal of the player.
    expect(cost('{ deals(first: 1, filter: { player: "p" }) { totalCount } }', 2000).cost).toBeGreaterThanOrEqual(2000 * READ_COST.dealListPerRow);
    // 40 such counts of a 100,000-deal store are over the limit; an unfiltered page costs what it lists.
    expect(
      cost(`{ ${Array.from({ length: 40 }, (_, i) => `d${i}: deals(first: 1, filter: { result: "lost" }) { totalCount }`).join(' ')} }`, 100_000).cost,
    ).toBeGreaterThan(5000);
    expect(cost('{ deals(first: 1) { totalCount } }', 100_000).cost).toBeLessThan(READ_COST.dealList + 10);
    expect(cost(`{ ${Array.from({ length: 101 }, (_, i) => `d${i}: deals(first: 1) { totalCount }`).join(' ')} }`, 100_000).cost).toBeGreaterThan(1500);
  });

  // Measured with `npm run bench -- abuse` on a 100,000-deal store (shared machine, server CPU): each of these took more
  // than the ≈ 60 ms the default limit stands for, so each must be refused as too costly at the default limit of 5,000.
  it('refuses at the default limit what the abuse bench measured over its budget on a 100,000-deal store', () => {
    const LIMIT = 5000;
    const aliases = (n: number, one: (i: number) => string) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${one(i)}`).join(' ')} }`;
    // the statistics of a player of 2,016 deals: 94-129 ms
    expect(cost('{ playerStats(player: "b1") { deals } }', 2016).cost).toBeGreaterThan(LIMIT);
    // 11 players of 216 deals each: 86-111 ms
    expect(
      cost(
        aliases(11, (i) => `playerStats(player: "c${i}") { deals }`),
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
    // 31 counts of a player's 2,016 deals: 72-90 ms
    expect(
      cost(
        aliases(31, (i) => `deals(first: 1, filter: { player: "b${i}" }) { totalCount }`),
        2016,
      ).cost,
    ).toBeGreaterThan(LIMIT);
    // one list filtered by result alone over the whole store (a count and a sorted scan): ≈ 80 ms
    expect(cost('{ deals(first: 1, filter: { result: "won" }) { totalCount } }', 100_000).cost).toBeGreaterThan(LIMIT);
    // while what took well under 60 ms stays admissible: 5 players of 216 deals (37 ms), 13 audits (41-51 ms)
    expect(
      cost(
        aliases(5, (i) => `playerStats(player: "c${i}") { deals }`),
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
