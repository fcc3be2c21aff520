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
  @Field(() => Int, { description: 'Lost games over every list, overbid losses included (the loss-fee tally)' }) lossFees!: number;
  @Field(() => Int, { description: "Loss fees owed for them, in cents (the tournament's fee, higher from the 4th lost game in one list when set)" }) lossFeeCents!: number;
  @Field(() => String, { nullable: true, description: 'R35: why this player is behind the one above on an equal total (fewer won, more lost games), or that the lot decides; null when the totals differ' }) tieBreak!: string | null;
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
