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
  @Field(() => String, { nullable: true }) profileId!: string | null;
  @Field(() => String, { nullable: true }) profileVersion!: string | null;
  @Field(() => [AuditClaimType], { description: 'Claims, concessions and resignations judged with all cards open (R21)' }) claims!: AuditClaimType[];
}
