import { Field, Int, ObjectType } from '@nestjs/graphql';
import { GameTypeEnum, SeatEnum } from './enums';

@ObjectType('DiscardValue', { description: 'One way to put two cards away (R10) and what it leads to with every card open' })
export class DiscardValueType {
  @Field(() => [String], { description: 'The two cards put away' }) discard!: string[];
  @Field(() => Int, { nullable: true, description: "Suit/grand: the declarer's final card points with best play (skat included), when computed exactly" })
  value!: number | null;
  @Field(() => Int, { nullable: true, description: 'Suit/grand: an upper bound, when only shown to be no better than the best' }) atMost!: number | null;
  @Field(() => Boolean, { nullable: true, description: 'Null: the declarer can avoid every trick after it' }) won!: boolean | null;
}

@ObjectType('BestDiscard', { description: 'After the fact: the best discard for the game declared, all 66 tried (R10, R22)' })
export class BestDiscardType {
  @Field(() => SeatEnum, { description: 'The declarer' }) declarer!: number;
  @Field(() => GameTypeEnum, { description: 'The game declared' }) game!: string;
  @Field({ description: 'He picked up the skat (for a hand game this says what a pick-up would have allowed)' }) pickedUp!: boolean;
  @Field(() => DiscardValueType, { description: 'A best discard with its exact value' }) best!: DiscardValueType;
  @Field(() => DiscardValueType, { description: 'What he put away (the skat itself in a hand game), with its exact value' }) actual!: DiscardValueType;
  @Field(() => [DiscardValueType], { description: 'All 66 discards' }) discards!: DiscardValueType[];
}

@ObjectType('GameOption', { description: "One game type for the declarer's twelve cards (picked up, nothing announced)" })
export class GameOptionType {
  @Field(() => GameTypeEnum, { description: 'The game type (R11)' }) game!: string;
  @Field({ description: 'Some discard wins it against the bid with best play (R22, R33)' }) won!: boolean;
  @Field(() => [String], { nullable: true, description: 'A winning discard, when there is one' }) discard!: string[] | null;
  @Field(() => Int, { nullable: true, description: 'The game value when won at the least winning level (R26-R29); null when lost' }) gameValue!: number | null;
}

@ObjectType('BestGame', { description: "After the fact: which game the declarer's twelve cards would have won, each with its best discard, against his bid" })
export class BestGameType {
  @Field(() => SeatEnum, { description: 'The declarer' }) declarer!: number;
  @Field(() => Int, { description: 'His bid (R6)' }) bid!: number;
  @Field(() => GameTypeEnum, { description: 'The game he declared' }) declared!: string;
  @Field(() => [GameOptionType], { description: 'Each of the six game types' }) options!: GameOptionType[];
  @Field(() => GameOptionType, { nullable: true, description: 'The won game of highest value, or null when none wins' }) best!: GameOptionType | null;
}
