import { Field, ID, InputType, Int } from '@nestjs/graphql';
import { BranchMoveKindEnum } from '../types/branch.type';
import { SeatEnum } from '../types/enums';
import { DeclarationInput } from './command-inputs';

@InputType('ForkBranchInput', { description: 'Where a what-if branch starts' })
export class ForkBranchInput {
  @Field(() => ID, { description: 'The deal to branch from' }) dealId!: string;
  @Field(() => Int, { description: 'The replay step to start from (0 = the dealt position)' }) step!: number;
  @Field({ defaultValue: false, description: 'List it on the deal and let anyone who may see all of the deal read it by its id' }) shared!: boolean;
}

@InputType('BranchMoveInput', { description: 'One move in a branch you own' })
export class BranchMoveInput {
  @Field(() => ID, { description: 'The branch' }) branchId!: string;
  @Field(() => String, { nullable: true, description: "The capability forkBranch gave an anonymous creator (not needed with the creator's token)" })
  capability?: string | null;
  @Field(() => BranchMoveKindEnum, { description: 'What kind of move' }) kind!: BranchMoveKindEnum;
  @Field(() => SeatEnum, { nullable: true, description: 'The seat that moves (default: the seat to act)' }) seat?: SeatEnum | null;
  @Field(() => String, { nullable: true, description: 'PLAY: the card (ISS notation, e.g. CJ)' }) card?: string | null;
  @Field(() => [String], { nullable: true, description: 'DISCARD: the two cards put away' }) cards?: string[] | null;
  @Field(() => Int, { nullable: true, description: 'BID: the value said' }) value?: number | null;
  @Field(() => DeclarationInput, { nullable: true, description: 'DECLARE: the game named' }) declaration?: DeclarationInput | null;
}

@InputType('DeleteBranchInput', { description: 'A branch to delete (its events stay in the store behind a tombstone)' })
export class DeleteBranchInput {
  @Field(() => ID, { description: 'The branch' }) branchId!: string;
  @Field(() => String, { nullable: true, description: 'The capability of an anonymous creator' }) capability?: string | null;
}
