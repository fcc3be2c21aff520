import { allow, refuse } from '../../kernel/refusal';
import { isSeat, SEAT_NAMES, type Seat } from '../../rules/seat';
import { SEAT_FIELD, seatOf, type MoveDefinition } from './move-definition';

/** R20: after a lead out of turn or a failure to follow, the party not at fault has play go on once it is corrected. */
export interface ContinueAfterInfringement {
  readonly type: 'ContinueAfterInfringement';
  readonly dealId: string;
  /** The seat that demands it: of the party not at fault. */
  readonly seat: Seat;
  /** The seat that led out of turn or failed to follow. */
  readonly offender: Seat;
  readonly note?: string;
}

export interface PlayContinuedData {
  readonly seat: Seat;
  readonly offender: Seat;
  readonly note: string;
}
/** The event continue-after-infringement records. */
export type PlayContinuedEvent = { readonly type: 'PlayContinued'; readonly data: PlayContinuedData };

/**
 * R20 (ISkO 4.1.3-4.1.6): a lead out of turn or a failure to follow ends the game, unless the
 * party not at fault demands that play go on after the card is corrected. The recording holds the
 * corrected play (the rules never let a wrong card be recorded), so this records the demand: who was
 * at fault, who asked, and a note; the play and the score go on unchanged. Only during the play, not
 * in Ramsch (R42: no parties), and only the other party may ask (a declarer for a defender's fault, a
 * defender for the declarer's). It is a recorded move like any other: a slip is withdrawn as one.
 */
export const continueAfterInfringement: MoveDefinition<ContinueAfterInfringement, PlayContinuedEvent> = {
  kind: 'continueAfterInfringement',
  commandType: 'ContinueAfterInfringement',
  eventTypes: ['PlayContinued'],
  eventDescription: 'R20: play went on after an infringement (a lead out of turn, a failure to follow) was corrected, as the party not at fault asked',
  description: 'R20: the party not at fault has play go on after a lead out of turn or a failure to follow is corrected',
  seated: true,
  words: {
    step: { en: '{seat} has the infringement corrected: play goes on.', de: '{seat} lässt den Regelverstoß berichtigen: es wird weitergespielt.' },
    move: { en: 'play on after the correction', de: 'nach Berichtigung weiterspielen' },
  },
  mutation: {
    name: 'continueAfterInfringement',
    fields: [
      { ...SEAT_FIELD, description: 'The seat of the party not at fault that asks for play to go on (R20)' },
      { name: 'offender', type: 'seat', description: 'The seat that led out of turn or failed to follow (R20)' },
      { name: 'note', type: 'note', optional: true, description: 'What happened, kept with the record (at most 1000 characters)' },
    ],
    command: (dealId, input) => ({
      type: 'ContinueAfterInfringement',
      dealId,
      seat: seatOf(input),
      offender: input.offender as Seat,
      ...(input.note ? { note: input.note as string } : {}),
    }),
  },
  record: (c, game) => {
    if (game.phase !== 'playing') return refuse('R20', 'an infringement of the play is corrected only during the play');
    if (game.declarer === null) return refuse('R42', 'in Ramsch every player plays for himself: there is no party not at fault');
    if (!isSeat(c.offender)) return refuse('R2', 'the offender is seat 0 (forehand), 1 (middlehand) or 2 (rearhand)');
    const declarer = game.declarer;
    if ((c.seat === declarer) === (c.offender === declarer))
      return refuse('R20', `${SEAT_NAMES[c.seat]} is of the party at fault (${SEAT_NAMES[c.offender]}): only the other party may ask for play to go on`);
    return allow({ after: game, events: [{ type: 'PlayContinued', data: { seat: c.seat, offender: c.offender, note: c.note ?? '' } }] });
  },
  // No engine move: the play is unchanged. An empty list (not null) keeps it a recorded move, so a slip can be withdrawn.
  movesOfEvent: (e) => (e.type === 'PlayContinued' ? [] : null),
};
