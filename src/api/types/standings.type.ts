import { Field, ID, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('StandingsLine', { description: "One player's line in a tournament's standings (R35)" })
export class StandingsLineType {
  @Field(() => Int, { description: 'His rank, from 1' }) rank!: number;
  @Field({ description: 'The player' }) player!: string;
  @Field(() => Int, { description: 'Seeger-Fabian total over every series' }) total!: number;
  @Field(() => Int, { description: 'Sum of his game scores' }) gamePoints!: number;
  @Field(() => Int, { description: 'Games won as declarer' }) won!: number;
  @Field(() => Int, { description: 'Games lost as declarer' }) lost!: number;
  @Field(() => Int, { description: 'Games lost by the others at his tables' }) opponentsLost!: number;
  @Field(() => Int, { description: 'Series (tables) he played' }) series!: number;
  @Field(() => Int, { description: 'Lost games over every list, overbid losses included (the loss-fee tally)' }) lossFees!: number;
  @Field(() => Int, { description: "Loss fees owed for them, in cents (the tournament's fee, higher from the 4th lost game in one list when set)" })
  lossFeeCents!: number;
  @Field(() => String, {
    nullable: true,
    description:
      'R35: why this player is behind the one above on an equal total (fewer won, more lost games), or that the lot decides; null when the totals differ',
  })
  tieBreak!: string | null;
  @Field(() => Int, {
    description: 'Contested deals awaiting the arbiter at his tables (each may move his total, R35): while above 0 the line is provisional',
  })
  openDisputes!: number;
}

@ObjectType('TournamentTable', { description: 'A table of a tournament' })
export class TournamentTableType {
  @Field(() => ID, { description: 'The table' }) tableId!: string;
  @Field(() => Int, { description: 'The round it belongs to, from 1' }) round!: number;
}

@ObjectType('Standings', { description: 'R35 ranking over all series of a tournament' })
export class StandingsType {
  @Field(() => ID, { description: 'The tournament' }) tournamentId!: string;
  @Field({ description: 'Its name' }) name!: string;
  @Field(() => [TournamentTableType], { description: 'Its tables, by round' }) tables!: TournamentTableType[];
  @Field(() => [StandingsLineType], { description: 'The players, best first' }) lines!: StandingsLineType[];
}
