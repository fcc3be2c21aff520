import type { Declaration } from '../../rules/declaration';
import type { Move } from '../../rules/move';
import type { Seat } from '../../rules/seat';
import { allow } from '../../kernel/refusal';
import type { CardsShownEvent } from './show-cards';
import { applyMoves, SEAT_FIELD, seatOf, type MoveDefinition } from './move-definition';

export interface DeclareGame {
  readonly type: 'DeclareGame';
  readonly dealId: string;
  readonly seat: Seat;
  readonly declaration: Declaration;
}

export interface GameDeclaredData {
  readonly seat: Seat;
  readonly declaration: Declaration;
}
/** The event declare records. */
export type GameDeclaredEvent = { readonly type: 'GameDeclared'; readonly data: GameDeclaredData };

/** R11-R14: the declarer names the game; an ouvert game also lays his cards open (R14, a second event). */
export const declare: MoveDefinition<DeclareGame, GameDeclaredEvent | CardsShownEvent> = {
  kind: 'declare',
  engineKind: 'declare',
  commandType: 'DeclareGame',
  eventTypes: ['GameDeclared', 'CardsShown'],
  eventDescription: 'R11-R14: the declarer named the game',
  description: 'R11-R14: the declarer names the game',
  seated: true,
  words: {
    step: { en: '{seat} declares {game}.', de: '{seat} sagt {game} an.' },
    move: { en: 'declare a game', de: 'ein Spiel ansagen' },
  },
  mutation: {
    name: 'declareGame',
    fields: [SEAT_FIELD, { name: 'declaration', type: 'declaration', description: 'The game announced (R11-R14)' }],
    command: (dealId, input) => ({ type: 'DeclareGame', dealId, seat: seatOf(input), declaration: input.declaration as Declaration }),
  },
  record: (c, game) => {
    const after = applyMoves(game, [{ kind: 'declare', seat: c.seat, declaration: c.declaration }]);
    if (!after.ok) return after;
    const events: (GameDeclaredEvent | CardsShownEvent)[] = [{ type: 'GameDeclared', data: { seat: c.seat, declaration: c.declaration } }];
    // R14: every ouvert game is played with the declarer's cards open from the start.
    if (c.declaration.ouvert) events.push({ type: 'CardsShown', data: { seat: c.seat, cards: after.value.hands[c.seat].slice(), why: 'ouvert' } });
    return allow({ after: after.value, events });
  },
  branch: {
    value: 'DECLARE',
    description: 'R11-R14: name the game (declaration)',
    move: (c) => ({ kind: 'declare', seat: c.seat, declaration: c.declaration }),
  },
  seen: {
    of: (command) => ({
      move: { kind: 'declare', seat: command.seat, declaration: command.declaration },
      events: (after) => [{ type: 'GameDeclared', data: { seat: command.seat, declaration: after.declaration as Declaration } }],
    }),
  },
  movesOfEvent: (e) => (e.type === 'GameDeclared' ? [{ kind: 'declare', seat: e.data.seat, declaration: e.data.declaration }] : null),
  commandOfMove: (dealId, m) => {
    const move = m as Extract<Move, { kind: 'declare' }>;
    return { type: 'DeclareGame', dealId, seat: move.seat, declaration: move.declaration };
  },
};
