import { EventLoopTurn } from '../event-loop-turn';
import type { AsOfCut } from '../../projections/as-of/as-of-cut';
import type { ReadModelDb } from '../../projections/read-model-db';
import { RatingBook } from '../../projections/ratings/rating-book';
import { RATING_ENTRY_FIRST, RATING_LOG_TABLE, type RatingLogEntry } from '../../projections/ratings/rating-log';
import type { RatingModel } from '../../projections/ratings/rating-model';
import { RATING_MODELS } from '../../projections/ratings/rating-models';
import { playerRatings, ratingLeaderboard, ratingView, type PlayerRating } from '../../projections/ratings/ratings-queries';
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
 * What ratings as of the cut would fold: none when no entry of the rating log lies after it (the
 * live rows are the ratings then), else every entry within it. Through indexes only: the number
 * of the last entry within a position cut, a count over the time index for a time.
 */
export function ratingsAsOfWork(db: ReadModelDb, cut: AsOfCut): { live: boolean; entries: number } {
  const after =
    cut.kind === 'position'
      ? db
          .prepare(`SELECT 1 FROM ${RATING_LOG_TABLE} WHERE key > ? AND key < 'g\u0001' LIMIT 1`)
          .pluck()
          .get(RATING_ENTRY_FIRST + cut.key)
      : db.prepare(`SELECT 1 FROM ${RATING_LOG_TABLE} WHERE at > ? LIMIT 1`).pluck().get(cut.key);
  if (after === undefined) return { live: true, entries: 0 };
  const entries =
    cut.kind === 'position'
      ? ((db
          .prepare(`SELECT n FROM ${RATING_LOG_TABLE} WHERE key > ? AND key <= ? ORDER BY key DESC LIMIT 1`)
          .pluck()
          .get(RATING_ENTRY_FIRST, RATING_ENTRY_FIRST + cut.key) as number | undefined) ?? 0)
      : (db.prepare(`SELECT count(*) FROM ${RATING_LOG_TABLE} WHERE at <= ?`).pluck().get(cut.key) as number);
  return { live: false, entries };
}

/**
 * The leaderboard as of the cut (docs/ratings.md): the live one when nothing rated moved since,
 * else the model folded in memory over the rating log's entries up to the cut, step by step as
 * its projection folded them, so it is the leaderboard a store cut there shows. The fold gives
 * the event loop a turn every few milliseconds; its size is what the API's cost model charges.
 */
export function ratingsAsOf(db: ReadModelDb, modelId: string, first: number, cut: AsOfCut): Promise<PlayerRating[]> {
  return new AsOfRatings(db, cut).leaderboard(modelId, first);
}

/** Ratings as of one cut: the leaderboard and a player's ratings, each model folded once per cut. */
export class AsOfRatings {
  private readonly books = new Map<string, Promise<RatingBook>>();

  constructor(
    private readonly db: ReadModelDb,
    readonly cut: AsOfCut,
  ) {}

  async leaderboard(modelId: string, first: number): Promise<PlayerRating[]> {
    const model = checkedModel(modelId, first);
    if (ratingsAsOfWork(this.db, this.cut).live) return ratingLeaderboard(this.db, model, first);
    return (await this.book(model)).leaderboard(first).map((row) => ratingView(model, row));
  }

  /** The player's rating under every model he had one under then. */
  async player(player: string): Promise<PlayerRating[]> {
    if (ratingsAsOfWork(this.db, this.cut).live) return playerRatings(this.db, player);
    const out: PlayerRating[] = [];
    for (const model of RATING_MODELS) {
      const row = (await this.book(model)).players.get(player);
      if (row) out.push(ratingView(model, row));
    }
    return out;
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
