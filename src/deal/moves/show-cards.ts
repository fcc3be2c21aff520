import type { Move } from '../../rules/move';
import type { Seat } from '../../rules/seat';
import { allow } from '../../kernel/refusal';
import { checkClaim } from '../claim-check';
import { applyMoves, SEAT_FIELD, seatOf, type MoveDefinition } from './move-definition';

/** The declarer lays his cards open to claim the rest (R21, D3; ISS `SC`). */
export interface ShowCards {
  readonly type: 'ShowCards';
  readonly dealId: string;
  readonly seat: Seat;
}

/**
 * R21/D3: the declarer lays his cards open to claim the rest (ISS `SC`). Under isko the claim is
 * judged with all cards open when made (R21): an unsound one gives the remaining tricks to the
 * defenders. The cards shown are public from then on.
 */
export const showCards: MoveDefinition<ShowCards> = {
  kind: 'showCards',
  engineKind: 'showCards',
  commandType: 'ShowCards',
  eventTypes: ['CardsShown'],
  description: 'R21/D3: the declarer lays his cards open (claim; ISS SC)',
  seated: true,
  mutation: { name: 'showCards', fields: [SEAT_FIELD], command: (dealId, input) => ({ type: 'ShowCards', dealId, seat: seatOf(input) }) },
  record: (c, game) => {
    const claim = game.profile.claims === 'isko' && game.phase === 'playing' && game.declarer === c.seat ? (checkClaim(game) ?? undefined) : undefined;
    const move: Move = claim && !claim.sound ? { kind: 'showCards', seat: c.seat, unsound: true } : { kind: 'showCards', seat: c.seat };
    const after = applyMoves(game, [move]);
    if (!after.ok) return after;
    return allow({
      after: after.value,
      events: [{ type: 'CardsShown', data: { seat: c.seat, cards: game.hands[c.seat].slice(), why: 'claim', ...(claim ? { claim } : {}) } }],
    });
  },
  movesOfEvent: (e) => {
    // The ouvert display is part of the declaration (R14); only a claim is a move of its own.
    if (e.type !== 'CardsShown' || e.data.why !== 'claim') return null;
    // R21: a claim recorded as unsound gives the remaining tricks to the defenders.
    return [e.data.claim?.sound === false ? { kind: 'showCards', seat: e.data.seat, unsound: true } : { kind: 'showCards', seat: e.data.seat }];
  },
  commandOfMove: (dealId, m) => ({ type: 'ShowCards', dealId, seat: (m as { seat: 0 | 1 | 2 }).seat }),
};
