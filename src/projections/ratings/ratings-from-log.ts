import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ProjectionRows } from '../projection-definition';
import type { ReadModelDb } from '../read-model-database';
import { RatingBook } from './rating-book';
import { RATING_ENTRY_FIRST, type RatingLogEntry } from './rating-log';
import type { RatingModel } from './rating-model';
import { stepWriter } from './rating-steps';
import { EDGE_KEY, playerKey, type RatingDeal, type RatingRow } from './ratings-fold';

/** Entries read per statement (the load gives the event loop a turn between chunks). */
const CHUNK = 5000;

/**
 * A model's rows loaded from zero from the rating log (rating-log.ts) instead of the log of events
 * (ProjectionDefinition.derivedFrom): the log's entries folded in memory (RatingBook, the same
 * steps as the projection's fold), each entry's step written to `steps` as it is taken, then each
 * player's row, the edge and the deals' rows written once. Each deal's row is the log's row of it,
 * with what a rated table deal's step changed; each table's row the log's.
 */
export async function ratingsFromLog(
  model: RatingModel,
  db: ReadModelDb,
  log: string,
  steps: string,
): Promise<{ write(rows: ProjectionRows<RatingRow>): void }> {
  // The steps are written as the fold takes them, a chunk per transaction (never held in memory: one per entry); cleared
  // first, so a load cut short and run again writes each once.
  db.prepare(`DELETE FROM ${steps}`).run();
  const writeStep = stepWriter(db, steps, model);
  let position = '';
  const range = db.prepare(`SELECT key, json FROM ${log} WHERE key > ? AND key < ?`).raw();
  const deals = range.all('deal\u0000', 'deal\u0001') as Array<[string, string]>;
  const tables = range.all('table\u0000', 'table\u0001') as Array<[string, string]>;
  // A table deal's undo is read by a withdrawal of it or for its row at the end; kept for every
  // table deal of the log, the undos grew with the log (about 65 MB a model at 100,000 deals).
  const withdrawn = db
    .prepare(`SELECT json_extract(entry, '$.dealId') FROM ${log} WHERE key > ? AND key < 'g\u0001' AND entry LIKE '{"kind":"withdrawn",%'`)
    .pluck()
    .all(RATING_ENTRY_FIRST) as string[];
  const wanted = new Set([...withdrawn, ...deals.map(([key]) => key.slice('deal\u0000'.length))]);
  const book = new RatingBook(
    model,
    (seats) => writeStep.put(position, seats),
    (dealId) => wanted.has(dealId),
  );
  const next = db.prepare(`SELECT key, entry FROM ${log} WHERE key > ? AND key < 'g\u0001' ORDER BY key LIMIT ?`).raw();
  const fold = db.transaction((chunk: Array<[string, string]>) => {
    for (const [key, entry] of chunk) {
      position = key.slice(RATING_ENTRY_FIRST.length);
      book.apply(JSON.parse(entry) as RatingLogEntry);
    }
    writeStep.flush();
  });
  for (let after = RATING_ENTRY_FIRST; ;) {
    const chunk = next.all(after, CHUNK) as Array<[string, string]>;
    fold(chunk);
    if (chunk.length < CHUNK) break;
    after = chunk[chunk.length - 1][0];
    await nextTurn();
  }
  return {
    write(rows) {
      for (const [key, json] of deals) {
        const { rated, ...deal } = JSON.parse(json) as RatingDeal & { rated?: boolean };
        const undo = deal.scored && rated ? (book.undoOf(key.slice('deal\u0000'.length)) ?? null) : null;
        rows.put(key, deal.scored === undefined ? deal : { ...deal, scored: deal.scored, undo }, null);
      }
      for (const [key, json] of tables) rows.put(key, JSON.parse(json) as RatingRow, null);
      if (book.edge.games > 0) rows.put(EDGE_KEY, book.edge, null);
      // In key order: each row goes at the end of the table's b-tree instead of anywhere in it.
      const players = [...book.players.values()].map((row) => [playerKey(row.player), row] as const);
      players.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
      for (const [key, row] of players) rows.put(key, row, null);
    },
  };
}
