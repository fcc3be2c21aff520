import { Field, ID, InputType, Int } from '@nestjs/graphql';
import type { MoveInputField } from '../../deal/moves/move-definition';
import { branchMoves } from '../../deal/moves/move-table';
import { BranchMoveKindEnum } from '../types/branch.type';
import { SeatEnum } from '../types/enums';
import { MOVE_FIELD_TYPES } from './deal-move-inputs';

@InputType('ForkBranchInput', { description: 'Where a what-if branch starts' })
export class ForkBranchInput {
  @Field(() => ID, { description: 'The deal to branch from' }) dealId!: string;
  @Field(() => Int, { description: 'The replay step to start from (0 = the dealt position)' }) step!: number;
  @Field({ defaultValue: false, description: 'List it on the deal and let anyone who may see all of the deal read it by its id' }) shared!: boolean;
}

/** One move in a branch: the kind and seat, then the fields of the moves a branch takes (declared in their move files). */
export class BranchMoveInput {
  @Field(() => ID, { description: 'The branch' }) branchId!: string;
  @Field(() => String, { nullable: true, description: "The capability forkBranch gave an anonymous creator (not needed with the creator's token)" })
  capability?: string | null;
  @Field(() => BranchMoveKindEnum, { description: 'What kind of move' }) kind!: string;
  @Field(() => SeatEnum, { nullable: true, description: 'The seat that moves (default: the seat to act)' }) seat?: SeatEnum | null;
  /** A field of the move (card, value, ...), as its move declares it. */
  readonly [field: string]: unknown;
}

/** Each field the branch moves name besides the seat, once, with the moves that take it (`PLAY: The card played, ...`). */
const BRANCH_MOVE_FIELDS = new Map<string, { field: MoveInputField; values: string[] }>();
for (const d of branchMoves())
  for (const field of d.mutation.fields) {
    if (field.name === 'seat') continue;
    const known = BRANCH_MOVE_FIELDS.get(field.name) ?? { field, values: [] };
    known.values.push((d.branch as { value: string }).value);
    BRANCH_MOVE_FIELDS.set(field.name, known);
  }
for (const [name, { field, values }] of BRANCH_MOVE_FIELDS)
  Field(MOVE_FIELD_TYPES[field.type], { nullable: true, description: `${values.join(', ')}: ${field.description}` })(BranchMoveInput.prototype, name);
InputType('BranchMoveInput', { description: 'One move in a branch you own' })(BranchMoveInput);

@InputType('DeleteBranchInput', { description: 'A branch to delete (its events stay in the store behind a tombstone)' })
export class DeleteBranchInput {
  @Field(() => ID, { description: 'The branch' }) branchId!: string;
  @Field(() => String, { nullable: true, description: 'The capability of an anonymous creator' }) capability?: string | null;
}
