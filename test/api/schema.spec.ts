import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse, print, visit, type ASTNode } from 'graphql';
import { generateSchemaText } from '../../src/api/schema/generate-schema';

/** The schema's text without its descriptions, so that shapes read as one line each. */
const withoutDescriptions = (text: string): string =>
  print(visit(parse(text), { enter: (node: ASTNode) => ('description' in node && node.description ? { ...node, description: undefined } : undefined) }));

// The committed schema.gql is the API contract: generated in memory here, never rewritten by tests.
describe('GraphQL schema', () => {
  it('matches the committed schema.gql (run `npm run schema` after changing a type)', async () => {
    const committed = readFileSync(resolve(__dirname, '..', '..', 'schema.gql'), 'utf8');
    const generated = await generateSchemaText();
    expect(generated).toBe(committed);
  });

  it('names the contract shapes of issue 5', async () => {
    const text = withoutDescriptions(await generateSchemaText());
    for (const line of [
      // An optional asOf (issue 28) leaves every call of issue 5 valid.
      'deal(asOf: AsOfInput, id: ID!): Deal',
      'scoreSheet(asOf: AsOfInput, tableId: ID!): ScoreSheet',
      'playerStats(asOf: AsOfInput, player: String!): PlayerStats',
      'importIss(records: String!): ImportReport!',
      'passedIn: Boolean!',
      'agrees: Boolean!',
      'intact: Boolean!',
    ]) {
      expect(text).toContain(line);
    }
    expect(text).toMatch(/enum Seat \{\s+FOREHAND\s+MIDDLEHAND\s+REARHAND\s+\}/);
    // Revisions are bigints: strings at the edge, never Int.
    expect(text).not.toMatch(/revision: Int/i);
    expect(text).not.toMatch(/expectedRevision: Int/);
  });
});
