import type { Seat } from '../../rules/seat';
import { recordOne, SEAT_FIELD, seatOf, type MoveDefinition } from './move-definition';

export interface HoldBid {
  readonly type: 'HoldBid';
  readonly dealId: string;
  readonly seat: Seat;
}

export interface BidHeldData {
  readonly seat: Seat;
  readonly value: number;
}
/** The event hold records. */
export type BidHeldEvent = { readonly type: 'BidHeld'; readonly data: BidHeldData };

/** R6: a seat holds ("yes"); the event keeps the value held. */
export const hold: MoveDefinition<HoldBid, BidHeldEvent> = {
  kind: 'hold',
  engineKind: 'hold',
  commandType: 'HoldBid',
  eventTypes: ['BidHeld'],
  eventDescription: 'R6: a seat held ("yes") the value bid to it',
  description: 'R6: a seat holds ("yes")',
  seated: true,
  words: {
    step: { en: '{seat} holds.', de: '{seat} hält.' },
    move: { en: 'hold', de: 'halten' },
  },
  mutation: { name: 'holdBid', fields: [SEAT_FIELD], command: (dealId, input) => ({ type: 'HoldBid', dealId, seat: seatOf(input) }) },
  record: (c, game) => recordOne(game, { kind: 'hold', seat: c.seat }, (before) => ({ type: 'BidHeld', data: { seat: c.seat, value: before.highestBid } })),
  branch: { value: 'HOLD', description: 'R6: hold ("yes")', move: (c) => ({ kind: 'hold', seat: c.seat }) },
  seen: {
    of: (command, g) => ({
      move: { kind: 'hold', seat: command.seat },
      events: () => [{ type: 'BidHeld', data: { seat: command.seat, value: g.highestBid } }],
    }),
  },
  movesOfEvent: (e) => (e.type === 'BidHeld' ? [{ kind: 'hold', seat: e.data.seat }] : null),
  commandOfMove: (dealId, m) => ({ type: 'HoldBid', dealId, seat: (m as { seat: 0 | 1 | 2 }).seat }),
};
