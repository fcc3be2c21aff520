import { handleCommand } from '../../command-handling/handle-command';
import { accessDecider } from '../../access/access-decider';
import type { EventStore } from '../../event-store/event-store';
import { reservedIdProblem } from './reserved-ids';
import { LEDGER_RULES } from '../../deal/ledger-rules';
import { IllegalCommandError } from '../../kernel/errors';
import { ACCESS_STREAM } from '../../access/events';
import type { CommandContext, CommandOutcome, LedgerCommand } from '../../command-handling/command-types';
import type { ReadModelUpkeep } from '../upkeep/read-model-upkeep';
import { STRUCTURE_SCHEMA_VERSION } from './structure-schema-version';
import type { DealCommands } from './deal-commands';
import type { TableCommands } from './table-commands';
import type { TournamentCommands } from './tournament-commands';

/**
 * Runs a command: checks what every command needs (command id, actor, reserved ids), hands it to
 * the commands of its stream (deal, table, tournament, access), then brings the read models and
 * listeners up to date before the outcome is returned.
 */
export class CommandExecution {
  constructor(
    private readonly store: EventStore,
    private readonly upkeep: ReadModelUpkeep,
    private readonly deals: DealCommands,
    private readonly tables: TableCommands,
    private readonly tournaments: TournamentCommands,
  ) {}

  async execute(command: LedgerCommand, ctx: CommandContext): Promise<CommandOutcome> {
    if (!ctx || typeof ctx.commandId !== 'string' || ctx.commandId.trim() === '') throw new IllegalCommandError('L10', 'every command needs a commandId');
    if (typeof ctx.actorId !== 'string' || ctx.actorId.trim() === '') throw new IllegalCommandError('L10', 'every command needs an actorId');
    if (!command || typeof command !== 'object' || typeof command.type !== 'string') throw new IllegalCommandError('L10', 'not a command');
    const reserved = reservedIdProblem(command, ctx);
    if (reserved) throw new IllegalCommandError(LEDGER_RULES.reservedIds, reserved);
    let outcome: CommandOutcome;
    switch (command.type) {
      case 'OpenTable':
        outcome = await this.tables.openTable(command, ctx);
        break;
      case 'StartTableDeal':
        outcome = await this.tables.startTableDeal(command, ctx);
        break;
      case 'CloseSeries':
        outcome = await this.tables.closeSeries(command, ctx);
        break;
      case 'StartDeal':
        // A deal of a table starts only through the table (it dictates seats, dealer, number, id).
        outcome = command.tableId ? await this.tables.startDealAtTable(command, ctx) : await this.deals.dealCommand(command, ctx);
        break;
      case 'CreateTournament':
      case 'SetLossFee':
      case 'EnterPlayers':
      case 'RenamePlayer':
      case 'RemovePlayer':
        outcome = await this.tournaments.createOrSetFee(command, ctx);
        break;
      case 'CloseRound':
      case 'CloseTournament':
        outcome = await this.tournaments.close(command, ctx);
        break;
      case 'DrawSeats':
        outcome = await this.tournaments.drawSeats(command, ctx);
        break;
      case 'RecordTokenIssued':
      case 'RevokeToken':
        outcome = await handleCommand(this.store, ACCESS_STREAM, accessDecider(ctx.actorId), command, ctx, { schemaVersion: STRUCTURE_SCHEMA_VERSION });
        break;
      case 'UpgradeDeal':
        outcome = await this.deals.upgradeDeal(command, ctx);
        break;
      case 'ConfirmDeal':
      case 'ContestDeal':
      case 'WithdrawMove':
        outcome = await this.deals.dealCommand(await this.deals.withSeries(command), ctx);
        break;
      default:
        outcome = await this.deals.dealCommand(command, ctx);
    }
    await this.upkeep.afterAppend(outcome);
    return outcome;
  }
}
