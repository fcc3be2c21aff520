import { decide } from '../../deal/decide';
import { initialDealState } from '../../deal/deal-state';
import { dealStreamName } from '../../deal/events';
import type { StartDeal } from '../../deal/commands';
import { handleCommand, readStreamFolded } from '../../command-handling/handle-command';
import type { Decider } from '../../kernel/decider';
import { tableDecider } from '../../table/table-decider';
import { tournamentDecider } from '../../tournament/tournament-decider';
import type { EventStore } from '../../event-store/event-store';
import { getDealSummary, listTableDeals } from '../../projections/deal-summary/deal-summary-queries';
import type { ReadModelDb } from '../../projections/read-model-db';
import type { CloseSeries, LastDealStatus, StartTableDeal, OpenTable, TableCommand } from '../../table/commands';
import { tableStreamName, type TableDealOpenedData, type TableEvent } from '../../table/events';
import { type TableState } from '../../table/table-state';
import type { TournamentDecision } from '../../tournament/decide-tournament';
import { tournamentStreamName } from '../../tournament/events';
import { NotFoundError } from '../../kernel/errors';
import { IllegalCommandError } from '../../kernel/errors';
import { LEDGER_RULES as L } from '../../deal/ledger-rules';
import type { CommandContext, CommandOutcome } from '../../command-handling/command-types';
import type { ReadModelUpkeep } from '../upkeep/read-model-upkeep';
import { STRUCTURE_SCHEMA_VERSION } from './structure-schema-version';
import { openSeriesOfLastRound } from './open-series';
import { startOfTableDeal } from './table-deal-start';
import type { DealCommands } from './deal-commands';
import { foldTableStream } from '../../table/table-stream';

/**
 * Commands on a table's stream (a series): open it (and add it to its tournament), start its next
 * deal (the table dictates seats, dealer, number and id; the deal's own start is judged first, so
 * a refused start leaves no trace), close the series.
 */
export class TableCommands {
  constructor(
    private readonly store: EventStore,
    private readonly db: ReadModelDb,
    private readonly upkeep: ReadModelUpkeep,
    private readonly deals: DealCommands,
    private readonly defaultProfileId: string,
  ) {}

  async openTable(command: OpenTable, ctx: CommandContext): Promise<CommandOutcome> {
    const tournamentId = command.tournamentId ?? null;
    let openSeries: string[] = [];
    if (tournamentId !== null) {
      const t = await readStreamFolded(this.store, tournamentStreamName(tournamentId), tournamentDecider(this.defaultProfileId));
      if (!t.exists) throw new NotFoundError('tournament', tournamentId);
      // L19 before the table opens: a table that would begin a round out of order is refused with nothing recorded.
      openSeries = await openSeriesOfLastRound(this.store, t.state);
      const judged = tournamentDecider(this.defaultProfileId).decide(
        { type: 'AddTournamentTable', tournamentId, tableId: command.tableId, round: command.round ?? 1, players: command.players, openSeries },
        t.state,
      );
      if (!judged.ok) throw new IllegalCommandError(judged.refusal.ruleId, judged.refusal.reason);
    }
    const outcome = await handleCommand(this.store, tableStreamName(command.tableId), tableDecider(this.defaultProfileId), command, ctx, {
      schemaVersion: STRUCTURE_SCHEMA_VERSION,
    });
    if (tournamentId !== null) {
      const add: TournamentDecision = {
        type: 'AddTournamentTable',
        tournamentId,
        tableId: command.tableId,
        round: command.round ?? 1,
        players: command.players,
        openSeries,
      };
      const sub = { ...ctx, commandId: `${ctx.commandId}/tournament`, expectedRevision: undefined, causationId: ctx.commandId };
      const added = await handleCommand(this.store, tournamentStreamName(tournamentId), tournamentDecider(this.defaultProfileId), add, sub, {
        schemaVersion: STRUCTURE_SCHEMA_VERSION,
      });
      await this.upkeep.afterAppend(added);
    }
    return outcome;
  }

  /**
   * The table's latest deal as its own stream stands: open, closed (scored, passed in, abandoned)
   * or missing (opened by the table, never started); and R4: whether it was abandoned as a misdeal,
   * so the same dealer deals again.
   */
  private async lastDealOf(tableStream: string): Promise<{ last: LastDealStatus | null; misdeal: boolean }> {
    // The table as its decider folds it (the fold is kept, so the command's own plan reads nothing more).
    const table = await readStreamFolded(this.store, tableStream, tableDecider(this.defaultProfileId));
    const opened = table.state.deals[table.state.deals.length - 1];
    if (!opened) return { last: null, misdeal: false };
    const dealId = opened.dealId;
    // A scored, passed-in or open deal is told by its summary (caught up first); only an abandoned one needs its stream (R4: a misdeal?).
    await this.upkeep.catchUp();
    const summary = getDealSummary(this.db, dealId);
    if (summary && summary.status !== 'notScoreable') return { last: { dealId, status: summary.status === 'inProgress' ? 'open' : 'closed' }, misdeal: false };
    const deal = await this.store.readStream(dealStreamName(dealId));
    if (!deal.exists) return { last: { dealId, status: 'missing' }, misdeal: false };
    const closed = deal.events.some((e) => e.type === 'DealScored');
    const misdeal = deal.events.some((e) => e.type === 'DealAbandoned' && (e.data as { reason?: string }).reason === 'misdeal');
    return { last: { dealId, status: closed ? 'closed' : 'open' }, misdeal };
  }

