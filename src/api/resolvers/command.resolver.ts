import { Inject } from '@nestjs/common';
import { Args, Context, ID, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Ledger, type LedgerCommand } from '../../ledger/ledger';
import type { Seat } from '../../rules/seat';
import { mayRecord } from '../../auth/access';
import type { ApiContext } from '../context/apiContext';
import { badInput, forbidden, notFound, unauthenticated } from '../errors/apiError';
import { DeclarationInput } from '../inputs/commandInputs';
import * as valid from '../inputs/validate';
import { CommandResultType } from '../types/commandResult.type';
import { AbandonReasonEnum, SeatEnum } from '../types/enums';
import { gate, runCommand, type Gate } from './commandExecution';

const seatArg = () => SeatEnum;

/** One mutation per command. Thin: check the role, shape the command, hand it to the Ledger. */
@Resolver()
export class CommandResolver {
  constructor(@Inject(Ledger) private readonly ledger: Ledger) {}

  // ---- deal commands: the table's recorder (or an admin)

  @Mutation(() => CommandResultType, { description: 'R5/R6: a seat says a bid value' })
  callBid(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID }) commandId: string,
    @Args('dealId', { type: () => ID }) dealId: string,
    @Args('seat', { type: seatArg }) seat: Seat,
    @Args('value', { type: () => Int }) value: number,
    @Args('expectedRevision', { type: () => String, nullable: true }) expectedRevision?: string,
  ) {
    return this.dealCommand(ctx, commandId, expectedRevision, { type: 'CallBid', dealId, seat, value });
  }

  @Mutation(() => CommandResultType, { description: 'R6: a seat holds ("yes")' })
  holdBid(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID }) commandId: string,
    @Args('dealId', { type: () => ID }) dealId: string,
    @Args('seat', { type: seatArg }) seat: Seat,
    @Args('expectedRevision', { type: () => String, nullable: true }) expectedRevision?: string,
  ) {
    return this.dealCommand(ctx, commandId, expectedRevision, { type: 'HoldBid', dealId, seat });
  }

  @Mutation(() => CommandResultType, { description: 'R6/R8: a seat passes' })
  passBid(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID }) commandId: string,
    @Args('dealId', { type: () => ID }) dealId: string,
    @Args('seat', { type: seatArg }) seat: Seat,
    @Args('expectedRevision', { type: () => String, nullable: true }) expectedRevision?: string,
  ) {
    return this.dealCommand(ctx, commandId, expectedRevision, { type: 'PassBid', dealId, seat });
  }

  @Mutation(() => CommandResultType, { description: 'R9: the declarer picks up the skat' })
  takeSkat(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID }) commandId: string,
    @Args('dealId', { type: () => ID }) dealId: string,
    @Args('seat', { type: seatArg }) seat: Seat,
    @Args('expectedRevision', { type: () => String, nullable: true }) expectedRevision?: string,
  ) {
    return this.dealCommand(ctx, commandId, expectedRevision, { type: 'TakeSkat', dealId, seat });
  }

  @Mutation(() => CommandResultType, { description: 'R10: the declarer puts two cards away' })
  discardSkat(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID }) commandId: string,
    @Args('dealId', { type: () => ID }) dealId: string,
    @Args('seat', { type: seatArg }) seat: Seat,
    @Args('cards', { type: () => [String] }) cards: string[],
    @Args('expectedRevision', { type: () => String, nullable: true }) expectedRevision?: string,
  ) {
    if (!Array.isArray(cards) || cards.length !== 2) throw badInput('discard exactly two cards (R10)');
    return this.dealCommand(ctx, commandId, expectedRevision, { type: 'DiscardSkat', dealId, seat, cards: [valid.card(cards[0]), valid.card(cards[1])] });
  }

  @Mutation(() => CommandResultType, { description: 'R11-R14: the declarer names the game' })
  declareGame(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID }) commandId: string,
    @Args('dealId', { type: () => ID }) dealId: string,
    @Args('seat', { type: seatArg }) seat: Seat,
    @Args('declaration', { type: () => DeclarationInput }) d: DeclarationInput,
    @Args('expectedRevision', { type: () => String, nullable: true }) expectedRevision?: string,
  ) {
    const declaration = { gameType: d.game, hand: !!d.hand, schneiderAnnounced: !!d.schneiderAnnounced, schwarzAnnounced: !!d.schwarzAnnounced, ouvert: !!d.ouvert };
    return this.dealCommand(ctx, commandId, expectedRevision, { type: 'DeclareGame', dealId, seat, declaration });
  }

  @Mutation(() => CommandResultType, { description: 'R15-R19: a seat plays a card' })
  playCard(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID }) commandId: string,
    @Args('dealId', { type: () => ID }) dealId: string,
    @Args('seat', { type: seatArg }) seat: Seat,
    @Args('card') card: string,
    @Args('expectedRevision', { type: () => String, nullable: true }) expectedRevision?: string,
  ) {
    return this.dealCommand(ctx, commandId, expectedRevision, { type: 'PlayCard', dealId, seat, card: valid.card(card) });
  }

  @Mutation(() => CommandResultType, { description: 'R21/D3: the declarer lays his cards open (claim; ISS SC)' })
  showCards(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID }) commandId: string,
    @Args('dealId', { type: () => ID }) dealId: string,
    @Args('seat', { type: seatArg }) seat: Seat,
    @Args('expectedRevision', { type: () => String, nullable: true }) expectedRevision?: string,
  ) {
    return this.dealCommand(ctx, commandId, expectedRevision, { type: 'ShowCards', dealId, seat });
  }

  @Mutation(() => CommandResultType, { description: 'R21/D3: a seat resigns (ISS RE)' })
  resign(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID }) commandId: string,
    @Args('dealId', { type: () => ID }) dealId: string,
    @Args('seat', { type: seatArg }) seat: Seat,
    @Args('expectedRevision', { type: () => String, nullable: true }) expectedRevision?: string,
  ) {
    return this.dealCommand(ctx, commandId, expectedRevision, { type: 'Resign', dealId, seat });
  }

  @Mutation(() => CommandResultType, { description: 'R40 (house option): a defender says Kontra' })
  callKontra(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID }) commandId: string,
    @Args('dealId', { type: () => ID }) dealId: string,
    @Args('seat', { type: seatArg }) seat: Seat,
    @Args('expectedRevision', { type: () => String, nullable: true }) expectedRevision?: string,
  ) {
    return this.dealCommand(ctx, commandId, expectedRevision, { type: 'CallKontra', dealId, seat });
  }

  @Mutation(() => CommandResultType, { description: 'R40 (house option): the declarer answers Re' })
  callRe(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID }) commandId: string,
    @Args('dealId', { type: () => ID }) dealId: string,
    @Args('seat', { type: seatArg }) seat: Seat,
    @Args('expectedRevision', { type: () => String, nullable: true }) expectedRevision?: string,
  ) {
    return this.dealCommand(ctx, commandId, expectedRevision, { type: 'CallRe', dealId, seat });
  }

  @Mutation(() => CommandResultType, { description: 'D3: a misdeal, time-out or a player leaving ends the deal unscored' })
  abandonDeal(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID }) commandId: string,
    @Args('dealId', { type: () => ID }) dealId: string,
    @Args('reason', { type: () => AbandonReasonEnum }) reason: AbandonReasonEnum,
    @Args('seat', { type: seatArg, nullable: true }) seat?: Seat,
    @Args('note', { type: () => String, nullable: true }) note?: string,
    @Args('expectedRevision', { type: () => String, nullable: true }) expectedRevision?: string,
  ) {
    if (note !== undefined && note !== null && note.length > 1000) throw badInput('note must be at most 1000 characters');
    return this.dealCommand(ctx, commandId, expectedRevision, {
      type: 'AbandonDeal',
      dealId,
      reason,
      ...(seat !== undefined && seat !== null ? { seat } : {}),
      ...(note ? { note } : {}),
    });
  }

  // ---- shared paths

  private async dealCommand(
    ctx: ApiContext,
    commandId: string,
    expectedRevision: string | undefined,
    command: Extract<LedgerCommand, { dealId: string }>,
  ): Promise<CommandResultType> {
    if (ctx.principal.role === 'anonymous') throw unauthenticated('recording a deal needs a recorder token');
    const deal = await ctx.deals.load(valid.id(command.dealId, 'dealId'));
    if (!deal) {
      if (mayRecord(ctx.principal, null) || ctx.principal.role === 'recorder') throw notFound(`deal ${command.dealId}`);
      throw forbidden('this token may not record deals');
    }
    this.gate(ctx, (p) => mayRecord(p, deal.tableId), "record deals at this deal's table");
    return this.run(ctx, command, commandId, expectedRevision);
  }

  private gate(ctx: ApiContext, allowed: Gate, what: string): void {
    gate(ctx, allowed, what);
  }

  private run(ctx: ApiContext, command: LedgerCommand, commandId: string, expectedRevision: string | undefined): Promise<CommandResultType> {
    return runCommand(this.ledger, ctx, command, commandId, expectedRevision);
  }
}
