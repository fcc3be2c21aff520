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
  /** discard: the two put away; showHand: a seat's unplayed cards. */
  readonly cards?: readonly string[];
  readonly declaration?: { game: string; hand: boolean; ouvert: boolean; schneiderAnnounced: boolean; schwarzAnnounced: boolean };
  /** showSkat: the skat as dealt. */
  readonly skat?: readonly [string, string];
  /** abandonDeal: why (MISDEAL), with a note. */
  readonly reason?: string;
  readonly note?: string;
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
  const entry = MOVES.find((m) => m.kind === move.kind);
  if (!entry) throw new Error(`no mutation records a move of kind ${move.kind}`);
  const field = entry.mutation;
  const inputType = `${field[0].toUpperCase()}${field.slice(1)}Input`;
  // The move's fields its mutation takes (seat, value, cards, declaration, card) go into the input beside the deal.
  const fields = Object.fromEntries(Object.entries(move).filter(([k, v]) => k !== 'kind' && v !== undefined && entry.fields.includes(k)));
  return {
    field,
    query: `mutation($commandId: ID!, $input: ${inputType}!, $expectedRevision: String) { ${field}(commandId: $commandId, input: $input, expectedRevision: $expectedRevision) ${RESULT} }`,
    variables: { commandId, input: { dealId, ...fields }, expectedRevision },
  };
}

export const START_TABLE_DEAL = `mutation($commandId: ID!, $input: StartTableDealInput!) {
  startTableDeal(commandId: $commandId, input: $input) { dealId revision alreadyApplied }
}`;
