import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { AuditClaimType } from './auditClaim.type';
import { DealResultType } from './dealResult.type';

@ObjectType('MetadataEntry')
export class MetadataEntryType {
  @Field() key!: string;
  @Field() value!: string;
}

@ObjectType('AuditEvent')
export class AuditEventType {
  @Field() revision!: string;
  @Field(() => ID) eventId!: string;
  @Field() type!: string;
  @Field({ description: 'The event data as JSON' }) data!: string;
  @Field(() => [MetadataEntryType]) metadata!: MetadataEntryType[];
  @Field(() => String, { nullable: true }) hash!: string | null;
  @Field(() => String, { nullable: true }) prevHash!: string | null;
}

@ObjectType('AuditDerivationLine')
export class AuditDerivationLineType {
  @Field() ruleId!: string;
  @Field() text!: string;
  @Field(() => [ID], { description: 'The events this line rests on' }) eventIds!: string[];
}

@ObjectType('AuditCorrection')
export class AuditCorrectionType {
  @Field(() => ID) eventId!: string;
  @Field(() => ID) correctsEventId!: string;
  @Field(() => Int, { nullable: true }) previousScore!: number | null;
  @Field(() => Int) correctedScore!: number;
  @Field() reason!: string;
  @Field() who!: string;
  @Field(() => String, { nullable: true }) when!: string | null;
}

@ObjectType('ResultDifference')
export class ResultDifferenceType {
  @Field() field!: string;
  @Field({ description: 'JSON' }) recorded!: string;
  @Field({ description: 'JSON' }) recomputed!: string;
}

@ObjectType('ArchiveResultMismatch', { description: 'One result field where an archive record and the engine differ' })
export class ArchiveResultMismatchType {
  @Field({ description: 'The ISS key of the field: d, win, v, m, overbid, p, t, s, z or passed' }) field!: string;
  @Field({ description: "The record's own value, as text" }) recorded!: string;
  @Field({ description: "The engine's value, as text" }) recomputed!: string;
}

@ObjectType('ArchiveResultCheck', { description: "An imported deal keeps its archive record's own result next to the engine's; summaries, sheets and statistics use the engine's" })
export class ArchiveResultCheckType {
  @Field({ description: 'The result the ledger scores with: always ENGINE (the rules), never the record' }) uses!: string;
  @Field(() => Boolean, { nullable: true, description: "Whether the record's own result agrees with the engine's, field by field as iss verify compares them; null when nothing could be compared" })
  agrees!: boolean | null;
  @Field(() => [ArchiveResultMismatchType], { description: 'The fields that differ' }) mismatches!: ArchiveResultMismatchType[];
  @Field({ description: 'In words: "recorded result agrees" or "recorded result disagrees: v, p"' }) text!: string;
  @Field(() => Int, { nullable: true, description: "The record's own signed game value (ISS v); null when it records no game (passed in)" }) recordedValue!: number | null;
  @Field(() => Int, { nullable: true, description: "The record's own declarer card points (ISS p); null when it records no game" }) recordedDeclarerPoints!: number | null;
}

@ObjectType('DealAudit')
export class DealAuditType {
  @Field(() => ID) dealId!: string;
  @Field(() => [AuditEventType]) events!: AuditEventType[];
  @Field({ description: 'The hash chain over the events is unbroken' }) intact!: boolean;
  @Field(() => String, { nullable: true }) brokenAt!: string | null;
  @Field(() => String, { nullable: true }) chainProblem!: string | null;
  @Field(() => DealResultType, { nullable: true }) recorded!: DealResultType | null;
  @Field(() => DealResultType, { nullable: true }) recomputed!: DealResultType | null;
  @Field(() => String, { nullable: true }) recomputeError!: string | null;
  @Field({ description: 'The recorded and recomputed results agree' }) agrees!: boolean;
  @Field(() => [ResultDifferenceType]) differences!: ResultDifferenceType[];
  @Field(() => [AuditDerivationLineType]) derivation!: AuditDerivationLineType[];
  @Field(() => [AuditCorrectionType]) corrections!: AuditCorrectionType[];
  @Field(() => ArchiveResultCheckType, { nullable: true, description: "For a deal imported from an archive record (ISS): the record's own result against the engine's; null for other deals" })
  archive!: ArchiveResultCheckType | null;
  @Field(() => String, { nullable: true }) profileId!: string | null;
  @Field(() => String, { nullable: true }) profileVersion!: string | null;
  @Field(() => [AuditClaimType], { description: 'Claims, concessions and resignations judged with all cards open (R21)' }) claims!: AuditClaimType[];
}
