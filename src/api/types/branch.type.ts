import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { DateTimeScalar } from './date-time.scalar';
import { branchMoves } from '../../deal/moves/move-table';

/**
 * The kinds of move a branch takes, derived from the table of moves (each move file says whether a
 * branch takes it, under which value): value name → the move's kind. The seat is the one to act unless named.
 */
export const BranchMoveKindEnum: Readonly<Record<string, string>> = Object.fromEntries(
  branchMoves().map((d) => [(d.branch as { value: string }).value, d.kind]),
);
registerEnumType(BranchMoveKindEnum, {
  name: 'BranchMoveKind',
  description: 'A move played in a what-if branch (the same rules as in a deal: R5-R21)',
  valuesMap: Object.fromEntries(
    branchMoves().map((d) => [(d.branch as { value: string }).value, { description: (d.branch as { description: string }).description }]),
  ),
});

@ObjectType('Branch', {
  description:
    'A what-if branch: other moves played from one step of a deal, in a stream of its own (branch-<id>) that never touches the deal. Private to its creator unless shared; its frames show every hand, so it is served only to callers who may see all of the deal',
})
export class BranchType {
  @Field(() => ID, { description: 'The branch id (unguessable; holding it lets you read a shared branch)' }) id!: string;
  @Field(() => ID, { description: 'The deal it was forked from' }) dealId!: string;
  @Field(() => Int, { description: "The deal's replay step it starts from: its frames 0..forkStep are the deal's" }) forkStep!: number;
  @Field({ description: "The deal stream's revision at the fork (a bigint as a string)" }) forkRevision!: string;
  @Field({ description: 'Listed on the deal and readable by anyone who may see all of the deal' }) shared!: boolean;
  @Field(() => DateTimeScalar, { description: 'When it was forked (ISO instant)' }) createdAt!: string;
  @Field(() => Int, { description: 'Moves played in the branch so far' }) moves!: number;
  @Field({ description: "The branch stream's last revision (a bigint as a string)" }) revision!: string;
  @Field({ description: 'Whether the caller owns it (may play moves and delete it)' }) mine!: boolean;
  @Field(() => String, {
    nullable: true,
    description:
      'Only in the answer to forkBranch from an anonymous caller: the secret that proves ownership later (pass it as capability); shown once, never stored in clear',
  })
  capability!: string | null;
  @Field(() => Boolean, { description: 'Whether the branch was deleted (only in the answer to deleteBranch)' }) deleted!: boolean;
}
