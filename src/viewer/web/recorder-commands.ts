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

/** Each move's mutation and the name of its input object (`callBid` takes `input: CallBidInput!`). */
const MUTATIONS: Record<RecorderMove['kind'], string> = {
  bid: 'callBid',
  hold: 'holdBid',
  pass: 'passBid',
  pickUpSkat: 'takeSkat',
  discard: 'discardSkat',
  declare: 'declareGame',
  play: 'playCard',
  showCards: 'showCards',
  resign: 'resign',
};

export function mutationFor(dealId: string, move: RecorderMove, commandId: string, expectedRevision: string | null): MutationCall {
  const field = MUTATIONS[move.kind];
  const inputType = `${field[0].toUpperCase()}${field.slice(1)}Input`;
  // The move's fields (seat, value, cards, declaration, card) go into the input object beside the deal.
  const { kind: _kind, ...fields } = move;
  return {
    field,
    query: `mutation($commandId: ID!, $input: ${inputType}!, $expectedRevision: String) { ${field}(commandId: $commandId, input: $input, expectedRevision: $expectedRevision) ${RESULT} }`,
    variables: { commandId, input: { dealId, ...fields }, expectedRevision },
  };
}

export const START_TABLE_DEAL = `mutation($commandId: ID!, $input: StartTableDealInput!) {
  startTableDeal(commandId: $commandId, input: $input) { dealId revision alreadyApplied }
}`;
