import { Field, ID, ObjectType } from '@nestjs/graphql';
import { DealStatusEnum } from './enums';
import { DealEventTypeEnum } from './event-types';
import { ReplayFrameType } from './frame.type';

@ObjectType('DealUpdate', { description: "One event of a deal as it is recorded, seen through the subscriber's perspective" })
export class DealUpdateType {
  @Field(() => ID, { description: 'The deal that changed' }) dealId!: string;
  @Field(() => ID, { description: 'The event just recorded' }) eventId!: string;
  @Field(() => DealEventTypeEnum, { description: 'Its type, e.g. CardPlayed' }) eventType!: string;
  @Field({ description: 'Its revision in the deal stream (a decimal string)' }) revision!: string;
  @Field(() => DealStatusEnum, { description: "The deal's status after it" }) status!: string;
  @Field(() => ReplayFrameType, { nullable: true, description: 'The position this event produced, when it produced one' }) frame!: ReplayFrameType | null;
}
