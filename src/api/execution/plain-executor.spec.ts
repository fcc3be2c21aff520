import {
  execute,
  getOperationAST,
  GraphQLEnumType,
  GraphQLID,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  parse,
} from 'graphql';
import { markImmutable } from './immutable-values';
import { PLAIN_EXECUTION_DECLINED, PlainExecutor } from './plain-executor';
import { RawJson, stringifyWithRawJson } from './raw-json';

const Seat = new GraphQLEnumType({ name: 'Seat', values: { FOREHAND: { value: 0 }, MIDDLEHAND: { value: 1 }, REARHAND: { value: 2 } } });
const Card = new GraphQLObjectType({
  name: 'Card',
  fields: { code: { type: new GraphQLNonNull(GraphQLString) }, points: { type: new GraphQLNonNull(GraphQLInt) } },
});
const Played = new GraphQLObjectType({ name: 'Played', fields: { seat: { type: new GraphQLNonNull(Seat) }, card: { type: new GraphQLNonNull(Card) } } });
const Frame = new GraphQLObjectType({
  name: 'Frame',
  fields: {
    step: { type: new GraphQLNonNull(GraphQLInt) },
    toAct: { type: Seat },
    hand: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(Card))) },
    trick: { type: new GraphQLList(Played) },
    note: { type: GraphQLString },
  },
});
const card = (code: string, points: number) => ({ code, points });
const FRAMES = [
  { step: 0, toAct: 0, hand: [card('CJ', 2), card('HA', 11)], trick: [], note: null },
  { step: 1, toAct: null, hand: [card('HA', 11)], trick: [{ seat: 0, card: card('CJ', 2) }], note: 'played' },
];
const Deal = new GraphQLObjectType({
  name: 'Deal',
  fields: {
    id: { type: new GraphQLNonNull(GraphQLID) },
    frames: {
      type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(Frame))),
      args: { from: { type: GraphQLInt } },
      resolve: async (_deal, args: { from?: number }) => FRAMES.filter((f) => f.step >= (args.from ?? 0)),
    },
    broken: { type: GraphQLString, resolve: () => Promise.reject(new Error('boom')) },
    badSeat: { type: Seat, resolve: () => 7 },
    missing: { type: new GraphQLNonNull(GraphQLString) },
  },
});
const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: 'Query',
    fields: {
      deal: {
        type: Deal,
        args: { id: { type: new GraphQLNonNull(GraphQLID) } },
        resolve: async (_root, args: { id: string }) => (args.id === 'd1' ? { id: 'd1' } : null),
      },
      count: { type: GraphQLInt, resolve: (_root, _args, ctx: { count: number }) => ctx.count },
    },
  }),
});

async function both(query: string, variables: Record<string, unknown> = {}) {
  const document = parse(query);
  const operation = getOperationAST(document);
  if (!operation) throw new Error('no operation');
  const plain = await new PlainExecutor(schema).execute(document, operation, variables, { count: 3 });
  const reference = await execute({ schema, document, variableValues: variables, contextValue: { count: 3 } });
  return { plain, reference };
}

describe('PlainExecutor (fast path below the real resolvers)', () => {
  it.each([
    [
      'nested lists, enums, nulls and aliases',
      'query($id: ID!) { deal(id: $id) { id frames { step toAct hand { code points } trick { seat card { c: code } } note } } }',
      { id: 'd1' },
    ],
    ['field arguments from variables', 'query($id: ID!, $from: Int) { deal(id: $id) { frames(from: $from) { step } } }', { id: 'd1', from: 1 }],
    ['a resolver returning null', '{ deal(id: "nope") { id } }', {}],
    ['__typename and the context', '{ __typename count deal(id: "d1") { __typename id } }', {}],
  ])('answers %s exactly as graphql-js does', async (_name, query, variables) => {
    const { plain, reference } = await both(query, variables);
    expect(reference.errors).toBeUndefined();
    expect(plain).not.toBe(PLAIN_EXECUTION_DECLINED);
    expect(JSON.stringify({ data: plain })).toBe(JSON.stringify(reference));
  });

  it.each([
    ['a fragment', '{ deal(id: "d1") { ...F } } fragment F on Deal { id }'],
    ['an inline fragment (test/api/plain-execution.e2e.spec.ts relies on it)', '{ ... on Query { deal(id: "d1") { id } } }'],
    ['a directive', '{ deal(id: "d1") { id @include(if: true) } }'],
    ['introspection', '{ __schema { queryType { name } } }'],
    ['a rejecting resolver', '{ deal(id: "d1") { broken } }'],
    ['an enum value that does not serialise', '{ deal(id: "d1") { badSeat } }'],
    ['a missing non-null property', '{ deal(id: "d1") { missing } }'],
    ['a response name used twice', '{ deal(id: "d1") { id id } }'],
    ['variables that do not coerce', 'query($id: ID!) { deal(id: $id) { id } }'],
  ])('declines %s, leaving it to graphql-js', async (_name, query) => {
    const { plain } = await both(query, {});
    expect(plain).toBe(PLAIN_EXECUTION_DECLINED);
  });
});

