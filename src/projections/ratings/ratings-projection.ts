import { jsonRows } from '../json-rows';
import { liveTableName, type ProjectionDefinition } from '../projection-definition';
import { RATING_MODELS } from './rating-models';
import type { RatingModel } from './rating-model';
import { foldRatings, RATING_EVENT_TYPES, ratingKeysOf, type RatingRow } from './ratings-fold';

/** The projection's name and its table's logical name, from the model's id (`elo-weighted` → `ratings-elo-weighted`, `rating_elo_weighted`). */
const tableOf = (model: RatingModel): string => `rating_${model.id.replace(/-/g, '_')}`;

/**
 * One model's ratings as a registered projection (issue 28 item 3): per-player rows, folded
 * together with the defenders' (foldKeys), in log order, so a rebuild from zero gives the ratings
 * the live fold did. A later correction (ScoreCorrected) does not re-rate: a rating is the fold
 * of the games as first scored, the same live and from zero.
 */
export function ratingsProjection(model: RatingModel): ProjectionDefinition<RatingRow> {
  const table = tableOf(model);
  return {
    name: `ratings-${model.id}`,
    version: 1,
    tables: [
      {
        name: table,
        columns: 'key TEXT PRIMARY KEY, kind TEXT NOT NULL, score REAL, games INTEGER, json TEXT NOT NULL',
        indexes: { board: 'kind, score' },
      },
    ],
    eventTypes: RATING_EVENT_TYPES,
    keysOf: ratingKeysOf,
    fold: () => {
      throw new Error('ratings fold all their rows together (foldKeys)');
    },
    foldKeys: (rows, event, keys) => foldRatings(model, rows, event, keys),
    rows: (db, tables) =>
      jsonRows<RatingRow>(db, tables[table], 'key', (row) => ({
        kind: row.kind,
        score: row.kind === 'player' ? model.score(row.state) : null,
        games: row.kind === 'player' ? row.games : null,
      })),
  };
}

export const RATINGS_PROJECTIONS: readonly ProjectionDefinition<RatingRow>[] = RATING_MODELS.map(ratingsProjection);

/** The live table of a model's ratings. */
export const ratingsTable = (model: RatingModel): string => liveTableName(RATINGS_PROJECTIONS[RATING_MODELS.indexOf(model)], tableOf(model));
