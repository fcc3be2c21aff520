import { Field, ID, ObjectType } from '@nestjs/graphql';
import { DealStatusEnum } from './enums';
import { ReplayFrameType } from './frame.type';

@ObjectType('DealUpdate', { description: 'One event of a deal as it is recorded, seen through the subscriber\'s perspective' })
export class DealUpdateType {
  @Field(() => ID) dealId!: string;
  @Field(() => ID) eventId!: string;
  @Field() eventType!: string;
  @Field() revision!: string;
  @Field(() => DealStatusEnum) status!: string;
  @Field(() => ReplayFrameType, { nullable: true, description: 'The position this event produced, when it produced one' }) frame!: ReplayFrameType | null;
}
