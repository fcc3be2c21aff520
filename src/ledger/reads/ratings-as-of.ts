import { EventLoopTurn } from '../event-loop-turn';
import type { AsOfCut } from '../../projections/as-of/as-of-cut';
import type { ReadModelDb } from '../../projections/read-model-db';
import { RatingBook } from '../../projections/ratings/rating-book';
import { RATING_ENTRY_FIRST, RATING_LOG_TABLE, RATING_SEATS_TABLE, type RatingLogEntry } from '../../projections/ratings/rating-log';
import type { RatingModel } from '../../projections/ratings/rating-model';
import { RATING_MODELS } from '../../projections/ratings/rating-models';
import { ratingStepsTable, ratingsTable } from '../../projections/ratings/ratings-projection';
import { playerRatings, ratingLeaderboard, ratingView, type PlayerRating } from '../../projections/ratings/ratings-queries';
import { leaderboardAsOf, playerAsOf } from '../../projections/ratings/rating-steps';
import { checkedModel } from './ratings-reads';

/** Entries read per statement: the fold yields between chunks, and no statement stays open across a turn. */
const CHUNK = 2000;

/** The next chunk of entries within the cut after `after` (a key), in log order: at or before a position, recorded then or before for a time. */
function chunkOf(db: ReadModelDb, cut: AsOfCut, after: string): Array<[string, string]> {
  return (
    cut.kind === 'position'
      ? db
          .prepare(`SELECT key, entry FROM ${RATING_LOG_TABLE} WHERE key > ? AND key <= ? ORDER BY key LIMIT ?`)
          .raw()
          .all(after, RATING_ENTRY_FIRST + cut.key, CHUNK)
      : db
          .prepare(`SELECT key, entry FROM ${RATING_LOG_TABLE} WHERE key > ? AND key < 'g\u0001' AND at <= ? ORDER BY key LIMIT ?`)
          .raw()
          .all(after, cut.key, CHUNK)
  ) as Array<[string, string]>;
}

/**
 * What ratings as of the cut take: the live rows when no entry of the rating log lies after it;
 * else the models' steps (rating-steps.ts) at a position, `steps`: the cut's, or for a time the
 * position of the last of the entries recorded then or before, when they are the log's first ones
 * (the clock never stepped back into the cut); else the fold of those entries (`entries` of them).
 * `players`: how many hold a rating now (every model rates the same games), what a leaderboard
 * from the steps visits. Through indexes only.
 */
export interface RatingsAsOfWork {
  readonly live: boolean;
  readonly steps: string | null;
  readonly entries: number;
  readonly players: number;
}

export function ratingsAsOfWork(db: ReadModelDb, cut: AsOfCut): RatingsAsOfWork {
  const after =
    cut.kind === 'position'
      ? db
          .prepare(`SELECT 1 FROM ${RATING_LOG_TABLE} WHERE key > ? AND key < 'g\u0001' LIMIT 1`)
          .pluck()
          .get(RATING_ENTRY_FIRST + cut.key)
      : db.prepare(`SELECT 1 FROM ${RATING_LOG_TABLE} WHERE at > ? LIMIT 1`).pluck().get(cut.key);
  if (after === undefined) return { live: true, steps: null, entries: 0, players: 0 };
  // Counted when asked (a leaderboard's cost), once: an index range of every player.
  let count: number | undefined;
  const counted = (work: Omit<RatingsAsOfWork, 'players'>): RatingsAsOfWork => ({
    ...work,
    get players() {
      return (count ??= db
        .prepare(`SELECT count(*) FROM ${ratingsTable(RATING_MODELS[0])} WHERE kind = 'player'`)
        .pluck()
        .get() as number);
    },
  });
  if (cut.kind === 'position') {
    const entries =
      (db
        .prepare(`SELECT n FROM ${RATING_LOG_TABLE} WHERE key > ? AND key <= ? ORDER BY key DESC LIMIT 1`)
        .pluck()
        .get(RATING_ENTRY_FIRST, RATING_ENTRY_FIRST + cut.key) as number | undefined) ?? 0;
    return counted({ live: false, steps: cut.key, entries });
  }
  // The first entries up to the last one whose latest time so far is within the cut all are; one after them is only when the
  // clock stepped back into the cut there (a rare entry, indexed by itself).
  const last = db.prepare(`SELECT n, key FROM ${RATING_LOG_TABLE} WHERE at_max <= ? ORDER BY at_max DESC, n DESC LIMIT 1`).raw().get(cut.key) as
    [number, string] | undefined;
  const stepped = db
    .prepare(`SELECT 1 FROM ${RATING_LOG_TABLE} WHERE back = 1 AND n > ? AND at <= ? LIMIT 1`)
    .pluck()
    .get(last?.[0] ?? 0, cut.key);
  if (stepped === undefined) return counted({ live: false, steps: last ? last[1].slice(RATING_ENTRY_FIRST.length) : '', entries: last?.[0] ?? 0 });
  const entries = db.prepare(`SELECT count(*) FROM ${RATING_LOG_TABLE} WHERE at <= ?`).pluck().get(cut.key) as number;
  return counted({ live: false, steps: null, entries });
}

