import type { AsOf } from '../../ledger/ledger';
import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { ArchiveResultCheckType } from './audit.type';
import { DealResultType } from './deal-result.type';
import { DealStatusEnum, GameTypeEnum, SeatEnum, SourceEnum } from './enums';
import { DateTimeScalar } from './date-time.scalar';

@ObjectType('DealDispute', { description: "A player's contest of a deal's result, with the arbiter's ruling once given" })
export class DealDisputeType {
  @Field(() => ID, { description: 'The contest (its event id): name it in ruleDispute' }) contestEventId!: string;
  @Field({ description: 'Who contested' }) player!: string;
  @Field(() => String, {
    nullable: true,
    description: "What the player says is wrong; null unless the caller is one of the deal's players, its table's recorder, an arbiter or an admin",
  })
  reason!: string | null;
  @Field(() => String, { nullable: true, description: 'UPHELD/REJECTED as `upheld`/`rejected`; null while it awaits the arbiter' }) ruling!: string | null;
  @Field(() => String, { nullable: true, description: "The arbiter's reason; null until ruled, and for callers who may not read the reasons" })
  rulingReason!: string | null;
}

@ObjectType('Deal', { description: 'One deal (Spiel). Imported ISS records have id iss-<ID>.' })
export class DealType {
  @Field(() => ID, { description: "The deal's id" }) id!: string;
  /** Not a field: the moment a deal given as of one was read at; its frames, audit, revision and fairness are read as of it too. */
  asOf?: AsOf;
  @Field(() => ID, { nullable: true, description: 'The table (series) the deal belongs to; null for a deal of its own' }) tableId!: string | null;
  @Field(() => ID, { nullable: true, description: 'The tournament of the table; null when none' }) tournamentId!: string | null;
  @Field(() => Int, { description: "The deal's number in its series, from 1" }) dealNumber!: number;
  @Field(() => DateTimeScalar, { description: 'When the deal started (ISO 8601 instant)' }) startedAt!: string;
  @Field(() => SourceEnum, { description: 'Where the deal was recorded (live, an ISS import, by hand, a branch)' }) source!: string;
  @Field({ description: 'The rule profile the deal is played under (isko, iss, ...)' }) profileId!: string;
  @Field({ description: "That profile's version, recorded with the deal" }) profileVersion!: string;
  @Field(() => [String], { description: 'Player names in seat order: forehand, middlehand, rearhand' }) players!: string[];
  @Field({ description: "The dealer's name (R37)" }) dealer!: string;
  @Field(() => [String], { description: 'Players of the table sitting out this deal (the dealer at 4 or 5, R3, D5)' }) sittingOut!: string[];
  @Field(() => DealStatusEnum, { description: 'Where the deal stands: in progress, scored, passed in, Ramsch or not scoreable' }) status!: string;
  @Field(() => SeatEnum, { nullable: true, description: 'Known once the deal is scored (live: see the frames)' }) declarer!: number | null;
  @Field(() => GameTypeEnum, { nullable: true, description: 'Known once the deal is scored (live: see the frames)' }) game!: string | null;
  @Field(() => DealResultType, { nullable: true, description: 'Null while the deal is in progress' }) result!: DealResultType | null;
  @Field(() => ArchiveResultCheckType, {
    nullable: true,
    description:
      "For a deal imported from an archive record (ISS): which result `result` is (always the engine's), whether the record's own agrees, and the record's own v and p; null for other deals",
  })
  archive!: ArchiveResultCheckType | null;
  @Field(() => [DealDisputeType], { description: 'Contests of the result, oldest first, each with its ruling once given' }) disputes!: DealDisputeType[];
  @Field(() => [String], { description: 'Players who confirmed the result' }) confirmedBy!: string[];
}
