import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { LedgerEventTypeEnum } from './event-types';

@ObjectType('RecordedEventRef', { description: 'An event a command recorded (or had recorded before: a retry)' })
export class RecordedEventRefType {
  @Field(() => ID, { description: "The event's id (derived from the command id, so a retry names the same events)" }) eventId!: string;
  @Field(() => LedgerEventTypeEnum, { description: 'The event type' }) type!: string;
  @Field({ description: 'Its revision in the stream (a decimal string)' }) revision!: string;
}

@ObjectType('CommandResult', { description: 'What a command recorded' })
export class CommandResultType {
  @Field({ description: 'The stream the command was recorded in, e.g. deal-<id>, table-<id>' }) streamName!: string;
  @Field(() => [RecordedEventRefType], { description: 'The events recorded, in order' }) events!: RecordedEventRefType[];
  @Field({ description: 'Revision of the last event now in the stream (a bigint as a string)' }) revision!: string;
  @Field({ description: 'The same commandId had been applied before: nothing new was recorded' }) alreadyApplied!: boolean;
  @Field(() => ID, { nullable: true, description: 'The deal this command started, if any' }) dealId!: string | null;
}

@ObjectType('ImportRejection', { description: 'A record the import refused, with the reason' })
export class ImportRejectionType {
  @Field(() => Int, { description: '1-based line number in the text' }) line!: number;
  @Field(() => String, { nullable: true, description: "The record's id when it could be read; null otherwise" }) id!: string | null;
  @Field({ description: 'Why it was refused' }) reason!: string;
}

@ObjectType('ImportConflict', { description: 'A record whose ID is stored already with different content: listed, not written (history is never overwritten)' })
export class ImportConflictType {
  @Field(() => Int, { description: '1-based line number in the text' }) line!: number;
  @Field({ description: 'The record ID (the deal is iss-<ID>)' }) id!: string;
  @Field(() => [String], {
    description:
      'The properties that differ from the stored record: header keys such as P0 or DT, MV for the moves, R.<key> for result fields (R.v, R.p, ...), layout for spacing only',
  })
  fields!: string[];
}

@ObjectType('ImportReport', { description: 'What an ISS import did' })
export class ImportReportType {
  @Field(() => Int, { description: 'Records read' }) records!: number;
  @Field(() => Int, { description: 'Deals imported' }) imported!: number;
  @Field(() => Int, { description: 'Deals found already imported (nothing recorded again)' }) alreadyPresent!: number;
  @Field(() => [ImportRejectionType], { description: 'The first rejected records, each with its reason' }) rejected!: ImportRejectionType[];
  @Field(() => Int, { description: 'Records refused (see rejected)' }) rejectedCount!: number;
  @Field(() => [ImportConflictType], { description: 'The first records whose ID is stored with different content' }) conflicts!: ImportConflictType[];
  @Field(() => Int, { description: 'How many records were in conflict with the stored ones (none of them written)' }) conflictCount!: number;
  @Field(() => Int, { description: 'Events appended now (0 on a re-import)' }) events!: number;
}
