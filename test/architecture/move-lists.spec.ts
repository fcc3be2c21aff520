import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CORE_DEAL_EVENT_TYPES } from '../../src/deal/core-events';
import { DEAL_EVENT_TYPES } from '../../src/deal/events';
import { MOVE_COMMAND_TYPES, MOVE_TABLE, branchMoves } from '../../src/deal/moves/move-table';
import { viewerMoves } from '../../src/viewer/write-viewer-moves';

/**
 * The table of moves is the only list of moves (issue #25 item 1): every other place that names the
 * moves (the move files, the deal's event types, the schema's mutations and enums, the viewer's
 * move-table.js, the GraphQL guide) must hold exactly the table's moves. A move in one and not in
 * another fails here, named.
 */
const ROOT = join(__dirname, '../..');
const MOVES_DIR = join(ROOT, 'src/deal/moves');
const SCHEMA = readFileSync(join(ROOT, 'schema.gql'), 'utf8');

/** The names a block of schema.gql declares: an enum's values, or a type's fields (`type Mutation`). */
function schemaNames(head: string): string[] {
  const start = SCHEMA.indexOf(`\n${head} {\n`);
  if (start < 0) throw new Error(`schema.gql has no ${head}`);
  const body = SCHEMA.slice(start + head.length + 4, SCHEMA.indexOf('\n}\n', start));
  // Descriptions ("""...""") are not names; a name starts its line at two spaces.
  const withoutDescriptions = body.replace(/"""[\s\S]*?"""/g, '');
  return [...withoutDescriptions.matchAll(/^ {2}([A-Za-z_]\w*)/gm)].map((m) => m[1]);
}

interface Declared {
  readonly kind: string;
  readonly commandType: string;
  readonly mutation: { readonly name: string };
}
const isDefinition = (v: unknown): v is Declared =>
  typeof v === 'object' && v !== null && typeof (v as Declared).kind === 'string' && typeof (v as Declared).commandType === 'string' && 'mutation' in v;

/** The move definitions the files of src/deal/moves/ export, whether or not the table lists them. */
function definitionsInFiles(): { file: string; kind: string }[] {
  return readdirSync(MOVES_DIR)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts') && f !== 'move-table.ts' && f !== 'move-definition.ts')
    .flatMap((file) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const exported = require(join(MOVES_DIR, file)) as Record<string, unknown>;
      return Object.values(exported)
        .filter(isDefinition)
        .map((d) => ({ file, kind: d.kind }));
    });
}

const missing = (list: readonly string[], from: readonly string[]): string[] => from.filter((n) => !list.includes(n));

describe('one list of moves: the table (issue #25 item 1)', () => {
  const kinds = MOVE_TABLE.map((d) => d.kind);

  it('every move a file of src/deal/moves/ declares is in the table, and every table move has its file', () => {
    const inFiles = definitionsInFiles();
    expect(
      missing(
        kinds,
        inFiles.map((d) => d.kind),
      ).map((k) => `${k} (${inFiles.find((d) => d.kind === k)?.file}) is not in move-table.ts`),
    ).toEqual([]);
    expect(
      missing(
        inFiles.map((d) => d.kind),
        kinds,
      ),
    ).toEqual([]);
  });

  it("the deal's event types are those no move records and those the moves record, each once", () => {
    const moveEvents = [...new Set(MOVE_TABLE.flatMap((d) => d.eventTypes as readonly string[]))];
    expect(missing(DEAL_EVENT_TYPES, moveEvents)).toEqual([]);
    expect(moveEvents.filter((t) => (CORE_DEAL_EVENT_TYPES as readonly string[]).includes(t))).toEqual([]);
    expect([...DEAL_EVENT_TYPES].sort()).toEqual([...CORE_DEAL_EVENT_TYPES, ...moveEvents].sort());
    expect(MOVE_COMMAND_TYPES).toEqual(MOVE_TABLE.map((d) => d.commandType));
  });

  it('the committed schema.gql has each move: its mutation, its MoveKind, its BranchMoveKind, its events (run npm run schema)', () => {
    const mutations = schemaNames('type Mutation');
    expect(
      missing(
        mutations,
        MOVE_TABLE.map((d) => d.mutation.name),
      ),
    ).toEqual([]);
    const engineKinds = MOVE_TABLE.flatMap((d) => ('engineKind' in d && d.engineKind ? [d.engineKind as string] : []));
    expect(schemaNames('enum MoveKind').sort()).toEqual([...engineKinds].sort());
    expect(schemaNames('enum BranchMoveKind').sort()).toEqual(
      branchMoves()
        .map((d) => (d.branch as { value: string }).value)
        .sort(),
    );
    expect(
      missing(
        schemaNames('enum DealEventType'),
        MOVE_TABLE.flatMap((d) => d.eventTypes as readonly string[]),
      ),
    ).toEqual([]);
  });

  it("the viewer's move-table.js names every move with its mutation and events, nothing more", () => {
    expect(viewerMoves()).toEqual(MOVE_TABLE.map((d) => expect.objectContaining({ kind: d.kind, mutation: d.mutation.name, eventTypes: d.eventTypes })));
  });

  it('the GraphQL guide (docs/graphql.md) has a row for each move and for no other', () => {
    const guide = readFileSync(join(ROOT, 'docs/graphql.md'), 'utf8');
    const rows = [...guide.matchAll(/^\| `([a-zA-Z]+)` \| .* \| [RD]\d/gm)].map((m) => m[1]);
    const names = MOVE_TABLE.map((d) => d.mutation.name);
    expect(missing(rows, names)).toEqual([]);
    expect(rows.filter((r) => !names.includes(r) && mutationsOutsideTheTable().includes(r) === false)).toEqual([]);
  });
});

/** The guide's other mutation rows (startDeal, correctScore, ...): mutations of the schema that are no move. */
function mutationsOutsideTheTable(): string[] {
  const moves = MOVE_TABLE.map((d) => d.mutation.name);
  return schemaNames('type Mutation').filter((m) => !moves.includes(m));
}
