import type { Card } from '../../rules/card';
import type { Seat } from '../../rules/seat';
import { recordOne, SEAT_FIELD, seatOf, type MoveDefinition } from './move-definition';

export interface TakeSkat {
  readonly type: 'TakeSkat';
  readonly dealId: string;
  readonly seat: Seat;
}

export interface SkatTakenData {
  readonly seat: Seat;
  readonly skat: readonly Card[];
}
/** The event pick-up-skat records. */
export type SkatTakenEvent = { readonly type: 'SkatTaken'; readonly data: SkatTakenData };

/** R9: the declarer picks up the skat; the event keeps the two cards (seen by the declarer only). */
export const pickUpSkat: MoveDefinition<TakeSkat, SkatTakenEvent> = {
  kind: 'pickUpSkat',
  engineKind: 'pickUpSkat',
  commandType: 'TakeSkat',
  eventTypes: ['SkatTaken'],
  eventDescription: 'R9: the declarer picked up the skat',
  description: 'R9: the declarer picks up the skat',
  seated: true,
  words: {
    step: { en: '{seat} picks up the skat.', de: '{seat} nimmt den Skat auf.' },
    move: { en: 'pick up the skat', de: 'Skat aufnehmen' },
  },
  mutation: { name: 'takeSkat', fields: [SEAT_FIELD], command: (dealId, input) => ({ type: 'TakeSkat', dealId, seat: seatOf(input) }) },
  record: (c, game) =>
    recordOne(game, { kind: 'pickUpSkat', seat: c.seat }, (before) => ({ type: 'SkatTaken', data: { seat: c.seat, skat: before.skat.slice() } })),
  branch: { value: 'PICK_UP_SKAT', description: 'R9: the declarer picks up the skat', move: (c) => ({ kind: 'pickUpSkat', seat: c.seat }) },
  seen: {
    // The skat's cards are not seen at the pick-up: they are recorded when shown.
    of: (command) => ({ move: { kind: 'pickUpSkat', seat: command.seat }, events: () => [{ type: 'SkatTaken', data: { seat: command.seat, skat: [] } }] }),
  },
  movesOfEvent: (e) => (e.type === 'SkatTaken' ? [{ kind: 'pickUpSkat', seat: e.data.seat }] : null),
  commandOfMove: (dealId, m) => ({ type: 'TakeSkat', dealId, seat: (m as { seat: 0 | 1 | 2 }).seat }),
};
