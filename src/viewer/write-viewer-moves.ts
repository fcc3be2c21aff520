import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { moveDefinitions } from '../deal/moves/move-table';

/**
 * What the pages know of each move, taken from the table of moves (src/deal/moves/): its kind, the
 * mutation that records it, the event types it records and its words. The browser code cannot import
 * the table (it is bundled on its own), so `npm run build` writes this into the viewer's assets
 * (`move-table.js`, typed by src/viewer/web/move-table.d.ts): a new move reaches the pages with no line there.
 */
export function viewerMoves(): readonly object[] {
  return moveDefinitions().map((d) => ({
    kind: d.kind,
    mutation: d.mutation.name,
    eventTypes: d.eventTypes,
    fields: d.mutation.fields.map((f) => f.name),
    ...(d.words ? { words: d.words } : {}),
  }));
}

/** The browser module: the moves as data, nothing to run. */
export function viewerMovesModule(): string {
  return `// Written by npm run build from src/deal/moves/move-table.ts (src/viewer/write-viewer-moves.ts): do not edit.\nexport const MOVES = ${JSON.stringify(viewerMoves(), null, 2)};\n`;
}

// `node dist/viewer/write-viewer-moves.js [dir]`: writes move-table.js into the built viewer (default: beside this file's web/).
if (require.main === module) writeFileSync(join(process.argv[2] ?? join(__dirname, 'web'), 'move-table.js'), viewerMovesModule());
