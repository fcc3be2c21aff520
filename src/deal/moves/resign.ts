import type { Seat } from '../../rules/seat';
import { recordOne, SEAT_FIELD, seatOf, type MoveDefinition } from './move-definition';

/** Resign / concede (R21, D3; ISS `RE`). */
export interface Resign {
  readonly type: 'Resign';
  readonly dealId: string;
  readonly seat: Seat;
}

export interface GameResignedData {
  readonly seat: Seat;
}
/** The event resign records. */
export type GameResignedEvent = { readonly type: 'GameResigned'; readonly data: GameResignedData };

/** R21/D3: a seat resigns (ISS `RE`): the declarer gives up, or a defender concedes. */
export const resign: MoveDefinition<Resign, GameResignedEvent> = {
  kind: 'resign',
  engineKind: 'resign',
  commandType: 'Resign',
  eventTypes: ['GameResigned'],
  eventDescription: 'R21/D3: a seat resigned',
  description: 'R21/D3: a seat resigns (ISS RE)',
  seated: true,
  words: {
    step: { en: '{seat} resigns.', de: '{seat} gibt auf.' },
    move: { en: 'resign', de: 'aufgeben' },
  },
  mutation: { name: 'resign', fields: [SEAT_FIELD], command: (dealId, input) => ({ type: 'Resign', dealId, seat: seatOf(input) }) },
  record: (c, game) => recordOne(game, { kind: 'resign', seat: c.seat }, () => ({ type: 'GameResigned', data: { seat: c.seat } })),
  branch: { value: 'RESIGN', description: 'R21: resign / concede', move: (c) => ({ kind: 'resign', seat: c.seat }) },
  seen: {
    of: (command) => ({ move: { kind: 'resign', seat: command.seat }, events: () => [{ type: 'GameResigned', data: { seat: command.seat } }] }),
  },
  movesOfEvent: (e) => (e.type === 'GameResigned' ? [{ kind: 'resign', seat: e.data.seat }] : null),
  commandOfMove: (dealId, m) => ({ type: 'Resign', dealId, seat: (m as { seat: 0 | 1 | 2 }).seat }),
};
