// The GraphQL mutation for each move a recorder taps. One place knows the API's mutation shapes,
// so the page's logic never spells a mutation itself.
import type { SeatName } from './types.js';

export type RecorderMove =
  | { kind: 'bid'; seat: SeatName; value: number }
  | { kind: 'hold'; seat: SeatName }
  | { kind: 'pass'; seat: SeatName }
  | { kind: 'pickUpSkat'; seat: SeatName }
  | { kind: 'discard'; seat: SeatName; cards: [string, string] }
  | { kind: 'declare'; seat: SeatName; declaration: { game: string; hand: boolean; ouvert: boolean; schneiderAnnounced: boolean; schwarzAnnounced: boolean } }
  | { kind: 'play'; seat: SeatName; card: string }
  | { kind: 'showCards'; seat: SeatName }
  | { kind: 'resign'; seat: SeatName };

export interface MutationCall {
  readonly query: string;
  readonly variables: Record<string, unknown>;
  /** The field of the mutation's answer. */
  readonly field: string;
}

const RESULT = '{ revision alreadyApplied }';
const HEAD = '$commandId: ID!, $dealId: ID!, $seat: Seat!, $expectedRevision: String';
const ARGS = 'commandId: $commandId, dealId: $dealId, seat: $seat, expectedRevision: $expectedRevision';

export function mutationFor(dealId: string, move: RecorderMove, commandId: string, expectedRevision: string | null): MutationCall {
  const base = { commandId, dealId, seat: move.seat, expectedRevision };
  const call = (field: string, extraHead = '', extraArgs = '', extra: Record<string, unknown> = {}): MutationCall => ({
    field,
    query: `mutation(${HEAD}${extraHead}) { ${field}(${ARGS}${extraArgs}) ${RESULT} }`,
    variables: { ...base, ...extra },
  });
  switch (move.kind) {
    case 'bid':
      return call('callBid', ', $value: Int!', ', value: $value', { value: move.value });
    case 'hold':
      return call('holdBid');
    case 'pass':
      return call('passBid');
    case 'pickUpSkat':
      return call('takeSkat');
    case 'discard':
      return call('discardSkat', ', $cards: [String!]!', ', cards: $cards', { cards: move.cards });
    case 'declare':
      return call('declareGame', ', $declaration: DeclarationInput!', ', declaration: $declaration', { declaration: move.declaration });
    case 'play':
      return call('playCard', ', $card: String!', ', card: $card', { card: move.card });
    case 'showCards':
      return call('showCards');
    case 'resign':
      return call('resign');
  }
}

export const START_TABLE_DEAL = `mutation($commandId: ID!, $input: StartTableDealInput!) {
  startTableDeal(commandId: $commandId, input: $input) { dealId revision alreadyApplied }
}`;
