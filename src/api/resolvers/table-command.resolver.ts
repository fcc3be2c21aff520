import { Inject } from '@nestjs/common';
import { Args, Context, ID, Mutation, Resolver } from '@nestjs/graphql';
import { Ledger, type LedgerCommand } from '../../ledger/ledger';
import type { Seat } from '../../rules/seat';
import { mayAdminister, mayRecord } from '../../auth/access';
import type { ApiContext } from '../context/api-context';
import { badInput } from '../errors/api-error';
import { enteredResult, ramschLines } from '../inputs/result-facts';
import { EnterResultInput } from '../inputs/result-inputs';
import { CloseSeriesInput, CreateTournamentInput, OpenTableInput, StartDealInput, StartTableDealInput } from '../inputs/command-inputs';
import * as valid from '../inputs/validate';
import { CommandResultType } from '../types/command-result.type';
import { gate, runCommand } from './run-command';

/** Mutations of tables, tournaments and corrections: starting deals, opening tables, creating tournaments, correcting scores. */
@Resolver()
export class TableCommandResolver {
  constructor(@Inject(Ledger) private readonly ledger: Ledger) {}

  @Mutation(() => CommandResultType, { description: 'Start a deal (recorder of its table, or admin)' })
  async startDeal(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID, description: 'Client-chosen id (a UUID): a retried command with the same id is recorded once' }) commandId: string,
    @Args('input', { type: () => StartDealInput, description: 'What to record' }) input: StartDealInput,
    @Args('expectedRevision', {
      type: () => String,
      nullable: true,
      description: "The stream's revision the client last saw (a decimal string): when it moved meanwhile, the command is refused with CONFLICT",
    })
    expectedRevision?: string,
  ) {
    const tableId = input.tableId ? valid.id(input.tableId, 'tableId') : null;
    gate(ctx, (p) => mayRecord(p, tableId), 'record deals at this table');
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
    return runCommand(this.ledger, ctx, command, commandId, expectedRevision);
  }

  @Mutation(() => CommandResultType, { description: 'Admin: open a table (a list / series) of 3, 4 or 5 players' })
  openTable(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID, description: 'Client-chosen id (a UUID): a retried command with the same id is recorded once' }) commandId: string,
    @Args('input', { type: () => OpenTableInput, description: 'What to record' }) input: OpenTableInput,
    @Args('expectedRevision', {
      type: () => String,
      nullable: true,
      description: "The stream's revision the client last saw (a decimal string): when it moved meanwhile, the command is refused with CONFLICT",
    })
    expectedRevision?: string,
  ) {
    gate(ctx, mayAdminister, 'manage tables (admins only)');
    if (!Array.isArray(input.players) || input.players.length < 3 || input.players.length > 5) throw badInput('a table seats 3, 4 or 5 players (D5)');
    const command: LedgerCommand = {
      type: 'OpenTable',
      tableId: valid.id(input.tableId, 'tableId'),
      players: input.players.map((p) => valid.name(p, 'player')),
      firstDealer: valid.name(input.firstDealer, 'firstDealer'),
      ...(input.profileId ? { profileId: valid.id(input.profileId, 'profileId') } : {}),
      ...(input.houseOptions?.length ? { profileOptions: Object.fromEntries(input.houseOptions.map((o) => [o, true])) } : {}),
      ...(input.seriesLength ? { seriesLength: input.seriesLength } : {}),
      ...(input.fiveTableSitOutOffset ? { fiveTableSitOutOffset: input.fiveTableSitOutOffset } : {}),
      ...(input.computerPlayers ? { computerPlayers: input.computerPlayers.map((p) => valid.name(p, 'computer player')) } : {}),
      tournamentId: input.tournamentId ? valid.id(input.tournamentId, 'tournamentId') : null,
      round: input.round ?? null,
      ...(input.closeWithOpenDisputes !== undefined && input.closeWithOpenDisputes !== null ? { closeWithOpenDisputes: input.closeWithOpenDisputes } : {}),
      ...(input.reviewAfterClose !== undefined && input.reviewAfterClose !== null ? { reviewAfterClose: input.reviewAfterClose } : {}),
    };
    return runCommand(this.ledger, ctx, command, commandId, expectedRevision);
  }

  @Mutation(() => CommandResultType, { description: "Start a table's next deal: dealer and seats follow from the table (recorder of the table, or admin)" })
  startTableDeal(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID, description: 'Client-chosen id (a UUID): a retried command with the same id is recorded once' }) commandId: string,
    @Args('input', { type: () => StartTableDealInput, description: 'What to record' }) input: StartTableDealInput,
    @Args('expectedRevision', {
      type: () => String,
      nullable: true,
      description: "The stream's revision the client last saw (a decimal string): when it moved meanwhile, the command is refused with CONFLICT",
    })
    expectedRevision?: string,
  ) {
    const tableId = valid.id(input.tableId, 'tableId');
    gate(ctx, (p) => mayRecord(p, tableId), 'record deals at this table');
    const command: LedgerCommand = {
      type: 'StartTableDeal',
      tableId,
      ...(input.dealId ? { dealId: valid.id(input.dealId, 'dealId') } : {}),
      cards: valid.dealSource(input.cards),
      ...(input.startedAt ? { startedAt: valid.date(input.startedAt, 'startedAt') } : {}),
    };
    return runCommand(this.ledger, ctx, command, commandId, expectedRevision);
  }

  @Mutation(() => CommandResultType, { description: 'Admin: create a tournament' })
  createTournament(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID, description: 'Client-chosen id (a UUID): a retried command with the same id is recorded once' }) commandId: string,
    @Args('input', { type: () => CreateTournamentInput, description: 'What to record' }) input: CreateTournamentInput,
    @Args('expectedRevision', {
      type: () => String,
      nullable: true,
      description: "The stream's revision the client last saw (a decimal string): when it moved meanwhile, the command is refused with CONFLICT",
    })
    expectedRevision?: string,
  ) {
    gate(ctx, mayAdminister, 'manage tournaments (admins only)');
    const command: LedgerCommand = {
      type: 'CreateTournament',
      tournamentId: valid.id(input.tournamentId, 'tournamentId'),
      name: valid.name(input.name, 'name'),
      ...(input.profileId ? { profileId: valid.id(input.profileId, 'profileId') } : {}),
      ...(input.rounds ? { rounds: input.rounds } : {}),
      ...(input.date ? { date: input.date } : {}),
      ...(input.seriesLength3 || input.seriesLength4
        ? { seriesLengths: { ...(input.seriesLength3 ? { 3: input.seriesLength3 } : {}), ...(input.seriesLength4 ? { 4: input.seriesLength4 } : {}) } }
        : {}),
      ...(input.houseOptions?.length ? { houseOptions: [...input.houseOptions] } : {}),
    };
    return runCommand(this.ledger, ctx, command, commandId, expectedRevision);
  }

  @Mutation(() => CommandResultType, {
    description: "Close a table's series (recorder of the table, or admin): no further deal; only an arbiter's correction changes the sheet afterwards",
  })
  closeSeries(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID, description: 'Client-chosen id: a retry records nothing twice' }) commandId: string,
    @Args('input', { type: () => CloseSeriesInput, description: 'The table and, when closing early, why' }) input: CloseSeriesInput,
    @Args('expectedRevision', { type: () => String, nullable: true, description: "The table stream's revision the caller saw" }) expectedRevision?: string,
  ) {
    const tableId = valid.id(input.tableId, 'tableId');
    gate(ctx, (p) => mayRecord(p, tableId), 'close the series at this table');
    const command: LedgerCommand = { type: 'CloseSeries', tableId, ...(input.reason ? { reason: valid.text(input.reason, 'reason') } : {}) };
    return runCommand(this.ledger, ctx, command, commandId, expectedRevision);
  }

  @Mutation(() => CommandResultType, {
    description:
      "Record the table's next deal from its result only (recorder of the table, or admin): seats, dealer and number follow from the table; the engine scores the facts and refuses impossible ones",
  })
  enterResult(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID, description: 'Client-chosen id: a retry records nothing twice' }) commandId: string,
    @Args('input', { type: () => EnterResultInput, description: 'The table and the result' }) input: EnterResultInput,
    @Args('expectedRevision', { type: () => String, nullable: true, description: "The table stream's revision the caller saw" }) expectedRevision?: string,
  ) {
    const tableId = valid.id(input.tableId, 'tableId');
    gate(ctx, (p) => mayRecord(p, tableId), 'record deals at this table');
    if (input.result && input.result.ramsch !== undefined && input.result.ramsch !== null) {
      // R42: the players' seats follow from the table's seating, so the names travel with the lines and the Ledger places them.
      const ramsch: LedgerCommand = {
        type: 'StartTableDeal',
        tableId,
        ramschByName: ramschLines(input.result),
        ...(input.startedAt ? { startedAt: valid.date(input.startedAt, 'startedAt') } : {}),
      };
      return runCommand(this.ledger, ctx, ramsch, commandId, expectedRevision);
    }
    // The declarer's seat follows from the table's seating, so the name travels with the facts and the Ledger places him.
    const result = enteredResult(input.result, () => 0);
    const command: LedgerCommand = {
      type: 'StartTableDeal',
      tableId,
      result,
      ...(result.kind === 'game' ? { declarerName: valid.name(input.result.declarer as string, 'declarer') } : {}),
      ...(input.startedAt ? { startedAt: valid.date(input.startedAt, 'startedAt') } : {}),
    };
    return runCommand(this.ledger, ctx, command, commandId, expectedRevision);
  }
}
