import { buildSchema, parse, specifiedRules, validate } from 'graphql';
import { depthLimitRule } from './depth-limit-rule';

const schema = buildSchema(`
  type Node { id: ID! child: Node name: String }
  type Query { node: Node nodes: [Node!]! }
`);
const nested = (levels: number) => `{ node { ${'child { '.repeat(levels)} id ${'} '.repeat(levels)} } }`;
const check = (query: string, max = 4) => validate(schema, parse(query), [...specifiedRules, depthLimitRule(max)]).map((e) => e.message);
const depthErrors = (query: string, max = 4) => check(query, max).filter((m) => m.includes('maximum operation depth'));

describe('depthLimitRule (the query depth limit)', () => {
  it('admits a document up to the limit and refuses one level more, naming the operation', () => {
    expect(depthErrors(nested(3))).toEqual([]); // node + 3 child: the leaf is at level 4
    expect(depthErrors(nested(4))).toEqual(["'' exceeds maximum operation depth of 4"]);
    expect(depthErrors(`query Deep ${nested(4)}`)).toEqual(["'Deep' exceeds maximum operation depth of 4"]);
  });

  it('counts fields reached through fragments and inline fragments, and not introspection fields', () => {
    const viaFragments = `{ node { ...A } } fragment A on Node { child { ...B } } fragment B on Node { child { ... on Node { child { child { id } } } } }`;
    expect(depthErrors(viaFragments)).toEqual(["'' exceeds maximum operation depth of 4"]);
    expect(depthErrors(`{ node { child { child { __typename } } } }`, 3)).toEqual([]);
    expect(depthErrors(`{ __schema { types { fields { type { ofType { name } } } } } }`, 2)).toEqual([]);
  });

  it('a fragment cycle or an unknown fragment is left to graphql-js (a validation error), never a crash', () => {
    const cycle = `{ node { ...A } } fragment A on Node { id ...B } fragment B on Node { id ...A }`;
    expect(() => check(cycle)).not.toThrow();
    expect(check(cycle).join('\n')).toMatch(/Cannot spread fragment "A" within itself/);
    expect(() => check(`{ node { ...Nope } }`)).not.toThrow();
    expect(check(`{ node { ...Nope } }`)).toEqual(['Unknown fragment "Nope".']);
  });

  it('measures each fragment once: a long chain spread by many aliases is cheap', () => {
    const chain = Array.from({ length: 200 }, (_, i) => `fragment f${i} on Node { id ...f${i + 1} }`).join(' ') + ' fragment f200 on Node { child { id } }';
    const aliases = Array.from({ length: 100 }, (_, i) => `a${i}: node { ...f0 }`).join(' ');
    // Without the memo this would walk 20,000 spreads; with it about 300.
    expect(depthErrors(`{ ${aliases} } ${chain}`)).toEqual([]);
    expect(depthErrors(`{ ${aliases} } ${chain}`, 1)).toEqual(["'' exceeds maximum operation depth of 1"]);
  });
});