  async startTableDeal(requested: StartTableDeal, ctx: CommandContext): Promise<CommandOutcome> {
    const tableStream = tableStreamName(requested.tableId);
    const { last, misdeal } = await this.lastDealOf(tableStream);
    const command: StartTableDeal = { ...requested, lastDeal: last, ...(requested.redeal === undefined ? { redeal: misdeal } : {}) };
    const series = tableDecider(this.defaultProfileId, ctx.actorId);
    // What the accepted decision opened, on which table state: no need to read the table back.
    let decidedOn: { table: TableState; opened: TableDealOpenedData } | undefined;
    const decider: Decider<TableCommand, TableEvent, TableState> = {
      ...series,
      // The deal's own start is judged before the table records anything, so a refused start (bad cards) leaves no trace.
      decide: (c, s) => {
        decidedOn = undefined;
        const decided = series.decide(c, s);
        if (!decided.ok) return decided;
        const opened = decided.value[0]?.type === 'TableDealOpened' ? decided.value[0].data : s.deals[s.deals.length - 1];
        if (!opened || !s.opened) return decided;
        const start = startOfTableDeal(s, opened, command);
        if (!start.ok) return start;
        const dry = decide(start.value, initialDealState, this.deals.decideContext(ctx, start.value));
        if (dry.ok) decidedOn = { table: s, opened };
        return dry.ok ? decided : dry;
      },
    };
    const outcome = await handleCommand(this.store, tableStream, decider, command, ctx, {
      schemaVersion: STRUCTURE_SCHEMA_VERSION,
      requireExisting: () => new NotFoundError('table', command.tableId),
    });
    // No catch-up here: the deal's own start follows at once, and its afterAppend delivers both in log order.
    let table: TableState;
    let opened: TableDealOpenedData;
    if (decidedOn && !outcome.alreadyApplied) {
      ({ table, opened } = decidedOn);
    } else {
      // A retry of a command already applied: read back what it opened.
      const read = await this.store.readStream(tableStream);
      table = foldTableStream(read.events);
      // Mine, or (the start of the table's latest deal was cut off) that deal again.
      const openedEvent =
        read.events.find((e) => e.type === 'TableDealOpened' && e.metadata.commandId === ctx.commandId) ??
        (outcome.events.length === 0 && !outcome.alreadyApplied ? [...read.events].reverse().find((e) => e.type === 'TableDealOpened') : undefined);
      if (!openedEvent || !table.opened) throw new Error(`table ${command.tableId}: the deal just opened cannot be read back`);
      opened = openedEvent.data as TableDealOpenedData;
    }
    const start = startOfTableDeal(table, opened, command);
    if (!start.ok) throw new IllegalCommandError(start.refusal.ruleId, start.refusal.reason);
    const dealOutcome = await this.deals.dealCommand(start.value, {
      ...ctx,
      commandId: `${ctx.commandId}/deal`,
      expectedRevision: undefined,
      causationId: ctx.commandId,
    });
    return { ...dealOutcome, dealId: opened.dealId };
  }

  /**
   * A direct startDeal naming a table: accepted only when every field is what the table dictates
   * (then it is the table's next deal, recorded as if started through the table); refused otherwise.
   */
  async startDealAtTable(command: StartDeal, ctx: CommandContext): Promise<CommandOutcome> {
    const tableId = command.tableId as string;
    const read = await this.store.readStream(tableStreamName(tableId));
    if (!read.exists) throw new NotFoundError('table', tableId);
    const table = foldTableStream(read.events);
    const t = table.opened;
    if (t) {
      const wrong: string[] = [];
      if (command.tournamentId !== undefined && command.tournamentId !== null && command.tournamentId !== t.tournamentId)
        wrong.push(`the table belongs to ${t.tournamentId === null ? 'no tournament' : `tournament ${t.tournamentId}`}, not ${command.tournamentId}`);
      if (command.profileId !== undefined && command.profileId !== t.profileId) wrong.push(`the table plays profile ${t.profileId}, not ${command.profileId}`);
      if (command.computerSeats !== undefined && command.computerSeats.length > 0) wrong.push('computer seats follow from the table (D5)');
      if (wrong.length > 0) throw new IllegalCommandError(L.tableDictates, `table ${tableId}: ${wrong.join('; ')}`);
    }
    return this.startTableDeal(
      {
        type: 'StartTableDeal',
        tableId,
        ...(command.cards !== undefined ? { cards: command.cards } : {}),
        ...(command.result !== undefined ? { result: command.result } : {}),
        ...(command.startedAt !== undefined ? { startedAt: command.startedAt } : {}),
        requested: { dealId: command.dealId, dealer: command.dealer, players: command.players, sittingOut: command.sittingOut, dealNumber: command.dealNumber },
      },
      ctx,
    );
  }

  async closeSeries(requested: CloseSeries, ctx: CommandContext): Promise<CommandOutcome> {
    const tableStream = tableStreamName(requested.tableId);
    const { last } = await this.lastDealOf(tableStream);
    const openDisputes = await this.openDisputesAt(requested.tableId);
    const command: CloseSeries = { ...requested, lastDeal: last, openDisputes };
    return handleCommand(this.store, tableStream, tableDecider(this.defaultProfileId, ctx.actorId), command, ctx, {
      schemaVersion: STRUCTURE_SCHEMA_VERSION,
      requireExisting: () => new NotFoundError('table', requested.tableId),
    });
  }

  /** Contested deals of the table that no arbiter has ruled on yet. */
  private async openDisputesAt(tableId: string): Promise<number> {
    await this.upkeep.catchUp();
    return listTableDeals(this.db, tableId).filter((d) => d.openDisputes > 0).length;
  }
}
