import { Field, ID, ObjectType } from '@nestjs/graphql';
import { AuditClaimKindEnum, SeatEnum } from './enums';

@ObjectType('ClaimLineCard', { description: 'One card of the line that proves a claim unsound' })
export class ClaimLineCardType {
  @Field(() => SeatEnum, { description: 'Who plays it' }) seat!: number;
  @Field({ description: 'The card (ISS notation)' }) card!: string;
}

@ObjectType('AuditClaim', { description: 'A claim, concession or resignation judged with all cards open (R21)' })
export class AuditClaimType {
  @Field(() => ID, { description: 'The event of the claim or resignation' }) eventId!: string;
  @Field({ description: 'Its revision in the deal stream' }) revision!: string;
  @Field(() => AuditClaimKindEnum, {
    description: 'A claim (the declarer shows his cards), a concession (a defender resigns) or a resignation (the declarer resigns)',
  })
  kind!: string;
  @Field(() => SeatEnum, { description: 'Who claimed or resigned' }) seat!: number;
  @Field(() => Boolean, {
    nullable: true,
    description: 'The declarer takes every remaining trick (null games: none) against any defence; null for a resignation',
  })
  sound!: boolean | null;
  @Field({ description: 'In words, e.g. "claim unsound: the defenders take trick 8 with SA (forehand)"' }) text!: string;
  @Field(() => [ClaimLineCardType], { description: 'The line of play that proves an unsound claim' }) line!: ClaimLineCardType[];
  @Field(() => String, { nullable: true, description: 'What the rules made of it, e.g. R21: every remaining trick to the defenders' }) consequence!:
    string | null;
}
