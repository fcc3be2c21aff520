import type { ReadModelDb } from '../read-model-database';
import type { RatingModel } from './rating-model';
import type { PlayerRatingRow } from './rating-step';

/**
 * A model's ratings through time (issue 28 item 2 on item 3): one step per rated game or
 * withdrawal of a rated game's end, keyed by its event's position, holding the three seats'
 * ratings after it (none: the withdrawal left that player without a rated game). The rating log's
 * seats (rating-log.ts: player, position, seat; one index for every model) find a player's latest
 * entry at or before a position; his rating then is that entry's step, at his seat: two seeks
 * instead of the fold of every entry of the rating log up to the cut. Steps go in log order, at
 * the end of their table, so a load from zero writes each once and builds no index.
 */
export interface RatingStepRow {
  readonly kind: 'step';
  /** The ratings after the step, by seat (the deal's players in seat order). */
  readonly seats: readonly (PlayerRatingRow | null)[];
}

const STEP = 'step\u0000';

/** A step's key: the sortable position of its event. */
export const stepKey = (sortablePosition: string): string => `${STEP}${sortablePosition}`;
export const isStepKey = (key: string): boolean => key.startsWith(STEP);
export const stepPositionOf = (key: string): string => key.slice(STEP.length);

/** The logical name of a model's steps table (`rating_elo_steps`). */
export const stepsTableOf = (model: RatingModel): string => `rating_${model.id.replace(/-/g, '_')}_steps`;

/** Per seat (0-2): the rating's score, its state as JSON and its counts (all null: no rating then). */
const SEAT_COLUMNS = ['score', 'state', 'games', 'declared', 'declared_won'] as const;
const seatColumns = (seat: number): string[] => SEAT_COLUMNS.map((c) => `${c}${seat}`);

export const STEPS_COLUMNS = `position TEXT PRIMARY KEY, ${[0, 1, 2]
  .flatMap((seat) => seatColumns(seat).map((c, i) => `${c} ${i === 1 ? 'TEXT' : i === 0 ? 'REAL' : 'INTEGER'}`))
  .join(', ')}`;

/** Steps written per statement: one statement of many rows costs less than a row each (npm run bench -- ratings, (c)). */
const ROWS_PER_INSERT = 16;
const COLUMN_COUNT = 1 + 3 * SEAT_COLUMNS.length;

/**
 * Writes a model's steps (never read back by the fold: a step's key is new with its event),
 * ROWS_PER_INSERT to a statement; `flush` writes the rest, before the transaction ends.
 */
export function stepWriter(
  db: ReadModelDb,
  table: string,
  model: RatingModel,
): { put(position: string, seats: readonly (PlayerRatingRow | null)[]): void; flush(): void } {
  const names = ['position', ...[0, 1, 2].flatMap(seatColumns)].join(', ');
  const marks = `(${Array<string>(COLUMN_COUNT).fill('?').join(', ')})`;
  const sql = (rows: number) => `INSERT OR REPLACE INTO ${table} (${names}) VALUES ${Array<string>(rows).fill(marks).join(', ')}`;
  const many = db.prepare(sql(ROWS_PER_INSERT));
  const one = db.prepare(sql(1));
  const values: unknown[] = [];
  return {
    put(position, seats) {
      values.push(position);
      for (let seat = 0; seat < 3; seat++) {
        const r = seats[seat] ?? null;
        if (r === null) values.push(null, null, null, null, null);
        else values.push(model.score(r.state), JSON.stringify(r.state), r.games, r.declared, r.declaredWon);
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

/** player, state, games, declared, declared_won (state null: no rating then). */
type SeatColumns = [string, string | null, number | null, number | null, number | null];

const ratingOf = (c: SeatColumns): PlayerRatingRow | null =>
  c[1] === null ? null : { kind: 'player', player: c[0], state: JSON.parse(c[1]) as number[], games: c[2]!, declared: c[3]!, declaredWon: c[4]! };

/** The seat's column `name` of a step `s` whose seat is `e.seat`. */
const atSeat = (name: (typeof SEAT_COLUMNS)[number]): string => `CASE e.seat WHEN 0 THEN s.${name}0 WHEN 1 THEN s.${name}1 ELSE s.${name}2 END`;
const SEAT_SELECT = `e.player, ${['state', 'games', 'declared', 'declared_won'].map((c) => atSeat(c as (typeof SEAT_COLUMNS)[number])).join(', ')}`;

/**
 * The best `first` players as of a position: each player's latest entry at or before it (every
 * player visited by a skip scan of the seats' index, one seek for his entry), his rating the step's
 * at his seat, ordered by score, then by name (the live leaderboard's order: its keys' bytes). CPU
 * in proportion to the players who ever had a rating.
 */
export function leaderboardAsOf(db: ReadModelDb, seats: string, steps: string, position: string, first: number): PlayerRatingRow[] {
  const rows = db
    .prepare(
      `WITH RECURSIVE p(player) AS (
         SELECT min(player) FROM ${seats}
         UNION ALL
         SELECT (SELECT min(player) FROM ${seats} WHERE player > p.player) FROM p WHERE p.player IS NOT NULL
       ),
       rated AS (
         SELECT ${SEAT_SELECT}, ${atSeat('score')} AS score
           FROM p
           JOIN ${seats} e ON e.rowid = (SELECT rowid FROM ${seats} WHERE player = p.player AND position <= ? ORDER BY position DESC LIMIT 1)
           JOIN ${steps} s ON s.position = e.position
       )
       SELECT * FROM rated WHERE score IS NOT NULL ORDER BY score DESC, player LIMIT ?`,
    )
    .raw()
    .all(position, first) as SeatColumns[];
  return rows.map((c) => ratingOf(c)!);
}

/** The player's rating as of a position (null: none then). */
export function playerAsOf(db: ReadModelDb, seats: string, steps: string, player: string, position: string): PlayerRatingRow | null {
  const c = db
    .prepare(
      `SELECT ${SEAT_SELECT} FROM ${seats} e JOIN ${steps} s ON s.position = e.position
        WHERE e.player = ? AND e.position <= ? ORDER BY e.position DESC LIMIT 1`,
    )
    .raw()
    .get(player, position) as SeatColumns | undefined;
  return c ? ratingOf(c) : null;
}
