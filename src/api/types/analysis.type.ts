import { Field, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { SeatEnum } from './enums';

export enum VerdictEnum {
  WON = 'won',
  LOST = 'lost',
}
registerEnumType(VerdictEnum, {
  name: 'Verdict',
  description: 'Won or lost under perfect play with all cards open, as declared and bid (R22-R33)',
  valuesMap: {
    WON: { description: 'The declarer wins with best play of both sides' },
    LOST: { description: 'The declarer loses with best play of both sides' },
  },
});

export enum SolverGameEnum {
  SUIT = 'suit',
  GRAND = 'grand',
  NULL = 'null',
}
registerEnumType(SolverGameEnum, {
  name: 'SolverGame',
  description: 'The kind of play the solver analyses',
  valuesMap: {
    SUIT: { description: 'A suit game (R16)' },
    GRAND: { description: 'Grand: jacks only trump (R16)' },
    NULL: { description: 'Null: no trump, no trick for the declarer (R17, R18)' },
  },
});

@ObjectType('AnalysisOutcome', { description: 'An outcome under perfect play of both sides with all cards open' })
export class AnalysisOutcomeType {
  @Field(() => Int, {
    nullable: true,
    description: "Suit/grand: the declarer's final card points (skat included, every remaining trick played out); null in null games",
  })
  value!: number | null;
  @Field(() => VerdictEnum, { description: 'Won or lost as declared and bid' }) verdict!: VerdictEnum;
}

@ObjectType('AnalysisAlternative', { description: 'One legal card of the side to move and what it leads to' })
export class AnalysisAlternativeType {
  @Field({ description: 'The card (ISS notation, e.g. SQ)' }) move!: string;
  @Field(() => Int, { nullable: true, description: "The declarer's final card points after this card (null in null games)" }) value!: number | null;
  @Field(() => VerdictEnum, { description: 'Won or lost after this card' }) verdict!: VerdictEnum;
}

@ObjectType('AnalysisStep', { description: 'One position of the card play: its outcome, the card the record played, and every legal alternative' })
export class AnalysisStepType {
  @Field(() => Int, { description: 'The replay step of the position (before the move), as in Deal.frames' }) step!: number;
  @Field(() => Int, { description: 'The trick (1-10) the next card goes to' }) trick!: number;
  @Field(() => SeatEnum, { description: 'The seat to play' }) toMove!: number;
  @Field(() => VerdictEnum, { description: 'Won or lost from here with perfect play' }) verdict!: VerdictEnum;
  @Field(() => Int, { nullable: true, description: "The declarer's final card points from here with perfect play (null in null games)" }) value!: number | null;
  @Field(() => String, { nullable: true, description: 'The card the record played here (null when the record ends here)' }) move!: string | null;
  @Field(() => AnalysisOutcomeType, { nullable: true, description: 'The outcome once that card was played' }) after!: AnalysisOutcomeType | null;
  @Field(() => [AnalysisAlternativeType], { description: 'Every legal card, each once, in hand order' }) alternatives!: AnalysisAlternativeType[];
}

@ObjectType('TurningPoint', { description: 'A card that flipped the verdict (a won game lost, or a lost game given back)' })
export class TurningPointType {
  @Field(() => Int, { description: 'The replay step of the position before the card' }) step!: number;
  @Field(() => Int, { description: 'The trick (1-10)' }) trick!: number;
  @Field(() => SeatEnum, { description: 'Who played it' }) seat!: number;
  @Field({ description: 'The card played' }) move!: string;
  @Field(() => VerdictEnum, { description: 'The verdict before the card' }) before!: VerdictEnum;
  @Field(() => VerdictEnum, { description: 'The verdict after it' }) after!: VerdictEnum;
  @Field(() => Int, { nullable: true, description: 'The value before (null in null games)' }) valueBefore!: number | null;
  @Field(() => Int, { nullable: true, description: 'The value after (null in null games)' }) valueAfter!: number | null;
  @Field(() => AnalysisAlternativeType, { nullable: true, description: 'The best card that would have kept the verdict' })
  better!: AnalysisAlternativeType | null;
  @Field({ description: 'In words, e.g. "trick 4: forehand\'s HA turned won at 66 into lost at 58; SQ would have kept it won at 72"' }) text!: string;
}

@ObjectType('DealAnalysis', {
  description:
    'Perfect-information verdicts for every position of the card play. Uses every hand: served for finished deals to whoever may read the deal, for live deals only to admins and arbiters',
})
export class DealAnalysisType {
  @Field(() => SolverGameEnum, { nullable: true, description: 'The kind of play analysed; null when there was no card play' }) game!: SolverGameEnum | null;
  @Field(() => SeatEnum, { nullable: true, description: 'The declarer' }) declarer!: number | null;
  @Field(() => String, { nullable: true, description: 'Why nothing was analysed, when steps is empty' }) note!: string | null;
  @Field(() => [AnalysisStepType], { description: 'Every position of the card play, in order' }) steps!: AnalysisStepType[];
  @Field(() => [TurningPointType], { description: 'The cards that flipped the verdict, in order' }) turningPoints!: TurningPointType[];
  @Field(() => Int, { description: 'Positions the solver searched (effort)' }) nodes!: number;
}
