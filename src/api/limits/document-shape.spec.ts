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