/**
 * The leaderboard as of the cut (docs/ratings.md): the live one when nothing rated moved since,
 * else each player's latest step within the cut, else (a time the clock stepped back into) the
 * model folded in memory over the rating log's entries within it, step by step as its projection
 * folded them: either way the leaderboard a store cut there shows. The fold gives the event loop
 * a turn every few milliseconds; the players or the entries are what the API's cost model charges.
 */
export function ratingsAsOf(db: ReadModelDb, modelId: string, first: number, cut: AsOfCut): Promise<PlayerRating[]> {
  return new AsOfRatings(db, cut).leaderboard(modelId, first);
}

/** Ratings as of one cut: the leaderboard and a player's ratings, each model folded once per cut. */
export class AsOfRatings {
  private readonly books = new Map<string, Promise<RatingBook>>();
  #work: RatingsAsOfWork | undefined;

  constructor(
    private readonly db: ReadModelDb,
    readonly cut: AsOfCut,
  ) {}

  async leaderboard(modelId: string, first: number): Promise<PlayerRating[]> {
    const model = checkedModel(modelId, first);
    const work = this.work();
    if (work.live) return ratingLeaderboard(this.db, model, first);
    if (work.steps !== null)
      return leaderboardAsOf(this.db, RATING_SEATS_TABLE, ratingStepsTable(model), work.steps, first).map((row) => ratingView(model, row));
    return (await this.book(model)).leaderboard(first).map((row) => ratingView(model, row));
  }

  /** The player's rating under every model he had one under then. */
  async player(player: string): Promise<PlayerRating[]> {
    const work = this.work();
    if (work.live) return playerRatings(this.db, player);
    const out: PlayerRating[] = [];
    for (const model of RATING_MODELS) {
      const row =
        work.steps !== null
          ? playerAsOf(this.db, RATING_SEATS_TABLE, ratingStepsTable(model), player, work.steps)
          : (await this.book(model)).players.get(player);
      if (row) out.push(ratingView(model, row));
    }
    return out;
  }

  /** What the cut takes, looked up once (the log may grow meanwhile: a position cut's answer does not change, a time cut's is taken as first seen). */
  private work(): RatingsAsOfWork {
    return (this.#work ??= ratingsAsOfWork(this.db, this.cut));
  }

  private book(model: RatingModel): Promise<RatingBook> {
    let book = this.books.get(model.id);
    if (!book) this.books.set(model.id, (book = foldedBook(this.db, model, this.cut)));
    return book;
  }
}

export async function foldedBook(db: ReadModelDb, model: RatingModel, cut: AsOfCut): Promise<RatingBook> {
  const book = new RatingBook(model);
  const turn = new EventLoopTurn();
  for (let after = RATING_ENTRY_FIRST; ;) {
    const chunk = chunkOf(db, cut, after);
    for (const [, text] of chunk) book.apply(JSON.parse(text) as RatingLogEntry);
    if (chunk.length < CHUNK) return book;
    after = chunk[chunk.length - 1][0];
    await turn.maybeYield();
  }
}
