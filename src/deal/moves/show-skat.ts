import type { Card } from '../../rules/card';
import { refuse } from '../../kernel/refusal';
import { LEDGER_RULES as L } from '../ledger-rules';
import type { MoveDefinition } from './move-definition';

/** A deal recorded as seen: the declarer shows the skat (and, after a pick-up, his discard). */
export interface ShowSkat {
  readonly type: 'ShowSkat';
  readonly dealId: string;
  readonly skat: readonly [Card, Card];
  /** After a pick-up: the two cards he put away; may be left out when the play ran to its end (they are the two cards nobody played). */
  readonly discard?: readonly [Card, Card];
}

export interface SkatShownData {
  readonly skat: readonly [Card, Card];
  readonly discard: readonly [Card, Card] | null;
}
/** The event show-skat records. */
export type SkatShownEvent = { readonly type: 'SkatShown'; readonly data: SkatShownData };

/**
 * R9/R10: in a deal recorded as seen the skat is recorded when it is shown: at once for a hand
 * game (turned over), after the play for a pick-up with the declarer's discard. Where the cards
 * were dealt the skat is known already: refused.
 */
export const showSkat: MoveDefinition<ShowSkat, SkatShownEvent> = {
  kind: 'showSkat',
  commandType: 'ShowSkat',
  eventTypes: ['SkatShown'],
  description: 'R9/R10: a deal recorded as seen: the skat, and after a pick-up the discard, as shown',
  seated: false,
  mutation: {
    name: 'showSkat',
    fields: [
      { name: 'skat', type: 'twoCards', description: 'The two cards of the skat as dealt' },
      {
        name: 'discard',
        type: 'twoCards',
        optional: true,
        description: 'After a pick-up: the two cards the declarer put away (known without it when every trick was played)',
      },
    ],
    command: (dealId, input) => ({
      type: 'ShowSkat',
      dealId,
      skat: input.skat as [Card, Card],
      ...(input.discard !== undefined ? { discard: input.discard as [Card, Card] } : {}),
    }),
  },
  record: () => refuse(L.seen, 'the cards of this deal were dealt: its skat is known already (showing it is for a deal recorded as seen)'),
  seen: {
    of: (command) => ({
      move: { kind: 'showSkat', skat: command.skat, ...(command.discard ? { discard: command.discard } : {}) },
      events: () => [{ type: 'SkatShown', data: { skat: command.skat, discard: command.discard ?? null } }],
    }),
    moveOfEvent: (e) => ({ kind: 'showSkat', skat: e.data.skat, ...(e.data.discard ? { discard: e.data.discard } : {}) }),
  },
  movesOfEvent: () => null,
};
