import { Field, ID, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('PlayerTotal')
export class PlayerTotalType {
  @Field() player!: string;
  @Field(() => Int) total!: number;
}

@ObjectType('ScoreSheetRow', { description: 'One row of the list (R34)' })
export class ScoreSheetRowType {
  @Field(() => Int) dealNumber!: number;
  @Field(() => ID) dealId!: string;
  @Field() dealer!: string;
  @Field(() => String, { nullable: true }) declarer!: string | null;
  @Field() game!: string;
  @Field() passedIn!: boolean;
  @Field() notScoreable!: boolean;
  @Field(() => Boolean, { nullable: true }) won!: boolean | null;
  @Field(() => Int, { description: "Entry in the declarer's column, after any correction" }) entry!: number;
  @Field() corrected!: boolean;
  @Field(() => Int, { nullable: true }) originalEntry!: number | null;
  @Field(() => String, { nullable: true }) correctionReason!: string | null;
  @Field(() => [PlayerTotalType], { description: 'Running classic-list totals after this row' }) totals!: PlayerTotalType[];
}

@ObjectType('ScoreSheetTotal', { description: 'R35 Seeger-Fabian per player' })
export class ScoreSheetTotalType {
  @Field() player!: string;
  @Field(() => Int, { description: 'R34 game points' }) gamePoints!: number;
  @Field(() => Int) won!: number;
  @Field(() => Int) lost!: number;
  @Field(() => Int, { description: '50 x (won - lost)' }) wonLostPoints!: number;
  @Field(() => Int) opponentsLost!: number;
  @Field(() => Int) opponentsLostPoints!: number;
  @Field(() => Int, { description: 'The Seeger-Fabian total (Leistung)' }) seegerFabian!: number;
  @Field() computer!: boolean;
}

@ObjectType('ScoreSheet', { description: "A table's list; ISS series are tables with id iss-series-<SE>" })
export class ScoreSheetType {
  @Field(() => ID) tableId!: string;
  @Field(() => ID, { nullable: true }) tournamentId!: string | null;
  @Field(() => Int, { nullable: true }) round!: number | null;
  @Field(() => [String]) players!: string[];
  @Field() profileId!: string;
  @Field(() => Int) seriesLength!: number;
  @Field(() => Int) dealsPlayed!: number;
  @Field() complete!: boolean;
  @Field(() => [ScoreSheetRowType]) rows!: ScoreSheetRowType[];
  @Field(() => [ScoreSheetTotalType]) totals!: ScoreSheetTotalType[];
}
