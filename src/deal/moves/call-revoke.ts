import { refuse } from '../../kernel/refusal';
import type { Seat } from '../../rules/seat';
import { SEAT_FIELD, seatOf, type MoveDefinition } from './move-definition';

/** The table stops the game for a revoke (R20): the seat named failed to follow suit earlier. */
export interface CallRevoke {
  readonly type: 'CallRevoke';
  readonly dealId: string;
  readonly seat: Seat;
}

export interface RevokeCalledData {
  readonly seat: Seat;
}
/** The event call-revoke records. */
export type RevokeCalledEvent = { readonly type: 'RevokeCalled'; readonly data: RevokeCalledData };

/**
 * R20: in a deal recorded as seen, the table noticed that a seat failed to follow: play ends. The
 * cards shown afterwards must prove it (the check over the whole deal finds the card); R20 scores it.
 * Where the cards were dealt every card was checked against the hand (R16): refused.
 */
export const callRevoke: MoveDefinition<CallRevoke, RevokeCalledEvent> = {
  kind: 'callRevoke',
  commandType: 'CallRevoke',
  eventTypes: ['RevokeCalled'],
  description: 'R20: a deal recorded as seen: the table stops the game for a revoke by a seat',
  seated: true,
  mutation: { name: 'callRevoke', fields: [SEAT_FIELD], command: (dealId, input) => ({ type: 'CallRevoke', dealId, seat: seatOf(input) }) },
  record: () =>
    refuse('R16', 'the cards of this deal were dealt: every card was checked against its hand when played (R16), so no revoke can have been recorded'),
  seen: {
    of: (command) => ({ move: { kind: 'callRevoke', seat: command.seat }, events: () => [{ type: 'RevokeCalled', data: { seat: command.seat } }] }),
    moveOfEvent: (e) => ({ kind: 'callRevoke', seat: e.data.seat }),
  },
  movesOfEvent: () => null,
};
