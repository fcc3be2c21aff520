import type { Seat } from '../../rules/seat';
import { recordOne, SEAT_FIELD, seatOf, type MoveDefinition } from './move-definition';

export interface CallRe {
  readonly type: 'CallRe';
  readonly dealId: string;
  readonly seat: Seat;
}

export interface ReCalledData {
  readonly seat: Seat;
}
/** The event re records. */
export type ReCalledEvent = { readonly type: 'ReCalled'; readonly data: ReCalledData };

/** R40 (house option): the declarer answers Kontra with Re. */
export const re: MoveDefinition<CallRe, ReCalledEvent> = {
  kind: 're',
  engineKind: 're',
  commandType: 'CallRe',
  eventTypes: ['ReCalled'],
  eventDescription: 'R40 (house option): the declarer answered Re',
  description: 'R40 (house option): the declarer answers Re',
  seated: true,
  words: {
    step: { en: '{seat} says Re.', de: '{seat} sagt Re.' },
    move: { en: 'Re', de: 'Re' },
  },
  mutation: { name: 'callRe', fields: [SEAT_FIELD], command: (dealId, input) => ({ type: 'CallRe', dealId, seat: seatOf(input) }) },
  record: (c, game) => recordOne(game, { kind: 're', seat: c.seat }, () => ({ type: 'ReCalled', data: { seat: c.seat } })),
  seen: {
    of: (command) => ({ move: { kind: 're', seat: command.seat }, events: () => [] }),
  },
  movesOfEvent: (e) => (e.type === 'ReCalled' ? [{ kind: 're', seat: e.data.seat }] : null),
  commandOfMove: (dealId, m) => ({ type: 'CallRe', dealId, seat: (m as { seat: 0 | 1 | 2 }).seat }),
};
