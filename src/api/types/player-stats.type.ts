import type { AsOf } from '../../ledger/ledger';
import { Field, Float, ID, Int, ObjectType } from '@nestjs/graphql';
import { GameTypeEnum, ResultBasisEnum } from './enums';

@ObjectType('GameTypeCount', { description: 'How often a player declared one game type' })
export class GameTypeCountType {
  @Field(() => GameTypeEnum, { description: 'The game type (R11)' }) game!: string;
  @Field(() => Int, { description: 'How many games of it' }) count!: number;
}

@ObjectType('SeriesTotal', { description: "A player's total in one series" })
export class SeriesTotalType {
  @Field(() => ID, { description: 'The table (series)' }) tableId!: string;
  @Field(() => Int, { description: "The player's score-sheet total there" }) total!: number;
}

@ObjectType('PlayerStats', { description: "A player's statistics over the deals he played" })
export class PlayerStatsType {
  @Field({ description: 'The player' }) player!: string;
  /** The moment the statistics are given as of (not a field): his ratings are then given as of it too. */
  asOf?: AsOf;
  @Field(() => Int, { description: 'Deals he played in' }) dealsPlayed!: number;
  @Field(() => Int, {
    description: 'Of the deals played, those entered from the result only (no cards); every figure here is read from results, so they count in all of them',
  })
  resultOnlyDeals!: number;
  @Field(() => Int, { description: 'Games he played as declarer' }) declarerGames!: number;
  @Field(() => Float, { description: 'Share of his deals in which he declared (0 to 1)' }) declarerShare!: number;
  @Field(() => Int, { description: 'Games won as declarer' }) wonAsDeclarer!: number;
  @Field(() => Int, { description: 'Games lost as declarer' }) lostAsDeclarer!: number;
  @Field(() => Float, { description: 'Average game value of his games as declarer' }) averageGameValue!: number;
  @Field(() => [GameTypeCountType], { description: 'His games as declarer by game type' }) gameTypeMix!: GameTypeCountType[];
  @Field(() => Float, { description: 'Share of his games played hand (R9)' }) handRate!: number;
  @Field(() => Float, { description: 'Share played ouvert (R14)' }) ouvertRate!: number;
  @Field(() => Float, { description: 'Share of null games (R11)' }) nullRate!: number;
  @Field(() => Float, { description: 'Share lost by overbidding (R32)' }) overbidRate!: number;
  @Field(() => Int, { description: 'Games he defended' }) defenceGames!: number;
  @Field(() => Int, { description: 'Defended games the declarer lost' }) defenceWon!: number;
  @Field(() => Float, { description: 'Share of defended games won by the defence (0 to 1)' }) defenceSuccess!: number;
  @Field(() => ResultBasisEnum, { description: "The result every figure here is computed from: always ENGINE (the rules), never an archive record's own" })
  uses!: ResultBasisEnum;
  @Field(() => Int, { description: "The player's imported deals whose archive record's own result was compared with the engine's" })
  archiveRecordsCompared!: number;
  @Field(() => Int, { description: "Of those, the deals whose record's own result disagrees with the engine's (the fields iss verify compares)" })
  archiveRecordsDisagreeing!: number;
  @Field(() => [SeriesTotalType], { description: 'Seeger-Fabian per series (table) the player sat at' }) seegerFabianPerSeries!: SeriesTotalType[];
}
