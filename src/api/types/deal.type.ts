import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { ArchiveResultCheckType } from './audit.type';
import { DealResultType } from './dealResult.type';
import { DealStatusEnum, GameTypeEnum, SeatEnum } from './enums';

@ObjectType('Deal', { description: 'One deal (Spiel). Imported ISS records have id iss-<ID>.' })
export class DealType {
  @Field(() => ID) id!: string;
  @Field(() => ID, { nullable: true }) tableId!: string | null;
  @Field(() => ID, { nullable: true }) tournamentId!: string | null;
  @Field(() => Int) dealNumber!: number;
  @Field() startedAt!: string;
  @Field({ description: 'live, import:iss or manual' }) source!: string;
  @Field() profileId!: string;
  @Field() profileVersion!: string;
  @Field(() => [String], { description: 'Player names in seat order: forehand, middlehand, rearhand' }) players!: string[];
  @Field() dealer!: string;
  @Field(() => [String]) sittingOut!: string[];
  @Field(() => DealStatusEnum) status!: string;
  @Field(() => SeatEnum, { nullable: true, description: 'Known once the deal is scored (live: see the frames)' }) declarer!: number | null;
  @Field(() => GameTypeEnum, { nullable: true, description: 'Known once the deal is scored (live: see the frames)' }) game!: string | null;
  @Field(() => DealResultType, { nullable: true, description: 'Null while the deal is in progress' }) result!: DealResultType | null;
  @Field(() => ArchiveResultCheckType, {
    nullable: true,
    description: "For a deal imported from an archive record (ISS): which result `result` is (always the engine's), whether the record's own agrees, and the record's own v and p; null for other deals",
  })
  archive!: ArchiveResultCheckType | null;
}
