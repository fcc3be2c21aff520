import type { Seat } from '../../rules/seat';
import { recordOne, SEAT_FIELD, seatOf, type MoveDefinition } from './move-definition';

export interface PassBid {
  readonly type: 'PassBid';
  readonly dealId: string;
  readonly seat: Seat;
}

export interface BidPassedData {
  readonly seat: Seat;
}
/** The event pass records. */
export type BidPassedEvent = { readonly type: 'BidPassed'; readonly data: BidPassedData };

/** R6/R8: a seat passes. */
export const pass: MoveDefinition<PassBid, BidPassedEvent> = {
  kind: 'pass',
  engineKind: 'pass',
  commandType: 'PassBid',
  eventTypes: ['BidPassed'],
  eventDescription: 'R6/R8: a seat passed',
  description: 'R6/R8: a seat passes',
  seated: true,
  words: {
    step: { en: '{seat} passes.', de: '{seat} passt.' },
    move: { en: 'pass', de: 'passen' },
  },
  mutation: { name: 'passBid', fields: [SEAT_FIELD], command: (dealId, input) => ({ type: 'PassBid', dealId, seat: seatOf(input) }) },
  record: (c, game) => recordOne(game, { kind: 'pass', seat: c.seat }, () => ({ type: 'BidPassed', data: { seat: c.seat } })),
  branch: { value: 'PASS', description: 'R6/R8: pass', move: (c) => ({ kind: 'pass', seat: c.seat }) },
  seen: {
    of: (command) => ({ move: { kind: 'pass', seat: command.seat }, events: () => [{ type: 'BidPassed', data: { seat: command.seat } }] }),
  },
  movesOfEvent: (e) => (e.type === 'BidPassed' ? [{ kind: 'pass', seat: e.data.seat }] : null),
  commandOfMove: (dealId, m) => ({ type: 'PassBid', dealId, seat: (m as { seat: 0 | 1 | 2 }).seat }),
};
