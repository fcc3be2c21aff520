import type { DealScoredData, DealStartedData } from '../../deal/events';
import type { RecordedEvent } from '../../event-store/event-store';
import type { RatingModel } from './rating-model';

/**
 * The rows of one model's ratings projection: a deal between its start and its score (whose
 * players a result rates), the declarer's edge the model has learned, and each player's rating.
 */
export type RatingRow =
  | { readonly kind: 'deal'; readonly players: readonly string[]; readonly computerSeats: readonly number[] }
  | { readonly kind: 'edge'; readonly advantage: number; readonly games: number }
  | {
      readonly kind: 'player';
      readonly player: string;
      readonly state: readonly number[];
      /** Rated games, and of them as declarer and won as declarer. */
      readonly games: number;
      readonly declared: number;
      readonly declaredWon: number;
    };

export const RATING_EVENT_TYPES = ['DealStarted', 'DealScored'] as const;
export const EDGE_KEY = 'edge';
export const dealKey = (dealId: string): string => `deal\u0000${dealId}`;
export const playerKey = (player: string): string => `player\u0000${player}`;

/** A scored declarer game: its declarer's seat, whether he won, its value; null for anything else (passed in, Ramsch, not scoreable). */
export function ratedGame(data: DealScoredData): { declarer: number; won: boolean; gameValue: number } | null {
  const r = data.result;
  if (r.kind !== 'scored' || r.declarer === null || typeof r.won !== 'boolean') return null;
  return { declarer: r.declarer, won: r.won, gameValue: r.gameValue ?? 0 };
}

const dealIdOf = (event: RecordedEvent): string | null => (event.streamName.startsWith('deal-') ? event.streamName.slice(5) : null);

/**
 * The keys an event rates: a start writes its deal's row; a score of a declarer game with three
 * human seats rates the three players (and the edge), and drops the deal's row. A deal with a
 * computer seat is not rated (D5), nor is one whose start this projection never saw, nor one of
 * the `unrated` tournaments (private ones: a rating moved by a game would tell of it).
 */
export function ratingKeysOf(event: RecordedEvent, rowOf?: (key: string) => RatingRow | null, unrated?: ReadonlySet<string>): string[] {
  const dealId = dealIdOf(event);
  if (dealId === null) return [];
  if (event.type === 'DealStarted') {
    const tournamentId = (event.data as DealStartedData).tournamentId;
    return tournamentId && unrated?.has(tournamentId) ? [] : [dealKey(dealId)];
  }
  const deal = rowOf?.(dealKey(dealId));
  if (!deal || deal.kind !== 'deal') return [];
  const game = ratedGame(event.data as DealScoredData);
  if (!game || deal.computerSeats.length > 0 || deal.players.length !== 3 || new Set(deal.players).size !== 3) return [dealKey(dealId)];
  return [dealKey(dealId), EDGE_KEY, ...deal.players.map(playerKey)];
}

/**
 * The rows after an event, all at once (the declarer's and the defenders' ratings move together):
 * the model's prediction is made with the ratings before the game, the edge moves towards the
 * outcome, and the deal's row is dropped once scored.
 */
export function foldRatings(model: RatingModel, rows: readonly (RatingRow | null)[], event: RecordedEvent, keys: readonly string[]): (RatingRow | null)[] {
  if (event.type === 'DealStarted') {
    const data = event.data as DealStartedData;
    return [{ kind: 'deal', players: [...data.players], computerSeats: [...(data.computerSeats ?? [])] }];
  }
  if (keys.length === 1) return [null];
  const deal = rows[0] as Extract<RatingRow, { kind: 'deal' }>;
  const edge = rows[1]?.kind === 'edge' ? rows[1] : { kind: 'edge' as const, advantage: 0, games: 0 };
  const game = ratedGame(event.data as DealScoredData)!;
  const players = deal.players.map((name, seat) => {
    const row = rows[2 + seat];
    return row?.kind === 'player' ? row : { kind: 'player' as const, player: name, state: model.initial(), games: 0, declared: 0, declaredWon: 0 };
  });
  const declarer = players[game.declarer];
  const defenders = players.filter((_, seat) => seat !== game.declarer) as [typeof declarer, typeof declarer];
  const predicted = model.predict(declarer.state, [defenders[0].state, defenders[1].state], edge.advantage);
  const [d, f0, f1] = model.update(declarer.state, [defenders[0].state, defenders[1].state], game, edge.advantage);
  const after = new Map<string, RatingRow>([
    [
      declarer.player,
      { ...declarer, state: d, games: declarer.games + 1, declared: declarer.declared + 1, declaredWon: declarer.declaredWon + (game.won ? 1 : 0) },
    ],
    [defenders[0].player, { ...defenders[0], state: f0, games: defenders[0].games + 1 }],
    [defenders[1].player, { ...defenders[1], state: f1, games: defenders[1].games + 1 }],
  ]);
  const nextEdge: RatingRow = { kind: 'edge', advantage: edge.advantage + model.advantageStep * ((game.won ? 1 : 0) - predicted), games: edge.games + 1 };
  return [null, nextEdge, ...deal.players.map((p) => after.get(p)!)];
}
