import { Inject } from '@nestjs/common';
import { Args, Context, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { getProfile } from '../../rules/variant';
import { scoreEnteredResult } from '../../rules/result-entry';
import { IllegalCommandError } from '../../ledger/ledger';
import { Ledger, type LedgerCommand } from '../../ledger/ledger';
import type { DealSummary } from '../../projections/deal-summary/deal-summary';
import type { Seat } from '../../rules/seat';
import { mayCorrectScores, mayRecord, scopeCovers } from '../../auth/access';
import type { ApiContext } from '../context/api-context';
import { badInput, forbidden, notFound, unauthenticated } from '../errors/api-error';
import { correctionOf, enteredResult } from '../inputs/result-facts';
import {
  ConfirmDealInput,
  ContestDealInput,
  CorrectScoreInput,
  ResultFactsInput,
  ReplaceHandsInput,
  RuleDisputeInput,
  UpgradeDealInput,
  WithdrawMoveInput,
} from '../inputs/result-inputs';
import * as valid from '../inputs/validate';
import { CommandResultType } from '../types/command-result.type';
import { gate, runCommand } from './run-command';

const commandIdArg = { type: () => ID, description: 'Client-chosen id: a retry records nothing twice' };
const revisionArg = { type: () => String, nullable: true, description: "The deal stream's revision the caller saw (CONFLICT when stale)" };

@ObjectType('ScoredFacts', { description: 'What the engine makes of result facts for a deal (a correction previewed, nothing recorded)' })
export class ScoredFactsType {
  @Field(() => Int, { nullable: true, description: "The declarer's entry on the list (R34); null when passed in" }) score!: number | null;
  @Field(() => Boolean, { nullable: true, description: 'Won or lost; null when passed in' }) won!: boolean | null;
  @Field(() => Int, { nullable: true, description: 'The game value (R26-R32)' }) gameValue!: number | null;
  @Field(() => [String], { description: 'The derivation, rule by rule' }) derivation!: string[];
}

/** Mutations on a deal after (or while) it is recorded: withdrawals, confirmations, contests, rulings, corrections. */
@Resolver()
export class DealReviewResolver {
  constructor(@Inject(Ledger) private readonly ledger: Ledger) {}

  private async deal(ctx: ApiContext, dealId: string): Promise<DealSummary> {
    if (ctx.principal.role === 'anonymous') throw unauthenticated('a token is needed');
    const deal = await ctx.deals.load(valid.id(dealId, 'dealId'));
    if (!deal) throw notFound(`deal ${dealId}`);
    return deal;
  }

  private seatOf(deal: DealSummary): (name: string) => Seat | undefined {
    return (name) => {
      const i = deal.players.indexOf(name);
      return i < 0 ? undefined : (i as Seat);
    };
  }

  @Mutation(() => CommandResultType, {
    description:
      "Withdraw a recording slip (MoveWithdrawn): the last recorded move of an open deal (the table's recorder), or an earlier one with every move after it (an arbiter); it then counts as not made",
  })
  async withdrawMove(
    @Context() ctx: ApiContext,
    @Args('commandId', commandIdArg) commandId: string,
    @Args('input', { type: () => WithdrawMoveInput, description: 'The deal, why, and optionally which move' }) input: WithdrawMoveInput,
    @Args('expectedRevision', revisionArg) expectedRevision?: string,
  ) {
    const deal = await this.deal(ctx, input.dealId);
    gate(ctx, (p) => mayRecord(p, deal.tableId) || mayCorrectScores(p), "withdraw moves at this deal's table");
    const command: LedgerCommand = {
      type: 'WithdrawMove',
      dealId: deal.dealId,
      reason: valid.text(input.reason, 'reason'),
      ...(input.moveEventId ? { moveEventId: valid.id(input.moveEventId, 'moveEventId') } : {}),
    };
    return runCommand(this.ledger, ctx, command, commandId, expectedRevision);
  }

  @Mutation(() => CommandResultType, {
    description:
      "Begin recording the cards of a result-only deal (the table's recorder, or admin): the moves then go to this recording; the last one is refused (L18, every difference named) unless the play reproduces the deal's result, and then the deal is upgraded (ResultUpgraded: card-level, the sheet row unchanged). Calling it again begins a fresh recording",
  })
  async upgradeDeal(
    @Context() ctx: ApiContext,
    @Args('commandId', commandIdArg) commandId: string,
    @Args('input', { type: () => UpgradeDealInput, description: 'The deal and its cards as dealt' }) input: UpgradeDealInput,
  ) {
    const deal = await this.deal(ctx, input.dealId);
    gate(ctx, (p) => mayRecord(p, deal.tableId), "record the cards of this table's deals");
    return runCommand(this.ledger, ctx, { type: 'UpgradeDeal', dealId: deal.dealId, cards: valid.dealSource(input.cards) }, commandId, undefined);
  }

  @Mutation(() => CommandResultType, {
    description:
      "Replace a mistyped hand of a dealt deal before its first card (HandsReplaced, L25; the table's recorder): the deal keeps its id and moves, replayed over the new cards",
  })
  async replaceHands(
    @Context() ctx: ApiContext,
    @Args('commandId', commandIdArg) commandId: string,
    @Args('input', { type: () => ReplaceHandsInput, description: 'The deal, its cards as really dealt, and why' }) input: ReplaceHandsInput,
    @Args('expectedRevision', revisionArg) expectedRevision?: string,
  ) {
    const deal = await this.deal(ctx, input.dealId);
    gate(ctx, (p) => mayRecord(p, deal.tableId), "record this table's deals");
    const cards = valid.dealSource(input.cards);
    if (cards.kind !== 'given') throw badInput('replaceHands takes the cards as they were really dealt: shuffle GIVEN, three hands of ten and the skat');
    const command: LedgerCommand = { type: 'ReplaceHands', dealId: deal.dealId, cards, reason: valid.text(input.reason, 'reason') };
    return runCommand(this.ledger, ctx, command, commandId, expectedRevision);
  }

  @Mutation(() => CommandResultType, { description: "A player confirms a scored deal's result (DealConfirmed), with his player token" })
  async confirmDeal(
    @Context() ctx: ApiContext,
    @Args('commandId', commandIdArg) commandId: string,
    @Args('input', { type: () => ConfirmDealInput, description: 'The deal' }) input: ConfirmDealInput,
    @Args('expectedRevision', revisionArg) expectedRevision?: string,
  ) {
    const deal = await this.deal(ctx, input.dealId);
    const player = this.playerOf(ctx, deal, 'confirm');
    return runCommand(this.ledger, ctx, { type: 'ConfirmDeal', dealId: deal.dealId, player }, commandId, expectedRevision);
  }

  @Mutation(() => CommandResultType, {
    description:
      "A player contests a scored deal's result (DealContested, with a reason): a dispute opens on the sheet and in the audit until an arbiter rules",
  })
  async contestDeal(
    @Context() ctx: ApiContext,
    @Args('commandId', commandIdArg) commandId: string,
    @Args('input', { type: () => ContestDealInput, description: 'The deal and what is wrong' }) input: ContestDealInput,
    @Args('expectedRevision', revisionArg) expectedRevision?: string,
  ) {
    const deal = await this.deal(ctx, input.dealId);
    const player = this.playerOf(ctx, deal, 'contest');
    return runCommand(
      this.ledger,
      ctx,
      { type: 'ContestDeal', dealId: deal.dealId, player, reason: valid.text(input.reason, 'reason') },
      commandId,
      expectedRevision,
    );
  }

  @Mutation(() => CommandResultType, {
    description:
      'Arbiter: rule on a contested deal (DisputeRuled): upheld with the corrected result (a ScoreCorrected follows), or rejected; always with a reason',
  })
  async ruleDispute(
    @Context() ctx: ApiContext,
    @Args('commandId', commandIdArg) commandId: string,
    @Args('input', { type: () => RuleDisputeInput, description: 'The deal, the ruling, why, and the correction when upheld' }) input: RuleDisputeInput,
    @Args('expectedRevision', revisionArg) expectedRevision?: string,
  ) {
    gate(ctx, mayCorrectScores, 'rule on disputes (arbiters only)');
    const deal = await this.deal(ctx, input.dealId);
    const command: LedgerCommand = {
      type: 'RuleDispute',
      dealId: deal.dealId,
      ruling: input.upheld ? 'upheld' : 'rejected',
      reason: valid.text(input.reason, 'reason'),
      ...(input.contestEventId ? { contestEventId: valid.id(input.contestEventId, 'contestEventId') } : {}),
      ...(input.correction ? { correction: correctionOf(input.correction, this.seatOf(deal)) } : {}),
    };
    return runCommand(this.ledger, ctx, command, commandId, expectedRevision);
  }

  @Mutation(() => CommandResultType, {
    description:
      "Arbiter only: correct a finished deal's result with a reason, by the corrected facts (the engine derives the score) or by a legal score; the original stays in the audit",
  })
  async correctScore(
    @Context() ctx: ApiContext,
    @Args('commandId', commandIdArg) commandId: string,
    @Args('input', { type: () => CorrectScoreInput, description: 'The deal, why, and the corrected result' }) input: CorrectScoreInput,
    @Args('expectedRevision', revisionArg) expectedRevision?: string,
  ) {
    gate(ctx, mayCorrectScores, 'correct scores (arbiters only)');
    const deal = await this.deal(ctx, input.dealId);
    const command: LedgerCommand = {
      type: 'CorrectScore',
      dealId: deal.dealId,
      reason: valid.text(input.reason, 'reason'),
      ...correctionOf(input.correction, this.seatOf(deal)),
      ...(input.correctsEventId ? { correctsEventId: valid.id(input.correctsEventId, 'correctsEventId') } : {}),
    };
    return runCommand(this.ledger, ctx, command, commandId, expectedRevision);
  }

  /** The player a player token speaks for, within its scope (table or tournament). */
  private playerOf(ctx: ApiContext, deal: DealSummary, what: string): string {
    const p = ctx.principal;
    if (p.role !== 'player' || p.player === undefined) throw forbidden(`only a player's own token may ${what} a deal`);
    // A player token may speak for its player in deals of its own table or tournament only (when it names one).
    if (!scopeCovers(p, deal)) throw forbidden(`this player token is bound to ${p.table ? `table ${p.table}` : `tournament ${p.tournament}`}`);
    return p.player;
  }

  @Query(() => ScoredFactsType, {
    description:
      'Arbiter: what the engine makes of these facts for this deal under its rule profile (the correction an upheld dispute or correctScore would record), recorded nowhere; refused facts answer the rule they break',
  })
  async previewFacts(
    @Context() ctx: ApiContext,
    @Args('dealId', { type: () => ID, description: 'The deal' }) dealId: string,
    @Args('facts', { type: () => ResultFactsInput, description: 'The corrected facts' }) facts: ResultFactsInput,
  ): Promise<ScoredFactsType> {
    gate(ctx, mayCorrectScores, 'preview corrections (arbiters only)');
    const deal = await this.deal(ctx, dealId);
    const judged = scoreEnteredResult(enteredResult(facts, this.seatOf(deal)), getProfile(deal.profileId));
    if (!judged.ok) throw new IllegalCommandError(judged.refusal.ruleId, judged.refusal.reason);
    const r = judged.value;
    return {
      score: r.score,
      won: r.kind === 'passedIn' ? null : r.won,
      gameValue: r.gameValue,
      derivation: r.derivation.map((d) => `${d.ruleId}: ${d.text}`),
    };
  }
}
