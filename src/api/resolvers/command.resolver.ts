import { Inject } from '@nestjs/common';
import { Args, Context, ID, Int, Mutation, Resolver } from '@nestjs/graphql';
import { randomUUID } from 'node:crypto';
import { Ledger, type LedgerCommand, type CommandContext } from '../../ledger/ledger';
import type { Seat } from '../../rules/seat';
import { mayAdminister, mayCorrectScores, mayRecord } from '../auth/access';
import type { Principal } from '../auth/role';
import type { ApiContext } from '../context/apiContext';
import { badInput, forbidden, notFound, unauthenticated } from '../errors/apiError';
import {
  CreateTournamentInput,
  DeclarationInput,
  OpenTableInput,
  StartDealInput,
  StartTableDealInput,
} from '../inputs/commandInputs';
import * as valid from '../inputs/validate';
import { CommandResultType } from '../types/commandResult.type';
import { AbandonReasonEnum, SeatEnum } from '../types/enums';

const seatArg = () => SeatEnum;
type Gate = (p: Principal) => boolean;

/** One mutation per command. Thin: check the role, shape the command, hand it to the Ledger. */
@Resolver()
export class CommandResolver {
  constructor(@Inject(Ledger) private readonly ledger: Ledger) {}

  // ---- deal commands: the table's recorder (or an admin)

