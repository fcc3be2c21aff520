import { buildSchema, parse } from 'graphql';
import { documentProblemReason, documentShapeProblem } from './document-shape';
import { operationCost } from './complexity-plugin';
import { ARGUMENT_FIELD_COST } from './argument-floor';

describe('document shape check (issue 13)', () => {
  it('passes ordinary documents, strings and comments included', () => {
    expect(documentShapeProblem('{ deal(id: "x") { frames { hands { forehand { code } } } } }')).toBeNull();
    expect(documentShapeProblem('# {{{{{{\n{ a(s: "{{{{ fragment fragment") }')).toBeNull();
    expect(documentShapeProblem('{ a(s: """ {{{{{{{{ """) { b } } fragment f on Q { a } query x { ...f }')).toBeNull();
    expect(documentShapeProblem('{ fragments fragmentX }')).toBeNull();
  });

  it('refuses too deep nesting and too many fragments before anything recursive runs', () => {
    expect(documentShapeProblem(`${'{ a '.repeat(65)}${'}'.repeat(65)}`)).toMatch(/deeper than 64/);
    const chain = Array.from({ length: 201 }, (_, i) => `fragment f${i} on Query { ...f${i + 1} }`).join(' ');
    expect(documentShapeProblem(`{ ...f0 } ${chain}`)).toMatch(/more than 200 fragments/);
  });
});

describe('document size and token limits before parsing (issue 24 item 1)', () => {
  it('refuses a document over the byte or the token limit in one pass, a string counting one token', () => {
    expect(documentShapeProblem('{ a }'.padEnd(101, ' '), { maxBytes: 100 })).toMatch(/longer than 100 characters/);
    const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: deal(id: "x") { id }`).join(' ')} }`;
    // each alias: a0 : deal ( id : "x" ) { id } = 11 tokens, and the outer braces
    expect(documentShapeProblem(aliases(10), { maxTokens: 112 })).toBeNull();
    expect(documentShapeProblem(aliases(10), { maxTokens: 111 })).toMatch(/more than 111 tokens/);
    expect(documentShapeProblem(`{ deal(id: "${'x'.repeat(5000)}") { id } }`, { maxTokens: 11 })).toBeNull();
    expect(documentShapeProblem('# a comment of many words is no token at all\n{ a }', { maxTokens: 3 })).toBeNull();
  });
});

describe('fields given arguments counted before parsing (issue 24 item 1: a refusal costs less than the parse it saves)', () => {
  const schema = buildSchema(`
    type Frame { step: Int }
    type Deal { id: ID frames(from: Int, to: Int): [Frame!]! }
    type Page { totalCount: Int nodes: [Deal!]! }
    input Filter { player: String }
    type Query { deal(id: ID!): Deal deals(first: Int, filter: Filter): Page }
  `);
  const none = { readCost: () => ({ rows: 0, known: true }) };
  const aliases = (n: number, one: (k: number) => string) => `{ ${Array.from({ length: n }, (_, k) => `x${k}: ${one(k)}`).join(' ')} }`;
  const limits = { maxArgumentFields: Math.floor(5000 / ARGUMENT_FIELD_COST) };

  it('refuses an operation with more such fields than the cost limit admits, and never one the cost walk would admit', () => {
    const documents = [
      aliases(limits.maxArgumentFields, (k) => `deal(id: "${k}") { id }`),
      aliases(limits.maxArgumentFields + 1, (k) => `deal(id: "${k}") { id }`),
      aliases(60, (k) => `deal(id: "${k}") { frames(from: 1) { step } }`),
      aliases(40, (k) => `deals(first: 0, filter: { player: "p${k}" }) { nodes { frames(to: 0) { step } } }`),
      `query Q($f: Filter = { player: "x" }) ${aliases(120, (k) => `deal(id: "${k}") { id }`)}`,
      `{ ${'a: deal(id: "1") { id } '.repeat(120)} }`,
      `query A { a: __typename } ${aliases(120, (k) => `deal(id: "${k}") { id }`).replace('{', 'query B {')}`,
    ];
    for (const text of documents) {
      const problem = documentShapeProblem(text, limits);
      const { cost } = operationCost(schema, parse(text), {}, text.startsWith('query A') ? 'B' : undefined, none);
      if (problem) expect(cost).toBeGreaterThan(5000);
      expect(problem === null).toBe(text.startsWith('query A') || cost <= 5000);
    }
    expect(documentProblemReason(documentShapeProblem(documents[1], limits)!)).toBe('QUERY_TOO_COMPLEX');
  });

  it('leaves fragments, inline fragments and documents with directives to the cost walk', () => {
    const many = aliases(200, (k) => `deal(id: "${k}") { id }`);
    expect(documentShapeProblem(`fragment F on Query ${many} { ...F }`, limits)).toBeNull();
    expect(documentShapeProblem(`{ ... on Query ${many} }`, limits)).toBeNull();
    expect(documentShapeProblem(many.replace(/\{ id \}/g, '@skip(if: true) { id }'), limits)).toBeNull();
  });
});
