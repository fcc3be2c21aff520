import { Field, Int, ObjectType } from '@nestjs/graphql';
import { GameTypeEnum, SeatEnum } from './enums';

@ObjectType('DealResult', { description: 'How a deal ended, field by field as the ISS result string (iss-format section 4)' })
export class DealResultType {
  @Field() passedIn!: boolean;
  @Field(() => SeatEnum, { nullable: true }) declarer!: number | null;
  @Field(() => String, { nullable: true }) declarerName!: string | null;
  @Field(() => GameTypeEnum, { nullable: true }) game!: string | null;
  @Field() hand!: boolean;
  @Field() ouvert!: boolean;
  @Field() schneiderAnnounced!: boolean;
  @Field() schwarzAnnounced!: boolean;
  @Field(() => Int, { nullable: true }) bid!: number | null;
  @Field(() => Boolean, { nullable: true }) won!: boolean | null;
  @Field(() => Int, { nullable: true }) gameValue!: number | null;
  @Field(() => Int, { nullable: true, description: 'Signed: won +value, lost -2 x value (R30/R31), as ISS v; corrected when an arbiter corrected it' })
  score!: number | null;
  @Field(() => Int, { nullable: true, description: 'The score first recorded, when a correction replaced it' }) originalScore!: number | null;
  @Field() corrected!: boolean;
  @Field(() => Int, { nullable: true, description: 'Signed: +n with, -n without (R27)' }) matadors!: number | null;
  @Field() overbid!: boolean;
  @Field(() => Int, { nullable: true }) declarerPoints!: number | null;
  @Field(() => Int, { nullable: true }) declarerTricks!: number | null;
  @Field() schneider!: boolean;
  @Field() schwarz!: boolean;
  @Field({ description: 'Abandoned or a server penalty (D3): stored and replayable, not scored' }) notScoreable!: boolean;
  @Field(() => String, { nullable: true }) notScoreableReason!: string | null;
  @Field(() => [String], { description: 'The score derivation, one line per step, each with its rule ID' }) derivation!: string[];
}
