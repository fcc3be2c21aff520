import type { Card } from '../../rules/card';
import type { Move } from '../../rules/move';
import type { Seat } from '../../rules/seat';
import { recordOne, SEAT_FIELD, seatOf, type MoveDefinition } from './move-definition';

export interface DiscardSkat {
  readonly type: 'DiscardSkat';
  readonly dealId: string;
  readonly seat: Seat;
  readonly cards: readonly [Card, Card];
}

export interface SkatDiscardedData {
  readonly seat: Seat;
  readonly cards: readonly [Card, Card];
}
/** The event discard records. */
export type SkatDiscardedEvent = { readonly type: 'SkatDiscarded'; readonly data: SkatDiscardedData };

/** R10: the declarer puts two cards away. Its cards are his secret: only he (and `all`) may see them. */
export const discard: MoveDefinition<DiscardSkat, SkatDiscardedEvent> = {
  kind: 'discard',
  engineKind: 'discard',
  commandType: 'DiscardSkat',
  eventTypes: ['SkatDiscarded'],
  eventDescription: 'R10: the declarer put two cards away',
  description: 'R10: the declarer puts two cards away',
  seated: true,
  words: {
    step: { en: '{seat} puts two cards away.', de: '{seat} drückt zwei Karten.' },
    move: { en: 'put two cards away', de: 'zwei Karten drücken' },
  },
  mutation: {
    name: 'discardSkat',
    fields: [SEAT_FIELD, { name: 'cards', type: 'twoCards', description: 'The two cards put back into the skat (R10)' }],
    command: (dealId, input) => ({ type: 'DiscardSkat', dealId, seat: seatOf(input), cards: input.cards as [Card, Card] }),
  },
  record: (c, game) =>
    recordOne(game, { kind: 'discard', seat: c.seat, cards: c.cards }, () => ({
      type: 'SkatDiscarded',
      data: { seat: c.seat, cards: [c.cards[0], c.cards[1]] },
    })),
  branch: { value: 'DISCARD', description: 'R10: put two cards away (cards)', move: (c) => ({ kind: 'discard', seat: c.seat, cards: c.cards }) },
  seen: {
    of: (command) => ({ move: { kind: 'discard', seat: command.seat, cards: command.cards }, events: () => [] }),
  },
  movesOfEvent: (e) => (e.type === 'SkatDiscarded' ? [{ kind: 'discard', seat: e.data.seat, cards: e.data.cards }] : null),
  commandOfMove: (dealId, m) => {
    const move = m as Extract<Move, { kind: 'discard' }>;
    return { type: 'DiscardSkat', dealId, seat: move.seat, cards: move.cards };
  },
  cardsNamed: (m) => (m as Extract<Move, { kind: 'discard' }>).cards,
};
