import { Field, Float, ID, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('GameTypeCount')
export class GameTypeCountType {
  @Field() game!: string;
  @Field(() => Int) count!: number;
}

@ObjectType('SeriesTotal')
export class SeriesTotalType {
  @Field(() => ID) tableId!: string;
  @Field(() => Int) total!: number;
}

@ObjectType('PlayerStats')
export class PlayerStatsType {
  @Field() player!: string;
  @Field(() => Int) dealsPlayed!: number;
  @Field(() => Int, { description: 'Of the deals played, those entered from the result only (no cards); every figure here is read from results, so they count in all of them' }) resultOnlyDeals!: number;
  @Field(() => Int) declarerGames!: number;
  @Field(() => Float) declarerShare!: number;
  @Field(() => Int) wonAsDeclarer!: number;
  @Field(() => Int) lostAsDeclarer!: number;
  @Field(() => Float) averageGameValue!: number;
  @Field(() => [GameTypeCountType]) gameTypeMix!: GameTypeCountType[];
  @Field(() => Float) handRate!: number;
  @Field(() => Float) ouvertRate!: number;
  @Field(() => Float) nullRate!: number;
  @Field(() => Float) overbidRate!: number;
  @Field(() => Int) defenceGames!: number;
  @Field(() => Int) defenceWon!: number;
  @Field(() => Float) defenceSuccess!: number;
  @Field({ description: "The result every figure here is computed from: always ENGINE (the rules), never an archive record's own" }) uses!: string;
  @Field(() => Int, { description: "The player's imported deals whose archive record's own result was compared with the engine's" }) archiveRecordsCompared!: number;
  @Field(() => Int, { description: "Of those, the deals whose record's own result disagrees with the engine's (the fields iss verify compares)" }) archiveRecordsDisagreeing!: number;
  @Field(() => [SeriesTotalType], { description: 'Seeger-Fabian per series (table) the player sat at' }) seegerFabianPerSeries!: SeriesTotalType[];
}
