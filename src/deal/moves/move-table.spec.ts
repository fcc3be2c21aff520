import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MOVE_TABLE } from './move-table';
import { DEAL_EVENT_TYPES } from '../events';

// The table of moves is the one place a move is declared (#16 item 3): what is derived from it must agree with it.
describe('the table of moves', () => {
  it('names every move, command, event type and mutation once', () => {
    for (const key of ['kind', 'commandType', 'mutation'] as const) {
      const names = MOVE_TABLE.map((d) => (key === 'mutation' ? d.mutation.name : d[key]));
      expect(new Set(names).size).toBe(names.length);
    }
    const own = MOVE_TABLE.map((d) => d.eventTypes[0]);
    expect(new Set(own).size).toBe(own.length);
  });
  it('every event type a move records is a deal event type', () => {
    for (const d of MOVE_TABLE) for (const t of d.eventTypes) expect(DEAL_EVENT_TYPES).toContain(t);
  });
  it("the GraphQL guide's list of moves (docs/graphql.md) has one row per move of the table, with its description", () => {
    const readme = readFileSync(join(__dirname, '../../../docs/graphql.md'), 'utf8');
    const rows = readme.split('\n').filter((l) => /^\| `[a-zA-Z]+` \| .* \| [RD]\d/.test(l));
    for (const d of MOVE_TABLE) expect(rows.find((r) => r.startsWith(`| \`${d.mutation.name}\` |`))).toMatch(d.description);
    expect(rows.filter((r) => MOVE_TABLE.some((d) => r.startsWith(`| \`${d.mutation.name}\` |`)))).toHaveLength(MOVE_TABLE.length);
  });
});
