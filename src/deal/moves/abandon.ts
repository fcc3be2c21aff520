import type { AbandonReason, Move } from '../../rules/move';
import { isSeat, type Seat } from '../../rules/seat';
import { refuse } from '../../kernel/refusal';
import { recordOne, type MoveDefinition } from './move-definition';

export interface AbandonDeal {
  readonly type: 'AbandonDeal';
  readonly dealId: string;
  readonly reason: AbandonReason;
  readonly seat?: Seat;
  readonly note?: string;
}

const ABANDON_REASONS = ['misdeal', 'timeout', 'left'];

export interface DealAbandonedData {
  readonly reason: AbandonReason;
  readonly seat: Seat | null;
  readonly note: string;
}
/** The event abandon records. */
export type DealAbandonedEvent = { readonly type: 'DealAbandoned'; readonly data: DealAbandonedData };

/** D3: a misdeal, a time-out or a player leaving ends the deal unscored (the server's move: the seat is optional). */
export const abandon: MoveDefinition<AbandonDeal, DealAbandonedEvent> = {
  kind: 'abandon',
  engineKind: 'abandon',
  commandType: 'AbandonDeal',
  eventTypes: ['DealAbandoned'],
  eventDescription: 'D3: the deal ended unscored (misdeal, time-out, a player left)',
  description: 'D3: a misdeal, time-out or a player leaving ends the deal unscored',
  seated: false,
  words: {
    step: { en: 'The deal is abandoned.', de: 'Das Spiel wird abgebrochen.' },
    move: { en: 'abandon the deal', de: 'Spiel abbrechen' },
  },
  mutation: {
    name: 'abandonDeal',
    fields: [
      { name: 'reason', type: 'abandonReason', description: 'Why the deal is abandoned (D3)' },
      { name: 'seat', type: 'seat', optional: true, description: 'The seat responsible (timed out, left), when there is one' },
      { name: 'note', type: 'note', optional: true, description: 'A free-text note kept with the abandonment' },
    ],
    command: (dealId, input) => ({
      type: 'AbandonDeal',
      dealId,
      reason: input.reason as AbandonReason,
      ...(input.seat !== undefined ? { seat: input.seat as Seat } : {}),
      ...(input.note ? { note: input.note as string } : {}),
    }),
  },
  record: (c, game) => {
    if (!ABANDON_REASONS.includes(c.reason)) return refuse('D3', `abandon reason must be one of ${ABANDON_REASONS.join(', ')}`);
    if (c.seat !== undefined && !isSeat(c.seat)) return refuse('R2', 'seats are 0, 1 or 2');
    const move: Move = c.seat === undefined ? { kind: 'abandon', reason: c.reason } : { kind: 'abandon', reason: c.reason, seat: c.seat };
    return recordOne(game, move, () => ({ type: 'DealAbandoned', data: { reason: c.reason, seat: c.seat ?? null, note: c.note ?? '' } }));
  },
  seen: {
    of: (command) => ({
      move: command.seat === undefined ? { kind: 'abandon', reason: command.reason } : { kind: 'abandon', reason: command.reason, seat: command.seat },
      events: () => [{ type: 'DealAbandoned', data: { reason: command.reason, seat: command.seat ?? null, note: command.note ?? '' } }],
    }),
  },
  movesOfEvent: (e) =>
    e.type === 'DealAbandoned'
      ? [e.data.seat === null ? { kind: 'abandon', reason: e.data.reason } : { kind: 'abandon', reason: e.data.reason, seat: e.data.seat }]
      : null,
  commandOfMove: (dealId, m) => {
    const move = m as Extract<Move, { kind: 'abandon' }>;
    return move.seat === undefined
      ? { type: 'AbandonDeal', dealId, reason: move.reason }
      : { type: 'AbandonDeal', dealId, reason: move.reason, seat: move.seat };
  },
};
