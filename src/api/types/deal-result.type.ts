import { Field, Int, ObjectType } from '@nestjs/graphql';
import { GameTypeEnum, SeatEnum } from './enums';

@ObjectType('DealResult', { description: 'How a deal ended, field by field as the ISS result string (iss-format section 4)' })
export class DealResultType {
  @Field({ description: 'All passed (R8): no game, no score' }) passedIn!: boolean;
  @Field(() => SeatEnum, { nullable: true, description: "The declarer's seat; null when passed in or no declarer" }) declarer!: number | null;
  @Field(() => String, { nullable: true, description: "The declarer's name; null when there is none" }) declarerName!: string | null;
  @Field(() => GameTypeEnum, { nullable: true, description: 'The game type declared (R11); null when none' }) game!: string | null;
  @Field({ description: 'Played without picking up the skat (R9)' }) hand!: boolean;
  @Field({ description: 'Played open (R14)' }) ouvert!: boolean;
  @Field({ description: 'Schneider announced (R12)' }) schneiderAnnounced!: boolean;
  @Field({ description: 'Schwarz announced (R12)' }) schwarzAnnounced!: boolean;
  @Field(() => Int, { nullable: true, description: 'The winning bid (R5, R6); null when passed in' }) bid!: number | null;
  @Field(() => Boolean, { nullable: true, description: 'Whether the declarer won; null when there was no game' }) won!: boolean | null;
  @Field(() => Int, { nullable: true, description: 'The game value (R27-R30); null when there was no game' }) gameValue!: number | null;
  @Field(() => Int, { nullable: true, description: 'Signed: won +value, lost -2 x value (R30/R31), as ISS v; corrected when an arbiter corrected it' })
  score!: number | null;
  @Field(() => Int, { nullable: true, description: 'The score first recorded, when a correction replaced it' }) originalScore!: number | null;
  @Field({ description: 'An arbiter corrected the score' }) corrected!: boolean;
  @Field(() => Int, { nullable: true, description: 'Signed: +n with, -n without (R27)' }) matadors!: number | null;
  @Field({ description: 'The game was worth less than the bid (R32): lost' }) overbid!: boolean;
  @Field(() => Int, { nullable: true, description: 'Card points the declarer took (R1, of 120); null for null games and results entered without them' })
  declarerPoints!: number | null;
  @Field(() => Int, { nullable: true, description: 'Tricks the declarer took; null when not recorded' }) declarerTricks!: number | null;
  @Field({ description: 'The losing side took 30 points or fewer (R23)' }) schneider!: boolean;
  @Field({ description: 'The losing side took no trick (R24)' }) schwarz!: boolean;
  @Field({ description: 'Abandoned or a server penalty (D3): stored and replayable, not scored' }) notScoreable!: boolean;
  @Field(() => String, { nullable: true, description: 'Why the deal cannot be scored (abandoned: misdeal, timeout, left, D3); null otherwise' })
  notScoreableReason!: string | null;
  @Field(() => [String], { description: 'The score derivation, one line per step, each with its rule ID' }) derivation!: string[];
}
