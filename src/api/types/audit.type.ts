import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { AuditClaimType } from './audit-claim.type';
import { DealResultType } from './deal-result.type';
import { DateTimeScalar } from './date-time.scalar';
import { ResultBasisEnum } from './enums';
import { DealEventTypeEnum } from './event-types';
import { IssResultFieldEnum, ResultFieldEnum } from './result-fields';

@ObjectType('MetadataEntry', { description: 'One metadata entry of a recorded event (a flat string map)' })
export class MetadataEntryType {
  @Field({ description: 'The metadata key, e.g. commandId, actorId, recordedAt, $correlationId' }) key!: string;
  @Field({ description: 'Its value, as recorded' }) value!: string;
}

@ObjectType('AuditEvent', { description: 'One recorded event of the deal, with its place in the hash chain' })
export class AuditEventType {
  @Field({ description: "The event's revision in the deal stream (a decimal string: revisions are 64-bit)" }) revision!: string;
  @Field({ description: "The event's position in the whole log (opaque text): pass it as asOf.position for answers as of just after it" })
  position!: string;
  @Field(() => ID, { description: "The event's id" }) eventId!: string;
  @Field(() => DealEventTypeEnum, { description: 'The event type, e.g. BidCalled, CardPlayed, DealScored (OTHER: a type this ledger does not know)' })
  type!: string;
  @Field({ description: 'The event data as JSON' }) data!: string;
  @Field(() => [MetadataEntryType], { description: 'Who recorded it, when, from which command and source' }) metadata!: MetadataEntryType[];
  @Field(() => String, { nullable: true, description: "This event's hash in the chain; null for an event recorded before hashing" }) hash!: string | null;
  @Field(() => String, { nullable: true, description: 'The hash of the event before it; null for the first' }) prevHash!: string | null;
}

@ObjectType('AuditDerivationLine', { description: 'One step of the score derivation' })
export class AuditDerivationLineType {
  @Field({ description: 'The rule applied (R..), see the rules reference' }) ruleId!: string;
  @Field({ description: 'The step in words, e.g. "with 2, game 3, × 12 = 36"' }) text!: string;
  @Field(() => [ID], { description: 'The events this line rests on' }) eventIds!: string[];
}

@ObjectType('AuditCorrection', { description: "An arbiter's correction of the recorded score (L4, L5)" })
export class AuditCorrectionType {
  @Field(() => ID, { description: "The ScoreCorrected event's id" }) eventId!: string;
  @Field(() => ID, { description: 'The DealScored (or earlier correction) it corrects' }) correctsEventId!: string;
  @Field(() => Int, { nullable: true, description: 'The score before the correction; null when there was none' }) previousScore!: number | null;
  @Field(() => Int, { description: 'The score the arbiter set' }) correctedScore!: number;
  @Field({ description: 'Why, as the arbiter wrote it' }) reason!: string;
  @Field({ description: 'The arbiter who corrected' }) who!: string;
  @Field(() => DateTimeScalar, { nullable: true, description: 'When the correction was recorded (ISO 8601); null when unknown' }) when!: string | null;
}

@ObjectType('ResultDifference', { description: 'A field where the recorded result and the recomputed one differ' })
export class ResultDifferenceType {
  @Field(() => ResultFieldEnum, { description: 'The field that differs, e.g. score, won, gameValue' }) field!: string;
  @Field({ description: 'JSON' }) recorded!: string;
  @Field({ description: 'JSON' }) recomputed!: string;
}

@ObjectType('ArchiveResultMismatch', { description: 'One result field where an archive record and the engine differ' })
export class ArchiveResultMismatchType {
  @Field(() => IssResultFieldEnum, { description: 'The ISS key of the field: d, win, v, m, overbid, p, t, s, z or passed' }) field!: string;
  @Field({ description: "The record's own value, as text" }) recorded!: string;
  @Field({ description: "The engine's value, as text" }) recomputed!: string;
}

