import { Field, ID, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('PlayerTotal')
export class PlayerTotalType {
  @Field() player!: string;
  @Field(() => Int) total!: number;
}

@ObjectType('SheetProblem', { description: 'Something wrong with a list, named at the deal where it occurs (a dealer out of turn, a foreign player, a deal missing)' })
export class SheetProblemType {
  @Field(() => Int, { description: 'The deal (row) where the problem occurs' }) dealNumber!: number;
  @Field({ description: 'The rule it breaks (rules.md), e.g. R37' }) ruleId!: string;
  @Field({ description: 'What is wrong, in words' }) text!: string;
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
  @Field({ description: 'True when the deal was entered from its result only, without cards' }) resultOnly!: boolean;
  @Field(() => [String], { description: "Players of the deal who confirmed its result" }) confirmedBy!: string[];
  @Field(() => Int, { description: 'Contests of this deal awaiting the arbiter' }) openDisputes!: number;
  @Field(() => [SheetProblemType], { description: 'Problems of the list at this row; the row and the totals are shown all the same' }) problems!: SheetProblemType[];
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
  @Field(() => Int, { description: 'R35 rank at this table: total, then more won games, then fewer lost games (ties share a rank)' }) rank!: number;
  @Field(() => Int, { description: 'Lost games counted for the loss fee (overbid losses included)' }) lossFees!: number;
  @Field(() => Int, { description: 'Loss fee owed for them, in cents (the higher fee from the 4th lost game when the tournament sets one)' }) lossFeeCents!: number;
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
  @Field(() => [SheetProblemType], { description: 'Every problem of the list, each at its deal; empty for a valid list' }) problems!: SheetProblemType[];
  @Field({ description: 'The series is closed (SeriesClosed): the sheet changes only by an arbiter\'s correction' }) closed!: boolean;
  @Field(() => Int, { description: 'Contested deals awaiting the arbiter' }) openDisputes!: number;
}
