/**
 * The complexity plugin remembers a cost per document under the values of the variables the cost
 * depended on: a replay query asked for 200 different deals is walked once, while a page size or a
 * directive's condition given by a variable is still counted for each value it takes.
 */
import { GraphQLBoolean, GraphQLID, GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLSchema, parse, type DocumentNode } from 'graphql';
import type { GraphQLRequestContextDidResolveOperation } from '@apollo/server';
import { complexityPlugin } from './complexity-plugin';
import type { ReadCosts } from './read-model-cost-estimator';

let walksOfDeal = 0;
const Deal = new GraphQLObjectType({ name: 'Deal', fields: { id: { type: GraphQLID }, open: { type: GraphQLBoolean } } });
const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: 'Query',
    fields: {
      deal: {
        type: Deal,
        args: { id: { type: new GraphQLNonNull(GraphQLID) } },
        // Counted each time the estimators walk the field.
        extensions: { complexity: ({ childComplexity }: { childComplexity: number }) => (walksOfDeal++, 2 + childComplexity) },
      },
      deals: { type: new GraphQLList(Deal), args: { first: { type: GraphQLInt } } },
    },
  }),
});
const noReads: ReadCosts = {
  readCost: () => {
    throw new Error('no heavy read in these documents');
  },
};

function asker(limit = 10_000) {
  const spent: number[] = [];
  const plugin = complexityPlugin(limit, noReads, (_context, cost) => spent.push(cost));
  const documents = new Map<string, DocumentNode>(); // Apollo's document store: one DocumentNode per text
  const ask = async (query: string, variables: Record<string, unknown>): Promise<number> => {
    let document = documents.get(query);
    if (!document) documents.set(query, (document = parse(query)));
    const listener = await plugin.requestDidStart!({} as never);
    await listener!.didResolveOperation!({
      request: { query, variables },
      document,
      schema,
      contextValue: {},
    } as unknown as GraphQLRequestContextDidResolveOperation<never>);
    return spent[spent.length - 1];
  };
  return ask;
}

beforeEach(() => (walksOfDeal = 0));

it('a variable the cost does not read (a deal id) is left out of the memo: 200 deals, one walk', async () => {
  const ask = asker();
  const query = 'query($id: ID!) { deal(id: $id) { id open } }';
  const costs = new Set<number>();
  for (let i = 0; i < 200; i++) costs.add(await ask(query, { id: `iss-${i}` }));
  expect([...costs]).toHaveLength(1);
  expect(walksOfDeal).toBe(1);
});

it('a page size given by a variable is counted for each value it takes, and remembered per value', async () => {
  const ask = asker();
  const query = 'query($n: Int, $id: ID!) { deals(first: $n) { id } deal(id: $id) { id } }';
  const two = await ask(query, { n: 2, id: 'a' });
  const fifty = await ask(query, { n: 50, id: 'b' });
  expect(fifty).toBeGreaterThan(two);
  expect(await ask(query, { n: 2, id: 'c' })).toBe(two);
  expect(await ask(query, { n: 50, id: 'd' })).toBe(fifty);
  expect(walksOfDeal).toBe(2); // one walk per page size, whatever the ids
});

it("a directive's variable decides which fields count", async () => {
  const ask = asker();
  const query = 'query($more: Boolean!, $id: ID!) { deal(id: $id) { id } extra: deals(first: 100) @include(if: $more) { id open } }';
  const without = await ask(query, { more: false, id: 'a' });
  const withExtra = await ask(query, { more: true, id: 'a' });
  expect(withExtra).toBeGreaterThan(without);
  expect(await ask(query, { more: false, id: 'z' })).toBe(without);
});

it('a variable inside an input value counts when its argument is read', async () => {
  const ask = asker();
  const query = 'query($n: Int) { deals(first: $n) { id } }';
  expect(await ask(query, { n: 1 })).not.toBe(await ask(query, { n: 100 }));
});

it('a remembered cost over the limit is refused every time', async () => {
  const ask = asker(150);
  const query = 'query($n: Int, $id: ID!) { deals(first: $n) { id open } deal(id: $id) { id } }';
  await expect(ask(query, { n: 100, id: 'a' })).rejects.toThrow(/query too complex/);
  await expect(ask(query, { n: 100, id: 'b' })).rejects.toThrow(/query too complex/);
  await expect(ask(query, { n: 1, id: 'b' })).resolves.toBeLessThanOrEqual(150);
});
