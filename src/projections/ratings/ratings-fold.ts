import type { DealScoredData, DealStartedData, MoveWithdrawnData } from '../../deal/events';
import type { RecordedEvent } from '../../event-store/event-store';
import { sortablePosition } from '../as-of/as-of-cut';
import type { RatingModel } from './rating-model';
import { stepKey, type RatingStepRow } from './rating-steps';
import { NO_EDGE, newPlayer, rateGame, unrateGame, type EdgeRow, type PlayerRatingRow, type RatedGame, type RatingUndo } from './rating-step';

/**
 * A deal as the ratings know it from its start: its players, its computer seats, its table and
 * the table's size. A table deal keeps its row once scored (`scored`, with what its rating step
 * changed, `undo`): its ending move may still be withdrawn (L24) and the deal scored again; a deal
 * of no table cannot be (L24), so its row goes with its score.
 */
export interface RatingDeal {
  readonly kind: 'deal';
  readonly players: readonly string[];
  readonly computerSeats: readonly number[];
  readonly tableId?: string | null;
  /** Players at the table (3, or 4 with the dealer sitting out). */
  readonly tableSize?: number;
  readonly scored?: boolean;
  readonly undo?: RatingUndo | null;
}

/** A table's latest deal: once the next one starts, the deal before can no longer be withdrawn (L24) and its row goes. */
export interface RatingTable {
  readonly kind: 'table';
  readonly deal: string;
}

/** The rows of one model's ratings projection: deals, tables, the declarer's edge the model has learned, each player's rating and its steps. */
export type RatingRow = RatingDeal | RatingTable | EdgeRow | PlayerRatingRow | RatingStepRow;

export const RATING_EVENT_TYPES = ['DealStarted', 'DealScored', 'MoveWithdrawn'] as const;
export const EDGE_KEY = 'edge';
export const dealKey = (dealId: string): string => `deal\u0000${dealId}`;
export const playerKey = (player: string): string => `player\u0000${player}`;
export const tableKey = (tableId: string): string => `table\u0000${tableId}`;

/** A scored declarer game: its declarer's seat, whether he won, its value and list score; null for anything else (passed in, Ramsch, not scoreable). */
export function ratedGame(data: DealScoredData): { declarer: number; won: boolean; gameValue: number; score: number } | null {
  const r = data.result;
  if (r.kind !== 'scored' || r.declarer === null || typeof r.won !== 'boolean') return null;
  const gameValue = r.gameValue ?? 0;
  return { declarer: r.declarer, won: r.won, gameValue, score: r.score ?? (r.won ? gameValue : -2 * gameValue) };
}

/** The deal's row at its start (null for a deal of an `unrated` tournament: a private one is rated by no model). */
export function ratingDealOf(data: DealStartedData, unrated?: ReadonlySet<string>): RatingDeal | null {
  if (data.tournamentId && unrated?.has(data.tournamentId)) return null;
  return {
    kind: 'deal',
    players: [...data.players],
    computerSeats: [...(data.computerSeats ?? [])],
    tableId: data.tableId ?? null,
    tableSize: data.players.length + (data.sittingOut?.length ?? 0),
  };
}

/** The game a score rates: a declarer game with three human seats (D5: a computer seat rates nobody); null for anything else. */
export function ratedGameOf(deal: RatingDeal, data: DealScoredData): RatedGame | null {
  const p = deal.players;
  if (deal.computerSeats.length > 0 || p.length !== 3 || p[0] === p[1] || p[0] === p[2] || p[1] === p[2]) return null;
  const game = ratedGame(data);
  if (!game) return null;
  return { ...game, players: deal.players as [string, string, string], tableSize: deal.tableSize ?? 3 };
}

const dealIdOf = (event: RecordedEvent): string | null => (event.streamName.startsWith('deal-') ? event.streamName.slice(5) : null);
const reopens = (event: RecordedEvent): boolean => event.type === 'MoveWithdrawn' && (event.data as MoveWithdrawnData).reopens === true;

/**
 * The keys an event rates: a start writes its deal's row; a score of a rated game rates the three
 * players (and the edge); the withdrawal of a rated game's ending move (L24) takes it back from
 * them. A deal whose start this projection never saw (a private tournament's) rates nobody.
 */
