import type { Move } from '../../rules/move';
import type { Seat } from '../../rules/seat';
import { recordOne, SEAT_FIELD, seatOf, type MoveDefinition } from './move-definition';

export interface CallBid {
  readonly type: 'CallBid';
  readonly dealId: string;
  readonly seat: Seat;
  readonly value: number;
}

export interface BidCalledData {
  readonly seat: Seat;
  readonly value: number;
}
/** The event bid records. */
export type BidCalledEvent = { readonly type: 'BidCalled'; readonly data: BidCalledData };

/** R5/R6: a seat says a bid value. */
export const bid: MoveDefinition<CallBid, BidCalledEvent> = {
  kind: 'bid',
  engineKind: 'bid',
  commandType: 'CallBid',
  eventTypes: ['BidCalled'],
  eventDescription: 'R5/R6: a seat said a bid value',
  description: 'R5/R6: a seat says a bid value',
  seated: true,
  words: {
    step: { en: '{seat} bids {value}.', de: '{seat} reizt {value}.' },
    move: { en: 'bid {value}', de: '{value} reizen' },
  },
  mutation: {
    name: 'callBid',
    fields: [SEAT_FIELD, { name: 'value', type: 'int', description: 'The value called (R5: a value some game can be worth)' }],
    command: (dealId, input) => ({ type: 'CallBid', dealId, seat: seatOf(input), value: input.value as number }),
  },
  record: (c, game) => recordOne(game, { kind: 'bid', seat: c.seat, value: c.value }, () => ({ type: 'BidCalled', data: { seat: c.seat, value: c.value } })),
  branch: { value: 'BID', description: 'R5/R6: say a bid value (value)', move: (c) => ({ kind: 'bid', seat: c.seat, value: c.value }) },
  seen: {
    of: (command) => ({
      move: { kind: 'bid', seat: command.seat, value: command.value },
      events: () => [{ type: 'BidCalled', data: { seat: command.seat, value: command.value } }],
    }),
  },
  movesOfEvent: (e) => (e.type === 'BidCalled' ? [{ kind: 'bid', seat: e.data.seat, value: e.data.value }] : null),
  commandOfMove: (dealId, m) => {
    const move = m as Extract<Move, { kind: 'bid' }>;
    return { type: 'CallBid', dealId, seat: move.seat, value: move.value };
  },
};
