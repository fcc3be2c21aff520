import type { Seat } from '../../rules/seat';
import { recordOne, SEAT_FIELD, seatOf, type MoveDefinition } from './move-definition';

export interface CallKontra {
  readonly type: 'CallKontra';
  readonly dealId: string;
  readonly seat: Seat;
}

export interface KontraCalledData {
  readonly seat: Seat;
}
/** The event kontra records. */
export type KontraCalledEvent = { readonly type: 'KontraCalled'; readonly data: KontraCalledData };

/** R40 (house option): a defender says Kontra. */
export const kontra: MoveDefinition<CallKontra, KontraCalledEvent> = {
  kind: 'kontra',
  engineKind: 'kontra',
  commandType: 'CallKontra',
  eventTypes: ['KontraCalled'],
  eventDescription: 'R40 (house option): a defender said Kontra',
  description: 'R40 (house option): a defender says Kontra',
  seated: true,
  words: {
    step: { en: '{seat} says Kontra.', de: '{seat} sagt Kontra.' },
    move: { en: 'Kontra', de: 'Kontra' },
  },
  mutation: { name: 'callKontra', fields: [SEAT_FIELD], command: (dealId, input) => ({ type: 'CallKontra', dealId, seat: seatOf(input) }) },
  record: (c, game) => recordOne(game, { kind: 'kontra', seat: c.seat }, () => ({ type: 'KontraCalled', data: { seat: c.seat } })),
  seen: {
    of: (command) => ({ move: { kind: 'kontra', seat: command.seat }, events: () => [] }),
  },
  movesOfEvent: (e) => (e.type === 'KontraCalled' ? [{ kind: 'kontra', seat: e.data.seat }] : null),
  commandOfMove: (dealId, m) => ({ type: 'CallKontra', dealId, seat: (m as { seat: 0 | 1 | 2 }).seat }),
};