@ObjectType('ArchiveResultCheck', {
  description: "An imported deal keeps its archive record's own result next to the engine's; summaries, sheets and statistics use the engine's",
})
export class ArchiveResultCheckType {
  @Field(() => ResultBasisEnum, { description: 'The result the ledger scores with: always ENGINE (the rules), never the record' }) uses!: ResultBasisEnum;
  @Field(() => Boolean, {
    nullable: true,
    description: "Whether the record's own result agrees with the engine's, field by field as iss verify compares them; null when nothing could be compared",
  })
  agrees!: boolean | null;
  @Field(() => [ArchiveResultMismatchType], { description: 'The fields that differ' }) mismatches!: ArchiveResultMismatchType[];
  @Field({ description: 'In words: "recorded result agrees" or "recorded result disagrees: v, p"' }) text!: string;
  @Field(() => Int, { nullable: true, description: "The record's own signed game value (ISS v); null when it records no game (passed in)" }) recordedValue!:
    number | null;
  @Field(() => Int, { nullable: true, description: "The record's own declarer card points (ISS p); null when it records no game" }) recordedDeclarerPoints!:
    number | null;
}

@ObjectType('DealAudit', {
  description: 'Everything needed to check a deal: its events and hash chain, the recorded and the recomputed result, the derivation, corrections and claims',
})
export class DealAuditType {
  @Field(() => ID, { description: 'The deal audited' }) dealId!: string;
  @Field(() => [AuditEventType], { description: 'Every event of the deal in order, with metadata and hashes' }) events!: AuditEventType[];
  @Field({ description: 'The hash chain over the events is unbroken' }) intact!: boolean;
  @Field(() => String, { nullable: true, description: 'The revision where the hash chain breaks; null when intact' }) brokenAt!: string | null;
  @Field(() => String, { nullable: true, description: 'What is wrong with the chain there; null when intact' }) chainProblem!: string | null;
  @Field(() => DealResultType, {
    nullable: true,
    description: 'The result in force: as recorded (DealScored), with the corrections folded in as the deal shows it; null while in progress',
  })
  recorded!: DealResultType | null;
  @Field(() => DealResultType, {
    nullable: true,
    description: 'The result recomputed from the recorded moves under the recorded rule profile and version; null when it cannot be',
  })
  recomputed!: DealResultType | null;
  @Field(() => String, { nullable: true, description: 'Why the result cannot be recomputed; null when it can' }) recomputeError!: string | null;
  @Field({ description: "The engine's result as DealScored recorded it agrees with the recomputed one (corrections are not compared: they are listed)" })
  agrees!: boolean;
  @Field(() => [ResultDifferenceType], {
    description: "Where the engine's result as DealScored recorded it and the recomputed one differ (empty when they agree)",
  })
  differences!: ResultDifferenceType[];
  @Field(() => [AuditDerivationLineType], {
    description:
      "The score in force, rule by rule: the recorded derivation (the recomputed one while nothing is recorded), then each correction's R34 line and, when it named facts, their derivation (resting on that correction)",
  })
  derivation!: AuditDerivationLineType[];
  @Field(() => [AuditCorrectionType], { description: 'Arbiter corrections of the score, oldest first' }) corrections!: AuditCorrectionType[];
  @Field(() => ArchiveResultCheckType, {
    nullable: true,
    description: "For a deal imported from an archive record (ISS): the record's own result against the engine's; null for other deals",
  })
  archive!: ArchiveResultCheckType | null;
  @Field(() => String, { nullable: true, description: 'The rule profile the deal was played under; null before the deal started' }) profileId!: string | null;
  @Field(() => String, { nullable: true, description: "That profile's version; null before the deal started" }) profileVersion!: string | null;
  @Field(() => [AuditClaimType], { description: 'Claims, concessions and resignations judged with all cards open (R21)' }) claims!: AuditClaimType[];
}
