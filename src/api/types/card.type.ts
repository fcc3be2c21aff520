import { Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('Card', { description: 'A card in ISS notation: suit letter C S H D, rank A T K Q J 9 8 7 (CJ, HT, D7)' })
export class CardType {
  @Field({ description: 'ISS notation, e.g. CJ, HT' }) code!: string;
  @Field({ description: 'C, S, H or D' }) suit!: string;
  @Field({ description: 'A, T, K, Q, J, 9, 8 or 7' }) rank!: string;
  @Field(() => Int, { description: 'R1 card points' }) points!: number;
}
