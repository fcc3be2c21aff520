import { jsonRows } from '../json-rows';
import { liveTableName, type ProjectionDefinition } from '../projection-definition';
import { RATING_MODELS } from './rating-models';
import { ratingsFromLog } from './ratings-from-log';
import type { RatingModel } from './rating-model';
import { foldRatings, RATING_EVENT_TYPES, ratingKeysOf, startsNoRow, type RatingRow } from './ratings-fold';

/** The projection's name and its table's logical name, from the model's id (`elo-weighted` → `ratings-elo-weighted`, `rating_elo_weighted`). */
const tableOf = (model: RatingModel): string => `rating_${model.id.replace(/-/g, '_')}`;

/**
 * One model's ratings as a registered projection (issue 28 item 3): per-player rows, folded
 * together with the defenders' (foldKeys), in log order, so a rebuild from zero gives the ratings
 * the live fold did. A later correction (ScoreCorrected) does not re-rate: a rating is the fold
 * of the games as first scored, the same live and from zero.
 */
export function ratingsProjection(model: RatingModel, unratedTournaments: readonly string[] = []): ProjectionDefinition<RatingRow> {
  const table = tableOf(model);
  const unrated = new Set(unratedTournaments);
  return {
    name: `ratings-${model.id}`,
    // 2: a table deal's row kept after its score, and a withdrawn end (L24) taken back; 3: rows in key order (WITHOUT ROWID);
    // 4: a table's row, its deal before dropped once the next starts.
    version: 4,
    // Which tournaments are left out is configuration (the private ones): another set rebuilds the ratings.
    ...(unrated.size > 0 ? { variant: `unrated:${JSON.stringify([...unrated].sort())}` } : {}),
    tables: [
      {
        name: table,
        columns: 'key TEXT PRIMARY KEY, kind TEXT NOT NULL, score REAL, games INTEGER, json TEXT NOT NULL',
        indexes: { board: 'kind, score' },
        // Rows are looked up and replaced by key only: stored in key order, one b-tree instead of a table and its key's index.
        withoutRowid: true,
      },
    ],
    eventTypes: RATING_EVENT_TYPES,
    keysOf: (event, rowOf) => ratingKeysOf(event, rowOf, unrated),
    fold: () => {
      throw new Error('ratings fold all their rows together (foldKeys)');
    },
    foldKeys: (rows, event, keys) => foldRatings(model, rows, event, keys),
    // Loaded from zero with the rating log, from its entries folded in memory: each row written once (npm run bench -- ratings).
    derivedFrom: { source: 'rating-log', load: (db, source) => ratingsFromLog(model, db, source.rating_log) },
    // A start of a deal of no table writes its deal's row only: nothing to look up in a load from zero.
    startsRow: startsNoRow,
    rows: (db, tables) =>
      jsonRows<RatingRow>(db, tables[table], 'key', (row) => ({
        kind: row.kind,
        score: row.kind === 'player' ? model.score(row.state) : null,
        games: row.kind === 'player' ? row.games : null,
      })),
  };
}

/** Every model's projection, the deals of `unratedTournaments` (the private ones) rated by none. */
export function ratingsProjections(unratedTournaments: readonly string[] = []): ProjectionDefinition<RatingRow>[] {
  return RATING_MODELS.map((model) => ratingsProjection(model, unratedTournaments));
}

export const RATINGS_PROJECTIONS: readonly ProjectionDefinition<RatingRow>[] = ratingsProjections();

/** The live table of a model's ratings. */
export const ratingsTable = (model: RatingModel): string => liveTableName(RATINGS_PROJECTIONS[RATING_MODELS.indexOf(model)], tableOf(model));
