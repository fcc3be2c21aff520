// The GraphQL mutation for each move a recorder taps. One place knows the API's mutation shapes,
// so the page's logic never spells a mutation itself.
import { MOVES } from './move-table.js';
import type { SeatName } from './types.js';

/** A move the recorder taps: its kind (as legal moves name it) and the fields of its mutation's input. */
export interface RecorderMove {
  readonly kind: string;
  readonly seat: SeatName;
  readonly value?: number;
  readonly card?: string;
  readonly cards?: readonly [string, string];
  readonly declaration?: { game: string; hand: boolean; ouvert: boolean; schneiderAnnounced: boolean; schwarzAnnounced: boolean };
}

export interface MutationCall {
  readonly query: string;
  readonly variables: Record<string, unknown>;
  /** The field of the mutation's answer. */
  readonly field: string;
}

const RESULT = '{ revision alreadyApplied }';

export function mutationFor(dealId: string, move: RecorderMove, commandId: string, expectedRevision: string | null): MutationCall {
  // Each move's mutation comes from the table of moves (move-table.js, written at build time).
  const field = MOVES.find((m) => m.kind === move.kind)?.mutation;
  if (!field) throw new Error(`no mutation records a move of kind ${move.kind}`);
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