export function ratingKeysOf(event: RecordedEvent, rowOf?: (key: string) => RatingRow | null, unrated?: ReadonlySet<string>): string[] {
  const dealId = dealIdOf(event);
  if (dealId === null) return [];
  if (event.type === 'DealStarted') return startKeys(dealId, event.data as DealStartedData, rowOf, unrated);
  if (event.type !== 'DealScored' && !reopens(event)) return [];
  const deal = rowOf?.(dealKey(dealId));
  if (!deal || deal.kind !== 'deal') return [];
  if (event.type === 'DealScored') {
    if (deal.scored) return [];
    const game = ratedGameOf(deal, event.data as DealScoredData);
    return game ? ratedKeys(dealId, deal.players, event.position) : [dealKey(dealId)];
  }
  if (!deal.scored) return [];
  return deal.undo ? ratedKeys(dealId, deal.players, event.position) : [dealKey(dealId)];
}

/** The keys of a rating step: the deal's, the edge, the three players' ratings and the step at the event's position (rating-steps.ts). */
function ratedKeys(dealId: string, players: readonly string[], position: string): string[] {
  return [dealKey(dealId), EDGE_KEY, ...players.map(playerKey), stepKey(sortablePosition(position))];
}

/**
 * The keys a start writes: its deal's row; for a table deal also the table's row, and the table's
 * deal before when that one was scored (its end can no longer be withdrawn, L24: its row goes, so
 * the rows kept stay one per table). Shared with the rating log (rating-log.ts).
 */
export function startKeys(
  dealId: string,
  data: DealStartedData,
  rowOf: ((key: string) => { kind: string } | null) | undefined,
  unrated?: ReadonlySet<string>,
): string[] {
  if (!ratingDealOf(data, unrated)) return [];
  if (!data.tableId) return [dealKey(dealId)];
  const table = rowOf?.(tableKey(data.tableId)) as RatingTable | null | undefined;
  const before = table?.kind === 'table' && table.deal !== dealId ? (rowOf?.(dealKey(table.deal)) as RatingDeal | null | undefined) : null;
  return before?.kind === 'deal' && before.scored ? [dealKey(dealId), tableKey(data.tableId), dealKey(table!.deal)] : [dealKey(dealId), tableKey(data.tableId)];
}

/** The rows a start writes (startKeys): its deal's, its table's naming it, the deal before dropped. */
export function startRows(event: RecordedEvent, keys: readonly string[]): (RatingDeal | RatingTable | null)[] {
  const deal = ratingDealOf(event.data as DealStartedData);
  if (keys.length === 1) return [deal];
  return [deal, { kind: 'table', deal: event.streamName.slice(5) }, ...(keys.length > 2 ? [null] : [])];
}

/** A start that can find no row of its keys (a load from zero looks nothing up): one of a deal of no table. */
export const startsNoRow = (event: RecordedEvent): boolean => event.type === 'DealStarted' && !(event.data as DealStartedData).tableId;

const seatsOf = (model: RatingModel, deal: RatingDeal, rows: readonly (RatingRow | null)[]) =>
  deal.players.map((name, seat) => {
    const row = rows[2 + seat];
    return row?.kind === 'player' ? row : newPlayer(model, name);
  }) as [PlayerRatingRow, PlayerRatingRow, PlayerRatingRow];

/**
 * The rows after an event, all at once (the declarer's and the defenders' ratings move together):
 * rated with the ratings before the game (rating-step.ts); a table deal's row keeps what the step
 * changed until its next score or withdrawal, any other deal's row goes once it is scored.
 */
export function foldRatings(model: RatingModel, rows: readonly (RatingRow | null)[], event: RecordedEvent, keys: readonly string[]): (RatingRow | null)[] {
  if (event.type === 'DealStarted') return startRows(event, keys);
  const deal = rows[0] as RatingDeal;
  const edge = rows[1]?.kind === 'edge' ? rows[1] : NO_EDGE;
  const kept = (undo: RatingUndo | null): RatingDeal | null => (deal.tableId ? { ...deal, scored: true, undo } : null);
  if (event.type === 'DealScored') {
    if (keys.length === 1) return [kept(null)];
    const step = rateGame(model, seatsOf(model, deal, rows), edge, ratedGameOf(deal, event.data as DealScoredData)!);
    return [kept(step.undo), step.edge, ...step.seats, stepOf(step.seats)];
  }
  // The ending move withdrawn (L24): open again, its rating step (if any) taken back.
  const open: RatingDeal = { ...deal, scored: false, undo: null };
  if (keys.length === 1) return [open];
  const back = unrateGame(seatsOf(model, deal, rows), edge, deal.undo!);
  return [open, back.edge, ...back.seats, stepOf(back.seats)];
}

const stepOf = (seats: readonly (PlayerRatingRow | null)[]): RatingStepRow => ({ kind: 'step', seats });
