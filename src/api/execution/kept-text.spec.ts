import {
  execute,
  getOperationAST,
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLFloat,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLSchema,
  GraphQLString,
  parse,
} from 'graphql';
import { markImmutable } from './immutable-values';
import { KeptText } from './kept-text';
import { PLAIN_EXECUTION_DECLINED, PlainExecutor } from './plain-executor';
import { RawJson, stringifyWithRawJson } from './raw-json';

// A kept subtree is written as text (kept-text.ts): its bytes must be JSON.stringify's of what graphql-js answers.
const Seat = new GraphQLEnumType({ name: 'Seat', values: { FOREHAND: { value: 0 }, MIDDLEHAND: { value: 1 } } });
const Blob = new GraphQLScalarType({ name: 'Blob', serialize: (v) => v });
const Card = new GraphQLObjectType({
  name: 'Card',
  fields: { code: { type: new GraphQLNonNull(GraphQLString) }, points: { type: GraphQLInt } },
});
const Item = new GraphQLObjectType({
  name: 'Item',
  fields: {
    name: { type: GraphQLString },
    ratio: { type: GraphQLFloat },
    on: { type: GraphQLBoolean },
    seat: { type: Seat },
    seats: { type: new GraphQLList(Seat) },
    grid: { type: new GraphQLList(new GraphQLList(GraphQLInt)) },
    blob: { type: Blob },
    cards: { type: new GraphQLList(Card) },
    top: { type: Card },
    needed: { type: new GraphQLNonNull(GraphQLString) },
  },
});
const card = markImmutable({ code: 'S"\\\u00e9', points: 11 });
const shared = markImmutable([card, null, { code: 'CJ', points: null }]);
const items = markImmutable([
  {
    name: 'a\n"quoted"',
    ratio: 0.1,
    on: true,
    seat: 0,
    seats: [1, null, 0],
    grid: [[1, -0], null, []],
    blob: { b: [1, 'x'], n: null },
    cards: shared,
    top: card,
    needed: 'x',
  },
  { name: null, ratio: -2.5e-7, on: false, seat: null, seats: null, grid: [], blob: 'text', cards: shared, top: null, needed: 'y' },
]);
const missing = markImmutable([{ name: 'no needed' }]);
const Query = new GraphQLObjectType({
  name: 'Query',
  fields: {
    items: { type: new GraphQLList(Item), resolve: async () => items },
    missing: { type: new GraphQLList(Item), resolve: async () => missing },
  },
});
const schema = new GraphQLSchema({ query: Query });

async function answer(executor: PlainExecutor, query: string) {
  const document = parse(query);
  const operation = getOperationAST(document);
  if (!operation) throw new Error('no operation');
  const plain = await executor.execute(document, operation, {}, {});
  const reference = await execute({ schema, document });
  return { plain, reference };
}

describe('kept subtrees written as text', () => {
  it.each([
    [
      'strings to escape, floats, booleans, enums, lists of enums with nulls, nested lists, a custom scalar',
      '{ items { name ratio on seat seats grid blob } }',
    ],
    [
      'a shared part under two selections and aliases, __typename',
      '{ items { __typename cards { code } again: cards { p: points code } top { code points } } }',
    ],
    ['the same value kept under two field nodes', '{ items { cards { code } } second: items { top { points } } }'],
  ])('%s: as graphql-js answers, from text', async (_name, query) => {
    const executor = new PlainExecutor(schema);
    const written = jest.spyOn(KeptText.prototype, 'complete');
    for (let round = 0; round < 2; round++) {
      const { plain, reference } = await answer(executor, query);
      expect(reference.errors).toBeUndefined();
      expect(plain).not.toBe(PLAIN_EXECUTION_DECLINED);
      const data = plain as Record<string, unknown>;
      expect(data.items).toBeInstanceOf(RawJson);
      expect(stringifyWithRawJson({ data })).toBe(JSON.stringify(reference));
    }
    // Written as text the first time (not through the object path), kept after.
    expect(written.mock.results.length).toBeGreaterThan(0);
    for (const r of written.mock.results) expect(typeof r.value).toBe('string');
    written.mockRestore();
  });

  it('an alias __proto__ takes the object path and answers as before', async () => {
    const written = jest.spyOn(KeptText.prototype, 'complete');
    const { plain } = await answer(new PlainExecutor(schema), '{ items { __proto__: name needed } }');
    expect(written.mock.results.map((r) => r.value)).toEqual([undefined]);
    written.mockRestore();
    expect(plain).not.toBe(PLAIN_EXECUTION_DECLINED);
    expect((plain as Record<string, unknown>).items).toBeInstanceOf(RawJson);
    expect(stringifyWithRawJson({ data: plain })).toBe('{"data":{"items":[{"needed":"x"},{"needed":"y"}]}}');
  });

  it('a missing non-null value still leaves the answer to graphql-js', async () => {
    const { plain } = await answer(new PlainExecutor(schema), '{ missing { needed } }');
    expect(plain).toBe(PLAIN_EXECUTION_DECLINED);
  });
});
