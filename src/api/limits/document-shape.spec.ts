import { documentShapeProblem } from './document-shape';

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
