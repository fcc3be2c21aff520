import type { GameOutcome, RatingModel } from './rating-model';

/** A player's rating under one model: his state and his rated games (as declarer, won as declarer). */
export interface PlayerRatingRow {
  readonly kind: 'player';
  readonly player: string;
  readonly state: readonly number[];
  readonly games: number;
  readonly declared: number;
  readonly declaredWon: number;
}

/** The declarer's edge the model has learned, and over how many games. */
export interface EdgeRow {
  readonly kind: 'edge';
  readonly advantage: number;
  readonly games: number;
}

/** A rated game as the fold takes it: the three seats' players, the declarer's seat and the outcome. */
export interface RatedGame extends GameOutcome {
  readonly players: readonly [string, string, string];
  readonly declarer: number;
}

/**
 * What a rating step changed, kept with a table deal while its end may still be withdrawn (L24):
 * each seat's state before and after, the edge before and after, and how the declarer fared.
 */
export interface RatingUndo {
  readonly players: readonly string[];
  readonly before: readonly (readonly number[])[];
  readonly after: readonly (readonly number[])[];
  readonly edge: readonly [number, number];
  readonly declarer: number;
  readonly won: boolean;
}

export const newPlayer = (model: RatingModel, player: string): PlayerRatingRow => ({
  kind: 'player',
  player,
  state: model.initial(),
  games: 0,
  declared: 0,
  declaredWon: 0,
});

export const NO_EDGE: EdgeRow = { kind: 'edge', advantage: 0, games: 0 };

/**
 * One rated game: the prediction made with the ratings before it, the three states after it, the
 * edge moved towards the outcome. The projection (ratings-fold.ts) and the in-memory fold of an
 * as-of answer (rating-book.ts) both step through here, so they give the same numbers.
 */
export function rateGame(
  model: RatingModel,
  seats: readonly [PlayerRatingRow, PlayerRatingRow, PlayerRatingRow],
  edge: EdgeRow,
  game: RatedGame,
): { seats: [PlayerRatingRow, PlayerRatingRow, PlayerRatingRow]; edge: EdgeRow; undo: RatingUndo } {
  const others = [0, 1, 2].filter((s) => s !== game.declarer);
  const declarer = seats[game.declarer];
  const defenders = [seats[others[0]].state, seats[others[1]].state] as const;
  const predicted = model.predict(declarer.state, defenders, edge.advantage);
  const [d, f0, f1] = model.update(declarer.state, defenders, game, edge.advantage);
  const states: (readonly number[])[] = [];
  states[game.declarer] = d;
  states[others[0]] = f0;
  states[others[1]] = f1;
  const won = game.won ? 1 : 0;
  // Literals in the row's own key order (newPlayer's): the same JSON as a spread, without copying the row first.
  const after = seats.map((row, seat): PlayerRatingRow => {
    const declared = seat === game.declarer;
    return {
      kind: 'player',
      player: row.player,
      state: states[seat],
      games: row.games + 1,
      declared: row.declared + (declared ? 1 : 0),
      declaredWon: row.declaredWon + (declared ? won : 0),
    };
  }) as [PlayerRatingRow, PlayerRatingRow, PlayerRatingRow];
  const advantage = edge.advantage + model.advantageStep * (won - predicted);
  return {
    seats: after,
    edge: { kind: 'edge', advantage, games: edge.games + 1 },
    undo: {
      players: seats.map((r) => r.player),
      before: seats.map((r) => r.state),
      after: states,
      edge: [edge.advantage, advantage],
      declarer: game.declarer,
      won: game.won,
    },
  };
}

const sameState = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/** A state with a step taken back: the state before it when nothing moved it since, else the step's change taken out. */
function takenBack(now: readonly number[], before: readonly number[], after: readonly number[]): readonly number[] {
  return sameState(now, after) ? before : now.map((x, i) => x - ((after[i] ?? 0) - (before[i] ?? 0)));
}

/**
 * A rated game taken back (its ending move withdrawn, L24, so the score counts as not made): each
 * seat's state as before the game when no other game moved it since, else with the game's change
 * taken out, one game fewer; a player left with no rated game has no rating (null).
 */
export function unrateGame(
  seats: readonly [PlayerRatingRow, PlayerRatingRow, PlayerRatingRow],
  edge: EdgeRow,
  undo: RatingUndo,
): { seats: (PlayerRatingRow | null)[]; edge: EdgeRow | null } {
  const won = undo.won ? 1 : 0;
  const after = seats.map((row, seat) => {
    if (row.games <= 1) return null;
    const state = takenBack(row.state, undo.before[seat], undo.after[seat]);
    return seat === undo.declarer
      ? { ...row, state, games: row.games - 1, declared: row.declared - 1, declaredWon: row.declaredWon - won }
      : { ...row, state, games: row.games - 1 };
  });
  const advantage = edge.advantage === undo.edge[1] ? undo.edge[0] : edge.advantage - (undo.edge[1] - undo.edge[0]);
  return { seats: after, edge: edge.games <= 1 ? null : { kind: 'edge', advantage, games: edge.games - 1 } };
}
