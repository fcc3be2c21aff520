import { Field, ID, InputType, Int } from '@nestjs/graphql';
import { GameTypeEnum } from '../types/enums';
import { DealCardsInput } from './command-inputs';
import { DateTimeScalar } from '../types/date-time.scalar';

@InputType('RamschLineInput', { description: "One player's line of a Ramsch (R42): card points and tricks" })
export class RamschLineInput {
  @Field({ description: 'The player, by name (one of the three players of the deal)' }) player!: string;
  @Field(() => Int, { description: 'Card points taken, the skat included for whoever took it (the three add up to 120)' }) points!: number;
  @Field(() => Int, { description: 'Tricks taken (the three add up to 10)' }) tricks!: number;
}

@InputType('ResultFactsInput', {
  description: "A deal's outcome as a paper list records it; the engine scores it (R22-R33) and refuses facts the rules cannot produce",
})
export class ResultFactsInput {
  @Field({ defaultValue: false, description: 'Everybody passed (R8): no other field is given' }) passedIn!: boolean;
  @Field({ nullable: true, description: 'The declarer, by name (one of the three players of the deal)' }) declarer?: string;
  @Field(() => GameTypeEnum, { nullable: true, description: 'The game played' }) game?: GameTypeEnum;
  @Field({ defaultValue: false, description: 'Hand game: declared without picking up the skat (R9)' }) hand!: boolean;
  @Field({ defaultValue: false, description: 'Schneider announced (hand games, R12)' }) schneiderAnnounced!: boolean;
  @Field({ defaultValue: false, description: 'Schwarz announced (hand games, R12)' }) schwarzAnnounced!: boolean;
  @Field({ defaultValue: false, description: 'Ouvert (R14)' }) ouvert!: boolean;
  @Field(() => Int, { nullable: true, description: 'R27 matadors over hand and skat: +n "with n", -n "without n"; 0 (or absent) for null' }) matadors?: number;
  @Field(() => Int, { nullable: true, description: 'The bid (R5/R6)' }) bid?: number;
  @Field(() => Int, {
    nullable: true,
    description:
      "Suit and grand: the declarer's card points, skat included (R22; required there). Never 1 or 119 (R1); without a trick only the skat's 0, 2-8, 10-15 or 20-22 (R24)",
  })
  declarerPoints?: number;
  @Field({ nullable: true, description: 'Null games: the declarer took no trick (won) or took one (lost), R18' }) nullWon?: boolean;
  @Field({
    nullable: true,
    description:
      'Suit and grand: the schneider level was reached in play (declarer ≥ 90 or ≤ 30 points, R23). The card points decide it: leave it out and the engine derives it; given, it must agree',
  })
  schneider?: boolean;
  @Field({ defaultValue: false, description: 'Suit and grand: one side took every trick (R24)' }) schwarz!: boolean;
  @Field({ defaultValue: false, description: 'R40 house option (profiles with Kontra/Re): a defender said Kontra (value × 2)' }) kontra!: boolean;
  @Field({ defaultValue: false, description: 'R40: the declarer answered the Kontra with Re (value × 4)' }) re!: boolean;
  @Field(() => [RamschLineInput], {
    nullable: true,
    description: "Ramsch (R42, profiles that play it when all pass): each of the three players' points and tricks; no other field is given",
  })
  ramsch?: RamschLineInput[];
}

@InputType('EnterResultInput', { description: "Record the table's next deal from its result only: seats, dealer and number follow from the table" })
export class EnterResultInput {
  @Field(() => ID, { description: 'The table' }) tableId!: string;
  @Field(() => ResultFactsInput, { description: 'What happened' }) result!: ResultFactsInput;
  @Field(() => DateTimeScalar, { nullable: true, description: 'When the deal was played (ISO date-time); default now' }) startedAt?: string;
}

