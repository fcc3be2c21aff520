import { Field, ID, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('StandingsLine')
export class StandingsLineType {
  @Field(() => Int) rank!: number;
  @Field() player!: string;
  @Field(() => Int) total!: number;
  @Field(() => Int) gamePoints!: number;
  @Field(() => Int) won!: number;
  @Field(() => Int) lost!: number;
  @Field(() => Int) opponentsLost!: number;
  @Field(() => Int) series!: number;
}

@ObjectType('TournamentTable')
export class TournamentTableType {
  @Field(() => ID) tableId!: string;
  @Field(() => Int) round!: number;
}

@ObjectType('Standings', { description: 'R35 ranking over all series of a tournament' })
export class StandingsType {
  @Field(() => ID) tournamentId!: string;
  @Field() name!: string;
  @Field(() => [TournamentTableType]) tables!: TournamentTableType[];
  @Field(() => [StandingsLineType]) lines!: StandingsLineType[];
}
