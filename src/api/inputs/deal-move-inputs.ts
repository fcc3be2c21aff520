import { Field, ID, InputType, Int, type ReturnTypeFunc } from '@nestjs/graphql';
import type { MoveDefinition, MoveInputField } from '../../deal/moves/move-definition';
import { moveDefinitions } from '../../deal/moves/move-table';
import { AbandonReasonEnum, SeatEnum } from '../types/enums';
import { DeclarationInput } from './command-inputs';

/** The GraphQL type of each kind of input field a move declares. */
export const MOVE_FIELD_TYPES: Record<MoveInputField['type'], ReturnTypeFunc> = {
  seat: () => SeatEnum,
  card: () => String,
  twoCards: () => [String],
  cards: () => [String],
  int: () => Int,
  declaration: () => DeclarationInput,
  abandonReason: () => AbandonReasonEnum,
  note: () => String,
};

/** `callBid` → `CallBidInput`. */
export const inputTypeName = (mutation: string): string => `${mutation[0].toUpperCase()}${mutation.slice(1)}Input`;

/** The input object of a move's mutation, built from the fields its definition in the table of moves declares. */
function inputTypeOf(definition: MoveDefinition<{ readonly type: string; readonly dealId: string }>): new () => object {
  const type = class {};
  Object.defineProperty(type, 'name', { value: inputTypeName(definition.mutation.name) });
  Field(() => ID, { description: 'The deal' })(type.prototype, 'dealId');
  for (const f of definition.mutation.fields) Field(MOVE_FIELD_TYPES[f.type], { nullable: !!f.optional, description: f.description })(type.prototype, f.name);
  InputType(inputTypeName(definition.mutation.name), {
    description: `${definition.description} (the input of ${definition.mutation.name}: the deal and the move)`,
  })(type);
  return type;
}

/** One input object per move of the table, by mutation name. */
export const DEAL_MOVE_INPUTS: ReadonlyMap<string, new () => object> = new Map(moveDefinitions().map((d) => [d.mutation.name, inputTypeOf(d)]));
