import type { Move } from '../../rules/move';
import { allow, refuse } from '../../kernel/refusal';
import { nextSeat, type Seat } from '../../rules/seat';
import { applyMoves, type MoveDefinition } from './move-definition';

/** The defenders give up together (one tap for the recorder instead of two resignations). */
export interface ConcedeForDefenders {
  readonly type: 'ConcedeForDefenders';
  readonly dealId: string;
}

/** The defenders' concession: the defenders whose resignation it records, in seat order from the declarer's left. */
export interface DefendersConcededData {
  readonly seats: readonly Seat[];
}
/** The event defenders-concede records. */
export type DefendersConcededEvent = { readonly type: 'DefendersConceded'; readonly data: DefendersConcededData };

/**
 * R21/D3: both defenders concede the game at once. It stands for their resignations: under ISkO
 * one defender's concession already ends the game (R21), so only the first is recorded; on ISS both
 * must resign, and then every remaining trick goes to the declarer (a null game is won as played, D3).
 * Refused outside the play, in Ramsch (R42) and when the defenders have already resigned.
 */
export const defendersConcede: MoveDefinition<ConcedeForDefenders, DefendersConcededEvent> = {
  kind: 'defendersConcede',
  commandType: 'ConcedeForDefenders',
  eventTypes: ['DefendersConceded'],
  description: 'R21/D3: both defenders concede the game at once (ISkO: one concession ends it; ISS: both resign)',
  seated: false,
  mutation: { name: 'concedeForDefenders', fields: [], command: (dealId) => ({ type: 'ConcedeForDefenders', dealId }) },
  record: (_command, game) => {
    if (game.phase !== 'playing') return refuse('R21', 'the defenders can concede only during the play');
    if (game.declarer === null) return refuse('R42', 'in Ramsch there are no defenders: every player plays for himself');
    const first = nextSeat(game.declarer);
    const defenders = [first, nextSeat(first)].filter((s) => !game.resigned.includes(s));
    if (defenders.length === 0) return refuse('R21', 'both defenders have already resigned');
    // Under ISkO the first concession ends the game: the second defender has nothing left to give up.
    const seats = game.profile.claims === 'iss' ? defenders : defenders.slice(0, 1);
    const moves: Move[] = seats.map((seat) => ({ kind: 'resign', seat }));
    const after = applyMoves(game, moves);
    if (!after.ok) return after;
    return allow({ after: after.value, events: [{ type: 'DefendersConceded', data: { seats } }] });
  },
  seen: {
    of: (_command, g) => ({
      move: { kind: 'concede' },
      events: (after) => {
        const first = nextSeat(g.declarer as Seat);
        const seats = [first, nextSeat(first)].filter((s) => !g.resigned.includes(s) && after.resigned.includes(s));
        return [{ type: 'DefendersConceded', data: { seats: after.profile.claims === 'iss' ? seats : seats.slice(0, 1) } }];
      },
    }),
    moveOfEvent: () => ({ kind: 'concede' }),
  },
  movesOfEvent: (e) => (e.type === 'DefendersConceded' ? e.data.seats.map((seat): Move => ({ kind: 'resign', seat })) : null),
};
