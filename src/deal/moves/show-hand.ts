import type { Card } from '../../rules/card';
import { refuse } from '../../kernel/refusal';
import { LEDGER_RULES as L } from '../ledger-rules';
import type { Seat } from '../../rules/seat';
import { SEAT_FIELD, seatOf, type MoveDefinition } from './move-definition';

/** A deal recorded as seen, ended before the last trick: one seat's unplayed cards, as turned over. */
export interface ShowHand {
  readonly type: 'ShowHand';
  readonly dealId: string;
  readonly seat: Seat;
  readonly cards: readonly Card[];
}

export interface HandShownData {
  readonly seat: Seat;
  readonly cards: readonly Card[];
}
/** The event show-hand records. */
export type HandShownEvent = { readonly type: 'HandShown'; readonly data: HandShownData };

/**
 * R21: a deal recorded as seen that ended early (resign, claim, concession, R18-R20): the players
 * turn their unplayed cards over and the recorder records them, seat by seat (the last seat's
 * follow by elimination). Where the cards were dealt they are known: refused.
 */
export const showHand: MoveDefinition<ShowHand, HandShownEvent> = {
  kind: 'showHand',
  commandType: 'ShowHand',
  eventTypes: ['HandShown'],
  description: "R21: a deal recorded as seen that ended early: a seat's unplayed cards as shown",
  seated: true,
  mutation: {
    name: 'showHand',
    fields: [SEAT_FIELD, { name: 'cards', type: 'cards', description: "The seat's unplayed cards (as many as it has not played)" }],
    command: (dealId, input) => ({ type: 'ShowHand', dealId, seat: seatOf(input), cards: input.cards as Card[] }),
  },
  record: () => refuse(L.seen, "the cards of this deal were dealt: every seat's cards are known already"),
  seen: {
    of: (command) => ({
      move: { kind: 'showHand', seat: command.seat, cards: command.cards },
      events: () => [{ type: 'HandShown', data: { seat: command.seat, cards: command.cards } }],
    }),
    moveOfEvent: (e) => ({ kind: 'showHand', seat: e.data.seat, cards: e.data.cards }),
  },
  movesOfEvent: () => null,
};