  @Mutation(() => CommandResultType, { description: 'Start a deal (recorder of its table, or admin)' })
  async startDeal(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID }) commandId: string,
    @Args('input', { type: () => StartDealInput }) input: StartDealInput,
    @Args('expectedRevision', { type: () => String, nullable: true }) expectedRevision?: string,
  ) {
    const tableId = input.tableId ? valid.id(input.tableId, 'tableId') : null;
    this.gate(ctx, (p) => mayRecord(p, tableId), 'record deals at this table');
    if (!Array.isArray(input.players) || input.players.length !== 3) throw badInput('players must name three players in seat order (R2)');
    const command: LedgerCommand = {
      type: 'StartDeal',
      dealId: valid.id(input.dealId, 'dealId'),
      tableId,
      tournamentId: input.tournamentId ? valid.id(input.tournamentId, 'tournamentId') : null,
      ...(input.dealNumber !== undefined && input.dealNumber !== null ? { dealNumber: input.dealNumber } : {}),
      dealer: valid.name(input.dealer, 'dealer'),
      players: [valid.name(input.players[0], 'player'), valid.name(input.players[1], 'player'), valid.name(input.players[2], 'player')],
      ...(input.sittingOut ? { sittingOut: input.sittingOut.map((n) => valid.name(n, 'sittingOut')) } : {}),
      ...(input.computerSeats ? { computerSeats: input.computerSeats as Seat[] } : {}),
      ...(input.profileId ? { profileId: valid.id(input.profileId, 'profileId') } : {}),
      cards: valid.dealSource(input.cards),
      ...(input.startedAt ? { startedAt: valid.date(input.startedAt, 'startedAt') } : {}),
    };
    return this.run(ctx, command, commandId, expectedRevision);
  }

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

  @Mutation(() => CommandResultType, { description: "Arbiter only: replace a finished deal's score, with a reason; the original stays in the audit" })
  async correctScore(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID }) commandId: string,
    @Args('dealId', { type: () => ID }) dealId: string,
    @Args('correctedScore', { type: () => Int }) correctedScore: number,
    @Args('reason') reason: string,
    @Args('won', { type: () => Boolean, nullable: true }) won?: boolean,
    @Args('correctsEventId', { type: () => ID, nullable: true }) correctsEventId?: string,
    @Args('expectedRevision', { type: () => String, nullable: true }) expectedRevision?: string,
  ) {
    this.gate(ctx, mayCorrectScores, 'correct scores (arbiters only)');
    if (typeof reason !== 'string' || reason.trim() === '' || reason.length > 1000) throw badInput('a correction needs a reason of 1-1000 characters');
    const command: LedgerCommand = {
      type: 'CorrectScore',
      dealId: valid.id(dealId, 'dealId'),
      correctedScore,
      reason,
      ...(won !== undefined && won !== null ? { won } : {}),
      ...(correctsEventId ? { correctsEventId: valid.id(correctsEventId, 'correctsEventId') } : {}),
    };
    return this.run(ctx, command, commandId, expectedRevision);
  }

  // ---- tables and tournaments: admins

  @Mutation(() => CommandResultType, { description: 'Admin: open a table (a list / series) of 3, 4 or 5 players' })
  openTable(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID }) commandId: string,
    @Args('input', { type: () => OpenTableInput }) input: OpenTableInput,
    @Args('expectedRevision', { type: () => String, nullable: true }) expectedRevision?: string,
  ) {
    this.gate(ctx, mayAdminister, 'manage tables (admins only)');
    if (!Array.isArray(input.players) || input.players.length < 3 || input.players.length > 5) throw badInput('a table seats 3, 4 or 5 players (D5)');
    const command: LedgerCommand = {
      type: 'OpenTable',
      tableId: valid.id(input.tableId, 'tableId'),
      players: input.players.map((p) => valid.name(p, 'player')),
      firstDealer: valid.name(input.firstDealer, 'firstDealer'),
      ...(input.profileId ? { profileId: valid.id(input.profileId, 'profileId') } : {}),
      ...(input.seriesLength ? { seriesLength: input.seriesLength } : {}),
      ...(input.fiveTableSitOutOffset ? { fiveTableSitOutOffset: input.fiveTableSitOutOffset } : {}),
      ...(input.computerPlayers ? { computerPlayers: input.computerPlayers.map((p) => valid.name(p, 'computer player')) } : {}),
      tournamentId: input.tournamentId ? valid.id(input.tournamentId, 'tournamentId') : null,
      round: input.round ?? null,
    };
    return this.run(ctx, command, commandId, expectedRevision);
  }

  @Mutation(() => CommandResultType, { description: "Start a table's next deal: dealer and seats follow from the table (recorder of the table, or admin)" })
  startTableDeal(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID }) commandId: string,
    @Args('input', { type: () => StartTableDealInput }) input: StartTableDealInput,
    @Args('expectedRevision', { type: () => String, nullable: true }) expectedRevision?: string,
  ) {
    const tableId = valid.id(input.tableId, 'tableId');
    this.gate(ctx, (p) => mayRecord(p, tableId), 'record deals at this table');
    const command: LedgerCommand = {
      type: 'StartTableDeal',
      tableId,
      ...(input.dealId ? { dealId: valid.id(input.dealId, 'dealId') } : {}),
      cards: valid.dealSource(input.cards),
      ...(input.startedAt ? { startedAt: valid.date(input.startedAt, 'startedAt') } : {}),
    };
    return this.run(ctx, command, commandId, expectedRevision);
  }

  @Mutation(() => CommandResultType, { description: 'Admin: create a tournament' })
  createTournament(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID }) commandId: string,
    @Args('input', { type: () => CreateTournamentInput }) input: CreateTournamentInput,
    @Args('expectedRevision', { type: () => String, nullable: true }) expectedRevision?: string,
  ) {
    this.gate(ctx, mayAdminister, 'manage tournaments (admins only)');
    const command: LedgerCommand = {
      type: 'CreateTournament',
      tournamentId: valid.id(input.tournamentId, 'tournamentId'),
      name: valid.name(input.name, 'name'),
      ...(input.profileId ? { profileId: valid.id(input.profileId, 'profileId') } : {}),
      ...(input.rounds ? { rounds: input.rounds } : {}),
    };
    return this.run(ctx, command, commandId, expectedRevision);
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
    if (allowed(ctx.principal)) return;
    if (ctx.principal.role === 'anonymous') throw unauthenticated(`a token is needed to ${what}`);
    throw forbidden(`a ${ctx.principal.role} token may not ${what}`);
  }

  private async run(ctx: ApiContext, command: LedgerCommand, commandId: string, expectedRevision: string | undefined): Promise<CommandResultType> {
    const p = ctx.principal;
    if (p.role === 'anonymous') throw unauthenticated('commands need a token');
    const expected = valid.revision(expectedRevision);
    const context: CommandContext = {
      commandId: valid.id(commandId, 'commandId'),
      actorId: p.player ?? `${p.role}:${p.tokenId}`,
      ...(p.role === 'arbiter' ? { role: 'arbiter' as const } : p.role === 'admin' ? { role: 'system' as const } : { role: 'player' as const }),
      source: 'live',
      correlationId: ctx.requestId || randomUUID(),
      ...(expected !== undefined ? { expectedRevision: expected } : {}),
    };
    const outcome = await this.ledger.execute(command, context);
    return {
      streamName: outcome.streamName,
      events: outcome.events.map((e) => ({ ...e })),
      revision: outcome.nextExpectedRevision.toString(),
      alreadyApplied: outcome.alreadyApplied,
      dealId: outcome.dealId ?? ('dealId' in command ? command.dealId ?? null : null),
    };
  }
}
