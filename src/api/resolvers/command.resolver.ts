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
    @Args('commandId', { type: () => ID, description: 'Client-chosen id (a UUID): a retried command with the same id is recorded once' }) commandId: string,
    @Args('dealId', { type: () => ID, description: 'The deal' }) dealId: string,
    @Args('seat', { type: seatArg, description: "The seat that moves (R2); it must be that seat's turn" }) seat: Seat,
    @Args('value', { type: () => Int, description: 'The value called (R5: a value some game can be worth)' }) value: number,
    @Args('expectedRevision', {
      type: () => String,
      nullable: true,
      description:
        "The deal stream's revision the client last saw (a decimal string): when it moved meanwhile, the command is refused with CONFLICT; without it the server re-decides on the latest state",
    })
    expectedRevision?: string,
  ) {
    return this.dealCommand(ctx, commandId, expectedRevision, { type: 'CallBid', dealId, seat, value });
  }

  @Mutation(() => CommandResultType, { description: 'R6: a seat holds ("yes")' })
  holdBid(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID, description: 'Client-chosen id (a UUID): a retried command with the same id is recorded once' }) commandId: string,
    @Args('dealId', { type: () => ID, description: 'The deal' }) dealId: string,
    @Args('seat', { type: seatArg, description: "The seat that moves (R2); it must be that seat's turn" }) seat: Seat,
    @Args('expectedRevision', {
      type: () => String,
      nullable: true,
      description:
        "The deal stream's revision the client last saw (a decimal string): when it moved meanwhile, the command is refused with CONFLICT; without it the server re-decides on the latest state",
    })
    expectedRevision?: string,
  ) {
    return this.dealCommand(ctx, commandId, expectedRevision, { type: 'HoldBid', dealId, seat });
  }

  @Mutation(() => CommandResultType, { description: 'R6/R8: a seat passes' })
  passBid(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID, description: 'Client-chosen id (a UUID): a retried command with the same id is recorded once' }) commandId: string,
    @Args('dealId', { type: () => ID, description: 'The deal' }) dealId: string,
    @Args('seat', { type: seatArg, description: "The seat that moves (R2); it must be that seat's turn" }) seat: Seat,
    @Args('expectedRevision', {
      type: () => String,
      nullable: true,
      description:
        "The deal stream's revision the client last saw (a decimal string): when it moved meanwhile, the command is refused with CONFLICT; without it the server re-decides on the latest state",
    })
    expectedRevision?: string,
  ) {
    return this.dealCommand(ctx, commandId, expectedRevision, { type: 'PassBid', dealId, seat });
  }

  @Mutation(() => CommandResultType, { description: 'R9: the declarer picks up the skat' })
  takeSkat(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID, description: 'Client-chosen id (a UUID): a retried command with the same id is recorded once' }) commandId: string,
    @Args('dealId', { type: () => ID, description: 'The deal' }) dealId: string,
    @Args('seat', { type: seatArg, description: "The seat that moves (R2); it must be that seat's turn" }) seat: Seat,
    @Args('expectedRevision', {
      type: () => String,
      nullable: true,
      description:
        "The deal stream's revision the client last saw (a decimal string): when it moved meanwhile, the command is refused with CONFLICT; without it the server re-decides on the latest state",
    })
    expectedRevision?: string,
  ) {
    return this.dealCommand(ctx, commandId, expectedRevision, { type: 'TakeSkat', dealId, seat });
  }

  @Mutation(() => CommandResultType, { description: 'R10: the declarer puts two cards away' })
  discardSkat(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID, description: 'Client-chosen id (a UUID): a retried command with the same id is recorded once' }) commandId: string,
    @Args('dealId', { type: () => ID, description: 'The deal' }) dealId: string,
    @Args('seat', { type: seatArg, description: "The seat that moves (R2); it must be that seat's turn" }) seat: Seat,
    @Args('cards', { type: () => [String], description: 'The two cards put back into the skat (R10)' }) cards: string[],
    @Args('expectedRevision', {
      type: () => String,
      nullable: true,
      description:
        "The deal stream's revision the client last saw (a decimal string): when it moved meanwhile, the command is refused with CONFLICT; without it the server re-decides on the latest state",
    })
    expectedRevision?: string,
  ) {
    if (!Array.isArray(cards) || cards.length !== 2) throw badInput('discard exactly two cards (R10)');
    return this.dealCommand(ctx, commandId, expectedRevision, { type: 'DiscardSkat', dealId, seat, cards: [valid.card(cards[0]), valid.card(cards[1])] });
  }

  @Mutation(() => CommandResultType, { description: 'R11-R14: the declarer names the game' })
  declareGame(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID, description: 'Client-chosen id (a UUID): a retried command with the same id is recorded once' }) commandId: string,
    @Args('dealId', { type: () => ID, description: 'The deal' }) dealId: string,
    @Args('seat', { type: seatArg, description: "The seat that moves (R2); it must be that seat's turn" }) seat: Seat,
    @Args('declaration', { type: () => DeclarationInput, description: 'The game announced (R11-R14)' }) d: DeclarationInput,
    @Args('expectedRevision', {
      type: () => String,
      nullable: true,
      description:
        "The deal stream's revision the client last saw (a decimal string): when it moved meanwhile, the command is refused with CONFLICT; without it the server re-decides on the latest state",
    })
    expectedRevision?: string,
  ) {
    const declaration = {
      gameType: d.game,
      hand: !!d.hand,
      schneiderAnnounced: !!d.schneiderAnnounced,
      schwarzAnnounced: !!d.schwarzAnnounced,
      ouvert: !!d.ouvert,
    };
    return this.dealCommand(ctx, commandId, expectedRevision, { type: 'DeclareGame', dealId, seat, declaration });
  }

  @Mutation(() => CommandResultType, { description: 'R15-R19: a seat plays a card' })
  playCard(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID, description: 'Client-chosen id (a UUID): a retried command with the same id is recorded once' }) commandId: string,
    @Args('dealId', { type: () => ID, description: 'The deal' }) dealId: string,
    @Args('seat', { type: seatArg, description: "The seat that moves (R2); it must be that seat's turn" }) seat: Seat,
    @Args('card', { description: 'The card played, in ISS notation (e.g. CJ); it must follow suit (R16)' }) card: string,
    @Args('expectedRevision', {
      type: () => String,
      nullable: true,
      description:
        "The deal stream's revision the client last saw (a decimal string): when it moved meanwhile, the command is refused with CONFLICT; without it the server re-decides on the latest state",
    })
    expectedRevision?: string,
  ) {
    return this.dealCommand(ctx, commandId, expectedRevision, { type: 'PlayCard', dealId, seat, card: valid.card(card) });
  }

  @Mutation(() => CommandResultType, { description: 'R21/D3: the declarer lays his cards open (claim; ISS SC)' })
  showCards(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID, description: 'Client-chosen id (a UUID): a retried command with the same id is recorded once' }) commandId: string,
    @Args('dealId', { type: () => ID, description: 'The deal' }) dealId: string,
    @Args('seat', { type: seatArg, description: "The seat that moves (R2); it must be that seat's turn" }) seat: Seat,
    @Args('expectedRevision', {
      type: () => String,
      nullable: true,
      description:
        "The deal stream's revision the client last saw (a decimal string): when it moved meanwhile, the command is refused with CONFLICT; without it the server re-decides on the latest state",
    })
    expectedRevision?: string,
  ) {
    return this.dealCommand(ctx, commandId, expectedRevision, { type: 'ShowCards', dealId, seat });
  }

  @Mutation(() => CommandResultType, { description: 'R21/D3: a seat resigns (ISS RE)' })
  resign(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID, description: 'Client-chosen id (a UUID): a retried command with the same id is recorded once' }) commandId: string,
    @Args('dealId', { type: () => ID, description: 'The deal' }) dealId: string,
    @Args('seat', { type: seatArg, description: "The seat that moves (R2); it must be that seat's turn" }) seat: Seat,
    @Args('expectedRevision', {
      type: () => String,
      nullable: true,
      description:
        "The deal stream's revision the client last saw (a decimal string): when it moved meanwhile, the command is refused with CONFLICT; without it the server re-decides on the latest state",
    })
    expectedRevision?: string,
  ) {
    return this.dealCommand(ctx, commandId, expectedRevision, { type: 'Resign', dealId, seat });
  }

  @Mutation(() => CommandResultType, { description: 'R40 (house option): a defender says Kontra' })
  callKontra(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID, description: 'Client-chosen id (a UUID): a retried command with the same id is recorded once' }) commandId: string,
    @Args('dealId', { type: () => ID, description: 'The deal' }) dealId: string,
    @Args('seat', { type: seatArg, description: "The seat that moves (R2); it must be that seat's turn" }) seat: Seat,
    @Args('expectedRevision', {
      type: () => String,
      nullable: true,
      description:
        "The deal stream's revision the client last saw (a decimal string): when it moved meanwhile, the command is refused with CONFLICT; without it the server re-decides on the latest state",
    })
    expectedRevision?: string,
  ) {
    return this.dealCommand(ctx, commandId, expectedRevision, { type: 'CallKontra', dealId, seat });
  }

  @Mutation(() => CommandResultType, { description: 'R40 (house option): the declarer answers Re' })
  callRe(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID, description: 'Client-chosen id (a UUID): a retried command with the same id is recorded once' }) commandId: string,
    @Args('dealId', { type: () => ID, description: 'The deal' }) dealId: string,
    @Args('seat', { type: seatArg, description: "The seat that moves (R2); it must be that seat's turn" }) seat: Seat,
    @Args('expectedRevision', {
      type: () => String,
      nullable: true,
      description:
        "The deal stream's revision the client last saw (a decimal string): when it moved meanwhile, the command is refused with CONFLICT; without it the server re-decides on the latest state",
    })
    expectedRevision?: string,
  ) {
    return this.dealCommand(ctx, commandId, expectedRevision, { type: 'CallRe', dealId, seat });
  }

  @Mutation(() => CommandResultType, { description: 'D3: a misdeal, time-out or a player leaving ends the deal unscored' })
  abandonDeal(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID, description: 'Client-chosen id (a UUID): a retried command with the same id is recorded once' }) commandId: string,
    @Args('dealId', { type: () => ID, description: 'The deal' }) dealId: string,
    @Args('reason', { type: () => AbandonReasonEnum, description: 'Why the deal is abandoned (D3)' }) reason: AbandonReasonEnum,
    @Args('seat', { type: seatArg, nullable: true, description: "The seat that moves (R2); it must be that seat's turn" }) seat?: Seat,
    @Args('note', { type: () => String, nullable: true, description: 'A free-text note kept with the abandonment' }) note?: string,
    @Args('expectedRevision', {
      type: () => String,
      nullable: true,
      description:
        "The deal stream's revision the client last saw (a decimal string): when it moved meanwhile, the command is refused with CONFLICT; without it the server re-decides on the latest state",
    })
    expectedRevision?: string,
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
