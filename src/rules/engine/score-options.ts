import type { ScoreOptions } from '../scoring';

/** How the fold in progress scores (replayMoves' options); undefined: with the derivation. */
let scoreOptions: ScoreOptions | undefined;

export function currentScoreOptions(): ScoreOptions | undefined {
  return scoreOptions;
}

/** Runs `fold` scoring with `options`: synchronous and single-threaded, so the switch holds for exactly this fold. */
export function withScoreOptions<T>(options: ScoreOptions, fold: () => T): T {
  scoreOptions = options;
  try {
    return fold();
  } finally {
    scoreOptions = undefined;
  }
}
