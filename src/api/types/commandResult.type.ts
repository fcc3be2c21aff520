import { Field, ID, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('RecordedEventRef')
export class RecordedEventRefType {
  @Field(() => ID) eventId!: string;
  @Field() type!: string;
  @Field() revision!: string;
}

@ObjectType('CommandResult', { description: 'What a command recorded' })
export class CommandResultType {
  @Field() streamName!: string;
  @Field(() => [RecordedEventRefType]) events!: RecordedEventRefType[];
  @Field({ description: 'Revision of the last event now in the stream (a bigint as a string)' }) revision!: string;
  @Field({ description: 'The same commandId had been applied before: nothing new was recorded' }) alreadyApplied!: boolean;
  @Field(() => ID, { nullable: true, description: 'The deal this command started, if any' }) dealId!: string | null;
}

@ObjectType('ImportRejection')
export class ImportRejectionType {
  @Field(() => Int, { description: '1-based line number in the text' }) line!: number;
  @Field(() => String, { nullable: true }) id!: string | null;
  @Field() reason!: string;
}

@ObjectType('ImportConflict', { description: 'A record whose ID is stored already with different content: listed, not written (history is never overwritten)' })
export class ImportConflictType {
  @Field(() => Int, { description: '1-based line number in the text' }) line!: number;
  @Field({ description: 'The record ID (the deal is iss-<ID>)' }) id!: string;
  @Field(() => [String], { description: 'The properties that differ from the stored record: header keys such as P0 or DT, MV for the moves, R.<key> for result fields (R.v, R.p, ...), layout for spacing only' })
  fields!: string[];
}

@ObjectType('ImportReport')
export class ImportReportType {
  @Field(() => Int) records!: number;
  @Field(() => Int) imported!: number;
  @Field(() => Int) alreadyPresent!: number;
  @Field(() => [ImportRejectionType], { description: 'The first rejected records, each with its reason' }) rejected!: ImportRejectionType[];
  @Field(() => Int) rejectedCount!: number;
  @Field(() => [ImportConflictType], { description: 'The first records whose ID is stored with different content' }) conflicts!: ImportConflictType[];
  @Field(() => Int, { description: 'How many records were in conflict with the stored ones (none of them written)' }) conflictCount!: number;
  @Field(() => Int, { description: 'Events appended now (0 on a re-import)' }) events!: number;
}
