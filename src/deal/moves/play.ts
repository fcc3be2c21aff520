import type { Card } from '../../rules/card';
import type { Move } from '../../rules/move';
import type { Seat } from '../../rules/seat';
import { recordOne, SEAT_FIELD, seatOf, type MoveDefinition } from './move-definition';

export interface PlayCard {
  readonly type: 'PlayCard';
  readonly dealId: string;
  readonly seat: Seat;
  readonly card: Card;
}

export interface CardPlayedData {
  readonly seat: Seat;
  readonly card: Card;
  readonly trick: number;
}
/** The event play records. */
export type CardPlayedEvent = { readonly type: 'CardPlayed'; readonly data: CardPlayedData };

/** R15-R19: a seat plays a card; once played it is public. */
export const play: MoveDefinition<PlayCard, CardPlayedEvent> = {
  kind: 'play',
  engineKind: 'play',
  commandType: 'PlayCard',
  eventTypes: ['CardPlayed'],
  eventDescription: 'R15-R19: a seat played a card',
  description: 'R15-R19: a seat plays a card',
  seated: true,
  words: {
    step: { en: '{seat} plays {card}.', de: '{seat} spielt {card}.' },
    move: { en: 'play {card}', de: '{card} spielen' },
  },
  mutation: {
    name: 'playCard',
    fields: [SEAT_FIELD, { name: 'card', type: 'card', description: 'The card played, in ISS notation (e.g. CJ); it must follow suit (R16)' }],
    command: (dealId, input) => ({ type: 'PlayCard', dealId, seat: seatOf(input), card: input.card as Card }),
  },
  record: (c, game) =>
    recordOne(game, { kind: 'play', seat: c.seat, card: c.card }, (before) => ({
      type: 'CardPlayed',
      data: { seat: c.seat, card: c.card, trick: before.tricks.length + 1 },
    })),
  branch: { value: 'PLAY', description: 'R15-R19: play a card (card)', move: (c) => ({ kind: 'play', seat: c.seat, card: c.card }) },
  seen: {
    of: (command, g) => ({
      move: { kind: 'play', seat: command.seat, card: command.card },
      events: () => [{ type: 'CardPlayed', data: { seat: command.seat, card: command.card, trick: g.tricks.length + 1 } }],
    }),
  },
  movesOfEvent: (e) => (e.type === 'CardPlayed' ? [{ kind: 'play', seat: e.data.seat, card: e.data.card }] : null),
  commandOfMove: (dealId, m) => {
    const move = m as Extract<Move, { kind: 'play' }>;
    return { type: 'PlayCard', dealId, seat: move.seat, card: move.card };
  },
  cardsNamed: (m) => [(m as Extract<Move, { kind: 'play' }>).card],
};
