import type { ReadModelDb } from '../read-model-database';
import type { RatingModel } from './rating-model';
import type { PlayerRatingRow } from './rating-step';

/**
 * A model's ratings through time (issue 28 item 2 on item 3): one step per player per rated game
 * or withdrawal that moved him, keyed by the player and the position of the event that moved him,
 * holding his rating after it (none: the withdrawal left him without a rated game). His rating as
 * of a position is then his latest step at or before it: one index seek instead of the fold of
 * every entry of the rating log up to the cut.
 */
export interface RatingStepRow {
  readonly kind: 'step';
  readonly rating: PlayerRatingRow | null;
}

const STEP = 'step\u0000';

/** A step's key: the player, then the sortable position of the event that moved him. */
export const stepKey = (player: string, sortablePosition: string): string => `${STEP}${player}\u0000${sortablePosition}`;
export const isStepKey = (key: string): boolean => key.startsWith(STEP);

/** The logical name of a model's steps table (`rating_elo_steps`). */
export const stepsTableOf = (model: RatingModel): string => `rating_${model.id.replace(/-/g, '_')}_steps`;

/**
 * Its columns: the position (sortable) and the player, the rating's score, state (up to three
 * numbers: every model's) and counts (null: no rating then). Rows go in log order, at the table's
 * end; the index by player and position, which the as-of reads seek in, a load from zero builds
 * once after its rows (a sort) instead of inserting each row into it.
 */
export const STEPS_COLUMNS =
  'position TEXT NOT NULL, player TEXT NOT NULL, score REAL, s0 REAL, s1 REAL, s2 REAL, games INTEGER, declared INTEGER, declared_won INTEGER';
export const STEPS_INDEXES = { player: 'player, position' } as const;

/** Steps written per statement: one statement of many rows costs less than a row each (npm run bench -- ratings, (c)). */
const ROWS_PER_INSERT = 32;
const COLUMN_COUNT = 9;

/**
 * Writes steps into a model's steps table (never read back by the fold: a step key has no row
 * before its event), ROWS_PER_INSERT to a statement; `flush` writes the rest, before the
 * transaction ends.
 */
export function stepWriter(
  db: ReadModelDb,
  table: string,
  model: RatingModel,
): { put(player: string, position: string, rating: PlayerRatingRow | null): void; flush(): void } {
  const sql = (rows: number) =>
    `INSERT INTO ${table} (position, player, score, s0, s1, s2, games, declared, declared_won) VALUES ${Array<string>(rows).fill('(?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`;
  const many = db.prepare(sql(ROWS_PER_INSERT));
  const one = db.prepare(sql(1));
  const values: unknown[] = [];
  return {
    put(player, position, r) {
      if (r === null) values.push(position, player, null, null, null, null, null, null, null);
      else {
        const s = r.state;
        if (s.length > 3) throw new Error(`rating model ${model.id}: a state of ${s.length} numbers (steps hold up to three)`);
        values.push(position, player, model.score(s), s[0] ?? null, s[1] ?? null, s[2] ?? null, r.games, r.declared, r.declaredWon);
      }
      if (values.length === ROWS_PER_INSERT * COLUMN_COUNT) {
        many.run(values);
        values.length = 0;
      }
    },
    flush() {
      for (let i = 0; i < values.length; i += COLUMN_COUNT) one.run(values.slice(i, i + COLUMN_COUNT));
      values.length = 0;
    },
  };
}

/** A step row's key taken apart (the position holds no NUL). */
export function stepOfKey(key: string): { player: string; position: string } {
  const at = key.lastIndexOf('\u0000');
  return { player: key.slice(STEP.length, at), position: key.slice(at + 1) };
}

/** player, score, s0-s2, games, declared, declared_won. */
type StepColumns = [string, number | null, number | null, number | null, number | null, number | null, number | null, number | null];

/** A step's columns (COLUMNS) as a rating row; the state as many numbers as the model's (`size`). */
const ratingOf = (c: StepColumns, size: number): PlayerRatingRow | null =>
  c[2] === null
    ? null
    : { kind: 'player', player: c[0], state: [c[2], c[3], c[4]].slice(0, size) as number[], games: c[5]!, declared: c[6]!, declaredWon: c[7]! };

const COLUMNS = 's.player, s.score, s.s0, s.s1, s.s2, s.games, s.declared, s.declared_won';

/**
 * The best `first` players as of a position: each player's latest step at or before it (every
 * player visited by a skip scan of the index by player, one seek for his step), ordered by score,
 * then by name (the live leaderboard's order: its keys' bytes). CPU in proportion to the players.
 */
export function leaderboardAsOf(db: ReadModelDb, table: string, model: RatingModel, position: string, first: number): PlayerRatingRow[] {
  const rows = db
    .prepare(
      `WITH RECURSIVE p(player) AS (
         SELECT min(player) FROM ${table}
         UNION ALL
         SELECT (SELECT min(player) FROM ${table} WHERE player > p.player) FROM p WHERE p.player IS NOT NULL
       )
       SELECT ${COLUMNS} FROM p
         JOIN ${table} s ON s.rowid = (SELECT rowid FROM ${table} WHERE player = p.player AND position <= ? ORDER BY position DESC LIMIT 1)
        WHERE s.s0 IS NOT NULL
        ORDER BY s.score DESC, s.player
        LIMIT ?`,
    )
    .raw()
    .all(position, first) as StepColumns[];
  const size = model.initial().length;
  return rows.map((c) => ratingOf(c, size)!);
}

/** The player's rating as of a position (null: none then). */
export function playerAsOf(db: ReadModelDb, table: string, model: RatingModel, player: string, position: string): PlayerRatingRow | null {
  const c = db.prepare(`SELECT ${COLUMNS} FROM ${table} s WHERE player = ? AND position <= ? ORDER BY position DESC LIMIT 1`).raw().get(player, position) as
    StepColumns | undefined;
  return c ? ratingOf(c, model.initial().length) : null;
}