@InputType('WithdrawMoveInput', {
  description:
    "Take back a recording slip: the last move of an open deal, or the move that ended a table's deal while its series is open, no later deal started and no player confirmed (L24; the deal is open again); the move then counts as not made (nothing is deleted)",
})
export class WithdrawMoveInput {
  @Field(() => ID, { description: 'The deal' }) dealId!: string;
  @Field({ description: 'Why (1-1000 characters)' }) reason!: string;
  @Field(() => ID, {
    nullable: true,
    description: 'The event id of the move to withdraw; default the last recorded move. An earlier one (arbiters only) takes every move after it along',
  })
  moveEventId?: string;
}

@InputType('ReplaceHandsInput', {
  description:
    'A mistyped hand of a dealt deal replaced in place before the first card (L25): the moves recorded so far stay and must fit the new cards; refused once a card is played, for a server shuffle and for a deal recorded as seen',
})
export class ReplaceHandsInput {
  @Field(() => ID, { description: 'The deal' }) dealId!: string;
  @Field(() => DealCardsInput, { description: 'The cards as they were really dealt (shuffle GIVEN: three hands of ten and the skat)' }) cards!: DealCardsInput;
  @Field({ description: 'Why (1-1000 characters)' }) reason!: string;
}

@InputType('ConfirmDealInput', { description: "A player of a scored deal agrees with its result (with the player's own token)" })
export class ConfirmDealInput {
  @Field(() => ID, { description: 'The deal' }) dealId!: string;
}

@InputType('ContestDealInput', { description: 'A player of a scored deal disputes its result: a dispute opens until an arbiter rules' })
export class ContestDealInput {
  @Field(() => ID, { description: 'The deal' }) dealId!: string;
  @Field({ description: 'What is wrong (1-1000 characters)' }) reason!: string;
}

@InputType('CorrectionInput', {
  description: 'The corrected result: either the corrected facts (the engine derives value and score) or a score from the legal scores of the game',
})
export class CorrectionInput {
  @Field(() => ResultFactsInput, { nullable: true, description: 'The corrected facts (e.g. other card points, schneider, the bid)' }) facts?: ResultFactsInput;
  @Field(() => Int, { nullable: true, description: 'Or the signed score: + value won, -2 × value lost (R26-R32)' }) correctedScore?: number;
  @Field({ nullable: true, description: 'With correctedScore: won or lost (must agree with its sign)' }) won?: boolean;
}

@InputType('RuleDisputeInput', { description: "The arbiter's ruling on a contested deal" })
export class RuleDisputeInput {
  @Field(() => ID, { description: 'The deal' }) dealId!: string;
  @Field({ description: 'Upheld (then the correction is required) or rejected' }) upheld!: boolean;
  @Field({ description: 'Why (1-1000 characters)' }) reason!: string;
  @Field(() => ID, { nullable: true, description: 'The contest ruled on (its event id); default the oldest open one' }) contestEventId?: string;
  @Field(() => CorrectionInput, { nullable: true, description: 'Upheld: the corrected result' }) correction?: CorrectionInput;
}

@InputType('CorrectScoreInput', { description: "An arbiter's correction of a finished deal's result; the original stays in the audit" })
export class CorrectScoreInput {
  @Field(() => ID, { description: 'The deal' }) dealId!: string;
  @Field({ description: 'Why (1-1000 characters)' }) reason!: string;
  @Field(() => CorrectionInput, { description: 'The corrected result' }) correction!: CorrectionInput;
  @Field(() => ID, { nullable: true, description: 'The score entry corrected (DealScored or an earlier ScoreCorrected event id); default the one in force' })
  correctsEventId?: string;
}

@InputType('UpgradeDealInput', {
  description:
    'Record the cards of a result-only deal: its moves follow with the usual move mutations (on the same dealId); when they end the deal they must reproduce its result',
})
export class UpgradeDealInput {
  @Field(() => ID, { description: 'The result-only deal' }) dealId!: string;
  @Field(() => DealCardsInput, { description: 'The cards as they were dealt (shuffle GIVEN: three hands of ten and the skat)' }) cards!: DealCardsInput;
}
