import type { Card } from '../../rules/card';
import type { Move } from '../../rules/move';
import type { Seat } from '../../rules/seat';
import { allow } from '../../kernel/refusal';
import { checkClaim, type ClaimCheck } from '../claim-check';
import { applyMoves, SEAT_FIELD, seatOf, type MoveDefinition } from './move-definition';

/** The declarer lays his cards open to claim the rest (R21, D3; ISS `SC`). */
export interface ShowCards {
  readonly type: 'ShowCards';
  readonly dealId: string;
  readonly seat: Seat;
}

export interface CardsShownData {
  readonly seat: Seat;
  /** The cards laid open at that moment. */
  readonly cards: readonly Card[];
  readonly why: 'ouvert' | 'claim';
  /** A claim under the isko profile: judged with all cards open when made (R21); absent on older events (then it stood). */
  readonly claim?: ClaimCheck;
}
/** The event show-cards records. */
export type CardsShownEvent = { readonly type: 'CardsShown'; readonly data: CardsShownData };

/**
 * R21/D3: the declarer lays his cards open to claim the rest (ISS `SC`). Under isko the claim is
 * judged with all cards open when made (R21): an unsound one gives the remaining tricks to the
 * defenders. The cards shown are public from then on.
 */
export const showCards: MoveDefinition<ShowCards, CardsShownEvent> = {
  kind: 'showCards',
  engineKind: 'showCards',
  commandType: 'ShowCards',
  eventTypes: ['CardsShown'],
  eventDescription: 'R21/D3: the declarer laid his cards open (an ouvert game or a claim)',
  description: 'R21/D3: the declarer lays his cards open (claim; ISS SC)',
  seated: true,
  words: {
    step: { en: '{seat} lays the cards open (claim).', de: '{seat} legt die Karten offen (Anspruch).' },
    move: { en: 'lay the cards open', de: 'Karten offenlegen' },
  },
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
  branch: { value: 'SHOW_CARDS', description: 'R21: the declarer lays his cards open (a claim)', move: (c) => ({ kind: 'showCards', seat: c.seat }) },
  seen: {
    // The cards of a claim are recorded when turned over (ShowHand); the claim is judged with all of them known.
    of: (command) => ({
      move: { kind: 'showCards', seat: command.seat },
      events: () => [{ type: 'CardsShown', data: { seat: command.seat, cards: [], why: 'claim' } }],
    }),
  },
  movesOfEvent: (e) => {
    // The ouvert display is part of the declaration (R14); only a claim is a move of its own.
    if (e.type !== 'CardsShown' || e.data.why !== 'claim') return null;
    // R21: a claim recorded as unsound gives the remaining tricks to the defenders.
    return [e.data.claim?.sound === false ? { kind: 'showCards', seat: e.data.seat, unsound: true } : { kind: 'showCards', seat: e.data.seat }];
  },
  commandOfMove: (dealId, m) => ({ type: 'ShowCards', dealId, seat: (m as { seat: 0 | 1 | 2 }).seat }),
};
