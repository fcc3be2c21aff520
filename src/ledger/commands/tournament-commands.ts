import { handleCommand, planCommand, readStreamFolded } from '../../command-handling/handle-command';
import { openSeriesOfLastRound, openSeriesOfRound } from './open-series';
import { tournamentDecider } from '../../tournament/tournament-decider';
import type { EventStore } from '../../event-store/event-store';
import type { Standings } from '../../projections/standings/standings';
import type { OpenTable } from '../../table/commands';
import type { CloseRound, CloseTournament, CreateTournament, DrawSeats, RosterCommand, SetLossFee } from '../../tournament/commands';
import { activeRoster } from '../../tournament/tournament-state';
import { tableIdsOfRound } from '../../tournament/round-order';
import { tournamentStreamName, type SeatsDrawnData } from '../../tournament/events';
import { NotFoundError } from '../../kernel/errors';
import type { CommandContext, CommandOutcome } from '../../command-handling/command-types';
import type { ReadModelUpkeep } from '../upkeep/read-model-upkeep';
import { STRUCTURE_SCHEMA_VERSION } from './structure-schema-version';
import type { TableCommands } from './table-commands';
import { foldTournamentStream } from '../../tournament/tournament-stream';

/** Commands on a tournament's stream: create it, set its loss fee, draw a round's seats (and open the drawn tables). */
export class TournamentCommands {
  constructor(
    private readonly store: EventStore,
    private readonly upkeep: ReadModelUpkeep,
    private readonly tables: TableCommands,
    private readonly standings: (tournamentId: string) => Promise<Standings | null>,
    private readonly defaultProfileId: string,
  ) {}

  /** CreateTournament, SetLossFee or a roster command (one event on the tournament's stream, nothing else read). */
  async createOrSetFee(command: CreateTournament | SetLossFee | RosterCommand, ctx: CommandContext): Promise<CommandOutcome> {
    return handleCommand(this.store, tournamentStreamName(command.tournamentId), tournamentDecider(this.defaultProfileId), command, ctx, {
      schemaVersion: STRUCTURE_SCHEMA_VERSION,
      ...(command.type === 'CreateTournament' ? {} : { requireExisting: () => new NotFoundError('tournament', command.tournamentId) }),
    });
  }

  /**
   * CloseRound (the round's open series filled in from the table streams: at most one read per
   * table of the round) or CloseTournament.
   */
  async close(requested: CloseRound | CloseTournament, ctx: CommandContext): Promise<CommandOutcome> {
    const stream = tournamentStreamName(requested.tournamentId);
    let command: CloseRound | CloseTournament = requested;
    if (requested.type === 'CloseRound') {
      const folded = await readStreamFolded(this.store, stream, tournamentDecider(this.defaultProfileId));
      const round = Number.isInteger(requested.round) && requested.round >= 1 ? requested.round : 0;
      command = {
        ...requested,
        openSeries: round === 0 ? [] : await openSeriesOfRound(this.store, folded.state, round),
        checkedTables: round === 0 ? [] : tableIdsOfRound(folded.state, round),
      };
    }
    return handleCommand(this.store, stream, tournamentDecider(this.defaultProfileId), command, ctx, {
      schemaVersion: STRUCTURE_SCHEMA_VERSION,
      requireExisting: () => new NotFoundError('tournament', requested.tournamentId),
    });
  }

  /**
   * The seat draw a drawSeats would record now, decided on the tournament as it stands but not
   * recorded (the organiser's page shows it before it is confirmed; the same seed gives the same
   * tables when confirmed). Refused exactly as the draw itself would be.
   */
  async previewDraw(requested: DrawSeats, ctx: CommandContext): Promise<SeatsDrawnData> {
    const command = await this.drawCommand(requested);
    const plan = await planCommand(this.store, tournamentStreamName(command.tournamentId), tournamentDecider(this.defaultProfileId), command, ctx, {
      schemaVersion: STRUCTURE_SCHEMA_VERSION,
      requireExisting: () => new NotFoundError('tournament', command.tournamentId),
    });
    if (plan.kind === 'append') return plan.batch.events[0].data as SeatsDrawnData;
    // This very command was recorded already: its draw as recorded.
    const state = plan.outcome.state.draws.find((d) => d.round === command.round);
    if (!state) throw new Error(`tournament ${command.tournamentId}: the draw of round ${command.round} cannot be read back`);
    return state;
  }

  /** The draw as decided: the players (ranked by standings, or as given) and the last round's open series filled in. */
  private async drawCommand(requested: DrawSeats): Promise<DrawSeats> {
    const standings = await this.standings(requested.tournamentId);
    if (!standings) throw new NotFoundError('tournament', requested.tournamentId);
    const ranked = standings.lines.map((l) => l.player);
    const folded = await readStreamFolded(this.store, tournamentStreamName(requested.tournamentId), tournamentDecider(this.defaultProfileId));
    // Who is drawn: those named, else the ledger's roster (by standings: ranked first, newcomers after), else the standings.
    const roster = folded.state.roster.length > 0 ? activeRoster(folded.state) : null;
    const wanted = requested.players.length > 0 ? requested.players : roster;
    const players = !wanted
      ? ranked
      : requested.method === 'standings'
        ? ranked.filter((p) => wanted.includes(p)).concat(wanted.filter((p) => !ranked.includes(p)))
        : wanted;
    return { ...requested, players, openSeries: await openSeriesOfLastRound(this.store, folded.state) };
  }

  /**
   * The seat draw of a round: by standings (the players in rank order) or random with a seed
   * (the tournament's players, or those given); recorded as SeatsDrawn, then each drawn table is
   * opened (first dealer: its first player) as a table of the tournament's round.
   */
  async drawSeats(requested: DrawSeats, ctx: CommandContext): Promise<CommandOutcome> {
    const command = await this.drawCommand(requested);
    const outcome = await handleCommand(this.store, tournamentStreamName(command.tournamentId), tournamentDecider(this.defaultProfileId), command, ctx, {
      schemaVersion: STRUCTURE_SCHEMA_VERSION,
      requireExisting: () => new NotFoundError('tournament', command.tournamentId),
    });
    await this.upkeep.afterAppend(outcome);
    const read = await this.store.readStream(tournamentStreamName(command.tournamentId));
    const now = foldTournamentStream(read.events);
    const state = now.draws.find((d) => d.round === command.round);
    if (!state) throw new Error(`tournament ${command.tournamentId}: the draw of round ${command.round} cannot be read back`);
    const tournament = now.created;
    for (const [i, t] of state.tables.entries()) {
      const open: OpenTable = {
        type: 'OpenTable',
        tableId: t.tableId,
        players: t.players,
        firstDealer: t.players[0],
        tournamentId: command.tournamentId,
        round: command.round,
        ...(tournament ? { profileId: tournament.profileId } : {}),
        ...(tournament?.seriesLengths?.[t.players.length as 3 | 4 | 5] ? { seriesLength: tournament.seriesLengths[t.players.length as 3 | 4 | 5] } : {}),
        ...(tournament?.houseOptions?.length ? { profileOptions: Object.fromEntries(tournament.houseOptions.map((o) => [o, true])) } : {}),
      };
      const opened = await this.tables.openTable(open, {
        ...ctx,
        commandId: `${ctx.commandId}/table-${i + 1}`,
        expectedRevision: undefined,
        causationId: ctx.commandId,
      });
      await this.upkeep.afterAppend(opened);
    }
    return outcome;
  }
}
