import { buildSchema, parse } from 'graphql';
import { operationCost } from './complexityPlugin';
import { READ_COST } from './readModelCostEstimator';

const schema = buildSchema(`
  type Stats { deals: Int }
  type Row { dealNumber: Int }
  type Sheet { rows: [Row!]! }
  type Audit { intact: Boolean }
  type Query { playerStats(player: String!): Stats scoreSheet(tableId: ID!): Sheet audit(dealId: ID!): Audit }
`);

describe('read-model cost model (issue 13)', () => {
  const sizes = (rows: number, known = false) => ({ readCost: () => ({ rows, known }) });
  const cost = (q: string, rows: number, known = false) => operationCost(schema, parse(q), {}, undefined, sizes(rows, known));

  it('charges a player\'s statistics per deal of the player, once per request for the same player', () => {
    const one = cost('{ playerStats(player: "x") { deals } }', 4000);
    expect(one.dynamic).toBe(true);
    expect(one.cost).toBeGreaterThanOrEqual(4000 * READ_COST.playerStatsPerDeal);
    // 300 aliases of the same player: computed once (the Ledger shares it), output per alias.
    const same = cost(`{ ${Array.from({ length: 300 }, (_, i) => `a${i}: playerStats(player: "x") { deals }`).join(' ')} }`, 4000);
    expect(same.cost).toBeLessThan(one.cost + 300 * 3);
    // 300 different players of 4,000 deals each: 300 computations, far over the default limit.
    const many = cost(`{ ${Array.from({ length: 300 }, (_, i) => `a${i}: playerStats(player: "p${i}") { deals }`).join(' ')} }`, 4000);
    expect(many.cost).toBeGreaterThan(300 * 4000 * READ_COST.playerStatsPerDeal);
    // Already computed at this log position: only the output.
    expect(cost('{ playerStats(player: "x") { deals } }', 4000, true).cost).toBeLessThan(10);
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
});
