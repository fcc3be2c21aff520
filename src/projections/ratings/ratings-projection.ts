import { jsonRows } from '../json-rows';
import { liveTableName, type ProjectionDefinition } from '../projection-definition';
import { RATING_MODELS } from './rating-models';
import { ratingsFromLog } from './ratings-from-log';
import type { RatingModel } from './rating-model';
import { isStepKey, STEPS_COLUMNS, stepPositionOf, stepsTableOf, stepWriter, type RatingStepRow } from './rating-steps';
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
    // 4: a table's row, its deal before dropped once the next starts; 5: its steps, the seats' ratings after each entry (rating-steps.ts).
    version: 5,
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
      // The three seats' ratings after each rated game or withdrawal: the ratings as of a position, by seeks (rating-steps.ts).
      { name: stepsTableOf(model), columns: STEPS_COLUMNS, withoutRowid: true },
    ],
    eventTypes: RATING_EVENT_TYPES,
    keysOf: (event, rowOf) => ratingKeysOf(event, rowOf, unrated),
    fold: () => {
      throw new Error('ratings fold all their rows together (foldKeys)');
    },
    foldKeys: (rows, event, keys) => foldRatings(model, rows, event, keys),
    // Loaded from zero with the rating log, from its entries folded in memory: each row written once (npm run bench -- ratings).
    derivedFrom: { source: 'rating-log', load: (db, source, target) => ratingsFromLog(model, db, source.rating_log, target[stepsTableOf(model)]) },
    // A start of a deal of no table writes its deal's row only: nothing to look up in a load from zero.
    startsRow: startsNoRow,
    rows: (db, tables) => {
      const rows = jsonRows<RatingRow>(db, tables[table], 'key', (row) => ({
        kind: row.kind,
        score: row.kind === 'player' ? model.score(row.state) : null,
        games: row.kind === 'player' ? row.games : null,
      }));
      const step = stepWriter(db, tables[stepsTableOf(model)], model);
      return {
        // A step's key is new with its event: nothing to look up.
        get: (key) => (isStepKey(key) ? null : rows.get(key)),
        put(key, row, stored) {
          if (row.kind !== 'step') return rows.put(key, row, stored);
          step.put(stepPositionOf(key), (row as RatingStepRow).seats);
        },
        delete: (key, stored) => (isStepKey(key) ? undefined : rows.delete(key, stored)),
        endBatch: () => step.flush(),
      };
    },
  };
}

/** Every model's projection, the deals of `unratedTournaments` (the private ones) rated by none. */
export function ratingsProjections(unratedTournaments: readonly string[] = []): ProjectionDefinition<RatingRow>[] {
  return RATING_MODELS.map((model) => ratingsProjection(model, unratedTournaments));
}

export const RATINGS_PROJECTIONS: readonly ProjectionDefinition<RatingRow>[] = ratingsProjections();

/** The live table of a model's ratings. */
export const ratingsTable = (model: RatingModel): string => liveTableName(RATINGS_PROJECTIONS[RATING_MODELS.indexOf(model)], tableOf(model));

/** The live table of a model's steps (its ratings through time). */
export const ratingStepsTable = (model: RatingModel): string => liveTableName(RATINGS_PROJECTIONS[RATING_MODELS.indexOf(model)], stepsTableOf(model));
