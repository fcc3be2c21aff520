import type { AsOf } from '../../ledger/ledger';
import { Field, ID, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('PlayerTotal', { description: "A player's running total after a deal" })
export class PlayerTotalType {
  @Field({ description: 'The player' }) player!: string;
  @Field(() => Int, { description: 'His total so far' }) total!: number;
}

@ObjectType('SheetProblem', {
  description: 'Something wrong with a list, named at the deal where it occurs (a dealer out of turn, a foreign player, a deal missing)',
})
export class SheetProblemType {
  @Field(() => Int, { description: 'The deal (row) where the problem occurs' }) dealNumber!: number;
  @Field({ description: 'The rule it breaks (rules.md), e.g. R37' }) ruleId!: string;
  @Field({ description: 'What is wrong, in words' }) text!: string;
}

@ObjectType('ScoreSheetRow', { description: 'One row of the list (R34)' })
export class ScoreSheetRowType {
  @Field(() => Int, { description: "The deal's number in the series" }) dealNumber!: number;
  @Field(() => ID, { description: 'The deal' }) dealId!: string;
  @Field({ description: 'Who dealt' }) dealer!: string;
  /** Not a field: the moment of a sheet given as of one (its row's deal is read as of it too). */
  asOf?: AsOf;
  @Field(() => String, { nullable: true, description: 'The declarer; null when passed in or not scoreable' }) declarer!: string | null;
  @Field({ description: 'The game as the sheet shows it' }) game!: string;
  @Field({ description: 'All passed (R8)' }) passedIn!: boolean;
  @Field({ description: 'Abandoned: counted as no game (D3)' }) notScoreable!: boolean;
  @Field(() => Boolean, { nullable: true, description: 'Whether the declarer won; null when there was no game' }) won!: boolean | null;
  @Field(() => Int, { description: "Entry in the declarer's column, after any correction" }) entry!: number;
  @Field({ description: 'An arbiter corrected the score' }) corrected!: boolean;
  @Field(() => Int, { nullable: true, description: 'The score before the correction; null when not corrected' }) originalEntry!: number | null;
  @Field(() => String, { nullable: true, description: "The arbiter's reason; null when not corrected" }) correctionReason!: string | null;
  @Field(() => [PlayerTotalType], { description: 'Running classic-list totals after this row' }) totals!: PlayerTotalType[];
  @Field({ description: 'True when the deal was entered from its result only, without cards' }) resultOnly!: boolean;
  @Field(() => [String], { description: 'Players of the deal who confirmed its result' }) confirmedBy!: string[];
  @Field(() => Int, { description: 'Contests of this deal awaiting the arbiter' }) openDisputes!: number;
  @Field(() => [SheetProblemType], { description: 'Problems of the list at this row; the row and the totals are shown all the same' })
  problems!: SheetProblemType[];
}

@ObjectType('ScoreSheetTotal', { description: 'R35 Seeger-Fabian per player' })
export class ScoreSheetTotalType {
  @Field({ description: 'The player' }) player!: string;
  @Field(() => Int, { description: 'R34 game points' }) gamePoints!: number;
  @Field(() => Int, { description: 'Games won as declarer' }) won!: number;
  @Field(() => Int, { description: 'Games lost as declarer' }) lost!: number;
  @Field(() => Int, { description: '50 x (won - lost)' }) wonLostPoints!: number;
  @Field(() => Int, { description: 'Games the others lost while he sat at the table (R34)' }) opponentsLost!: number;
  @Field(() => Int, { description: 'The Seeger-Fabian points those losses earned him (R34)' }) opponentsLostPoints!: number;
  @Field(() => Int, { description: 'The Seeger-Fabian total (Leistung)' }) seegerFabian!: number;
  @Field(() => Int, { description: 'R35 rank at this table: total, then more won games, then fewer lost games (ties share a rank)' }) rank!: number;
  @Field(() => Int, { description: 'Lost games counted for the loss fee (overbid losses included)' }) lossFees!: number;
  @Field(() => Int, { description: 'Loss fee owed for them, in cents (the higher fee from the 4th lost game when the tournament sets one)' })
  lossFeeCents!: number;
  @Field({ description: 'A computer player' }) computer!: boolean;
}

@ObjectType('ScoreSheet', { description: "A table's list; ISS series are tables with id iss-series-<SE>" })
export class ScoreSheetType {
  @Field(() => ID, { description: 'The table (series)' }) tableId!: string;
  @Field(() => ID, { nullable: true, description: 'The tournament; null when none' }) tournamentId!: string | null;
  @Field(() => Int, { nullable: true, description: 'The tournament round; null when none' }) round!: number | null;
  @Field(() => [String], { description: 'The players of the table in seat order' }) players!: string[];
  @Field({ description: 'The rule profile the table plays' }) profileId!: string;
  @Field(() => Int, { description: 'Deals in the series (R36)' }) seriesLength!: number;
  @Field(() => Int, { description: 'Deals played so far' }) dealsPlayed!: number;
  @Field({ description: 'The series is played out or closed' }) complete!: boolean;
  @Field(() => [ScoreSheetRowType], { description: 'One row per deal' }) rows!: ScoreSheetRowType[];
  @Field(() => [ScoreSheetTotalType], { description: 'Per player totals (classic list and Seeger-Fabian)' }) totals!: ScoreSheetTotalType[];
  @Field(() => [SheetProblemType], { description: 'Every problem of the list, each at its deal; empty for a valid list' }) problems!: SheetProblemType[];
  @Field({ description: "The series is closed (SeriesClosed): the sheet changes only by an arbiter's correction" }) closed!: boolean;
  @Field(() => Int, { description: 'Contested deals awaiting the arbiter' }) openDisputes!: number;
}