describe('PlainExecutor: subtrees over immutable values are serialised once', () => {
  let lateCalls = 0;
  const Frame2 = new GraphQLObjectType({
    name: 'Frame',
    fields: {
      step: { type: new GraphQLNonNull(GraphQLInt) },
      hand: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(Card))) },
      late: {
        type: GraphQLString,
        resolve: (f: { step: number }) => {
          lateCalls++;
          return `late ${f.step}`;
        },
      },
    },
  });
  const shared = markImmutable(FRAMES.map((f) => ({ step: f.step, hand: f.hand })));
  const framesType = new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(Frame2)));
  const schema2 = new GraphQLSchema({
    query: new GraphQLObjectType({
      name: 'Query',
      fields: {
        frames: { type: framesType, resolve: async () => shared },
        fresh: { type: framesType, resolve: async () => FRAMES.map((f) => ({ step: f.step, hand: f.hand })) },
      },
    }),
  });
  const executor = new PlainExecutor(schema2);
  const run = async (document: ReturnType<typeof parse>) => {
    const operation = getOperationAST(document);
    if (!operation) throw new Error('no operation');
    const plain = await executor.execute(document, operation, {}, {});
    const reference = await execute({ schema: schema2, document });
    expect(plain).not.toBe(PLAIN_EXECUTION_DECLINED);
    expect(stringifyWithRawJson({ data: plain })).toBe(JSON.stringify(reference));
    return plain as Record<string, unknown>;
  };

  it('answers the same field node from the same text, identical to graphql-js', async () => {
    const document = parse('{ frames { step hand { code } } other: frames { step } }');
    const first = await run(document);
    const second = await run(document);
    expect(first.frames).toBeInstanceOf(RawJson);
    expect(second.frames).toBe(first.frames);
    expect(second.other).toBe(first.other);
    expect(second.other).not.toBe(second.frames);
  });

  it('serialises a different selection on its own', async () => {
    const a = await run(parse('{ frames { step } }'));
    const b = await run(parse('{ frames { hand { points } } }'));
    expect((a.frames as RawJson).text).not.toBe((b.frames as RawJson).text);
  });

  it('keeps resolving a subtree that calls a resolver', async () => {
    const document = parse('{ frames { step late } }');
    const before = lateCalls;
    const first = await run(document);
    await run(document);
    expect(first.frames).not.toBeInstanceOf(RawJson);
    expect(lateCalls - before).toBe(2 * FRAMES.length * 2); // fast path and graphql-js, twice
  });

  it('walks values nobody marked immutable every time', async () => {
    const result = await run(parse('{ fresh { step hand { code } } }'));
    expect(result.fresh).not.toBeInstanceOf(RawJson);
  });

  it('serialises a part shared by several values of a kept subtree once per answer, and keeps it no longer', async () => {
    let reads = 0;
    const counted = { points: 11 } as { code: string; points: number };
    Object.defineProperty(counted, 'code', { enumerable: true, get: () => (reads++, 'HA') });
    const hand = markImmutable([counted]);
    const framesOf = () => markImmutable([0, 1, 2].map((step) => ({ step, hand })));
    let current = framesOf();
    const schema3 = new GraphQLSchema({
      query: new GraphQLObjectType({ name: 'Query', fields: { frames: { type: framesType, resolve: async () => current } } }),
    });
    const ex = new PlainExecutor(schema3);
    const document = parse('{ frames { step hand { code } } }');
    const operation = getOperationAST(document);
    if (!operation) throw new Error('no operation');
    const first = await ex.execute(document, operation, {}, {});
    const reference = await execute({ schema: schema3, document });
    expect(stringifyWithRawJson({ data: first })).toBe(JSON.stringify(reference));
    const graphqlReads = 3; // graphql-js reads it in every frame
    expect(reads - graphqlReads).toBe(1);
    current = framesOf(); // new frames around the same hand: the hand's text was the first answer's only
    reads = 0;
    await ex.execute(document, operation, {}, {});
    expect(reads).toBe(1);
  });
});
