import { createHash } from 'node:crypto';
import { checkRecordingEnd, decide, upgradeStart, type DecideContext } from '../deal/decide';
import { initialDealState, type DealState } from '../deal/deal-state';
import { DEAL_SCHEMA_VERSION, dealStreamName, DEAL_STREAM_PREFIX, upgradeStreamName, type ScoreCorrectedData, type StoredDealEvent } from '../deal/events';
import { recomputedResult } from '../deal/recomputed';
import { scoreEnteredResult } from '../rules/result-entry';
import { DEFAULT_PROFILE_ID, getProfile } from '../deal/engine';
import { evolve } from '../deal/evolve';
import type { CompleteUpgrade, ConfirmDeal, ContestDeal, DealCommand, StartDeal, UpgradeDeal } from '../deal/commands';
import {
  appendedOutcome,
  commandMetadata,
  handleCommand,
  planCommand,
  readStreamFolded,
  retryOnConflict,
  type StreamOptions,
} from '../command-handling/handle-command';
import type { Decider } from '../rules/decider';
import { dealDecider, recordingDecider } from '../deal/deal-decider';
import { tableDecider } from '../table/table-decider';
import { tournamentDecider } from '../tournament/tournament-decider';
import { accessDecider } from '../access/access-decider';
import { ConcurrencyError } from '../event-store/errors';
import type { EventStore, NewEvent, RecordedEvent } from '../event-store/event-store';
import { openEventStore, parseStoreUrl } from '../event-store/store-url';
import { buildAudit } from '../projections/audit/build-audit';
import { hasClaims } from '../projections/audit/claim-audit';
import { compareResults } from '../projections/audit/compare-results';
import type { DealAudit } from '../projections/audit/deal-audit';
import type { DealFilter, DealPage, DealSummary } from '../projections/deal-summary/deal-summary';
import {
  getDealSummaries,
  getDealSummary,
  InvalidCursorError,
  listPlayerDeals,
  listTableDeals,
  queryDeals,
} from '../projections/deal-summary/deal-summary-queries';
import { buildPlayerStats } from '../projections/player-stats/build-player-stats';
import type { PlayerStats } from '../projections/player-stats/player-stats';
import { closeReadModelDb, openReadModelDb, type ReadModelDb } from '../projections/read-model-db';
import { DEAL_SUMMARY_TABLE, dealSummaryProjection } from '../projections/deal-summary/deal-summary-projection';
import { TABLE_INFO_TABLE } from '../projections/tables/table-projection';
import { TOURNAMENT_INFO_TABLE } from '../projections/tables/tournament-projection';
import type { Perspective, ReplayFrame } from '../projections/replay-frames/replay-frame';
import { replayFrames, toStoredDealEvent } from '../projections/replay-frames/replay-frames';
import { DealAnalyses, DEFAULT_ANALYSIS_LIMITS, type AnalysisLimits } from './analyses';
import type { SolverPool } from './analysis-pool';
import { Branches } from './branches';
import { EventLoopTurn } from './event-loop-turn';
import { LogFollower } from './log-follower';
import { SubscriptionFollower } from './subscription-follower';
import { isIssRecordImported, type IssRecordImportedData } from '../format/iss/import/iss-record-imported';
import { summariseRecordedResult } from '../format/iss/import/recorded-result-check';
import { LogMemo } from './log-memo';
import { DEFAULT_FRAME_CACHE_ENTRIES, FrameCache } from './frame-cache';
import { reservedIdProblem } from './reserved-ids';
import { LEDGER_RULES } from '../deal/ledger-rules';
import { PROJECTED_EVENT_TYPES, ProjectionRunner } from '../projections/runner';
import { checkReadiness, type Readiness } from './readiness';
import { checkReadModelBinding, ReadModelMismatchError, type ReadModelMismatchPolicy } from '../projections/read-model-binding';
import { buildScoreSheet } from '../projections/score-sheet/build-score-sheet';
import type { ScoreSheet } from '../projections/score-sheet/score-sheet';
import { buildStandings } from '../projections/standings/build-standings';
import type { Standings } from '../projections/standings/standings';
import type { TableInfo, TournamentInfo } from '../projections/tables/table-info';
import { tableStatus, type TableStatus } from '../projections/tables/table-status';
import { shuffledDeck } from '../rules/deck';
import { allow, refuse, type Judgement } from '../rules/refusal';
import type { Seat } from '../rules/seat';
import type { GameResult } from '../rules/game-result';
import type { CloseSeries, LastDealStatus, StartTableDeal, OpenTable, TableCommand } from '../table/commands';
import { decideTable } from '../table/decide-table';
import { tableStreamName, type TableDealOpenedData, type TableEvent } from '../table/events';
import { evolveTable, initialTableState, type TableState } from '../table/table-state';
import type { CreateTournament, DrawSeats, SetLossFee } from '../tournament/commands';
import type { TournamentDecision } from '../tournament/decide-tournament';
import { tournamentStreamName, type TournamentEvent } from '../tournament/events';
import { evolveTournament, initialTournamentState } from '../tournament/tournament-state';
import { InvalidQueryError, NotFoundError } from './errors';
import { IllegalCommandError } from '../command-handling/errors';
import { LEDGER_RULES as L } from '../deal/ledger-rules';
import { ACCESS_STREAM, type TokenRevokedData } from '../access/events';
import type { CommandContext, CommandOutcome, LedgerCommand } from '../command-handling/command-types';
import type { AppendDealOutcome } from './append-deal-outcome';

export type { LedgerCommand, CommandContext, CommandOutcome } from '../command-handling/command-types';
export type { AppendDealOutcome } from './append-deal-outcome';
export { IllegalCommandError } from '../command-handling/errors';
export { NotFoundError, InvalidQueryError } from './errors';
export { ReadModelMismatchError } from '../projections/read-model-binding';
export { ConcurrencyError } from '../event-store/errors';
/** The events the ledger hands to its subscribers, as the store recorded them. */
export type { RecordedEvent } from '../event-store/event-store';

/** Score sheets kept in memory (a 500-player tournament has 167 tables): the oldest goes first. */
const SHEET_CACHE_TABLES = 2_000;
/** Players of more deals than this get no per-table lookup in the cost estimate (see sheetBuildRows). */
const PLAYER_SHEETS_DETAIL = 5_000;

/** Move commands a recording of a result-only deal's cards takes (the deal's own stream refuses them: it is over). */
const RECORDING_MOVES: ReadonlySet<string> = new Set([
  'CallBid',
  'HoldBid',
  'PassBid',
  'TakeSkat',
  'DiscardSkat',
  'DeclareGame',
  'ShowCards',
  'PlayCard',
  'CallKontra',
  'CallRe',
  'Resign',
  'AbandonDeal',
  'WithdrawMove',
]);

export interface LedgerOptions {
  /** `sqlite::memory:`, `sqlite:<file>`, or an EventStoreDB URL. */
  readonly storeUrl: string;
  /**
   * Where the read models live (`sqlite:<file>` or `sqlite::memory:`); default: the store's SQLite
   * file, or for EventStoreDB a file of its own under ./data (defaultReadModelUrl).
   */
  readonly readModelUrl?: string;
  /** Rule profile for deals and tables that name none (default `isko`). */
  readonly profileId?: string;
  /** Read models that do not belong to the store: refused (default) or rebuilt at start; `skip` only for `rebuild` itself. */
  readonly readModelMismatch?: ReadModelMismatchPolicy | 'skip';
  /** The solver's worker threads and cache (default DEFAULT_ANALYSIS_LIMITS), or a pool of one's own (tests). */
  readonly analysis?: AnalysisOptions;
  /** Finished deals' frame lists kept in memory (SKAT_LEDGER_FRAME_CACHE; default 1000, 0 = none). */
  readonly frameCache?: number;
}

export interface AnalysisOptions {
  readonly limits?: Partial<AnalysisLimits>;
  readonly pool?: SolverPool;
}

/**
 * The read-model file used when none is named: the SQLite store's own file; for EventStoreDB
 * `./data/read-models-<8 hex>.db`, named by a hash of the connection string without credentials,
 * so each store (and each API instance's working folder) keeps its own file, checkpointed at $all
 * positions; a start resumes from it instead of reading the whole log.
 */
export function defaultReadModelUrl(storeUrl: string): string {
  const location = parseStoreUrl(storeUrl);
  if (location.kind === 'sqlite') return location.path === ':memory:' ? 'sqlite::memory:' : `sqlite:${location.path}`;
  const withoutCredentials = location.connectionString.replace(/^([a-z+]+:\/\/)[^@/]*@/i, '$1');
  const digest = createHash('sha256').update(withoutCredentials).digest('hex').slice(0, 8);
  return `sqlite:./data/read-models-${digest}.db`;
}

const STRUCTURE_SCHEMA_VERSION = '1';

/** How long a command waits for its own events to come back through the live subscription (a bound, not a timing). */
const REACH_LIMIT_MS = 10_000;

function checkPerspective(p: Perspective): void {
  const ok = p && (p.kind === 'all' || p.kind === 'public' || (p.kind === 'seat' && (p.seat === 0 || p.seat === 1 || p.seat === 2)));
  if (!ok) throw new InvalidQueryError('perspective must be { kind: "all" }, { kind: "public" } or { kind: "seat", seat: 0|1|2 }');
}

/** How a deal's own stream is handled: its schema version, its events as the decider folds them, the rules version each event was decided under. */
function dealStreamOptions(command: DealCommand): StreamOptions<StoredDealEvent, DealState> {
  return {
    schemaVersion: DEAL_SCHEMA_VERSION,
    eventOf: toStoredDealEvent,
    metadataFor: (s, events) => {
      const started = events.find((e) => e.type === 'DealStarted');
      return {
        rulesVersion:
          started?.type === 'DealStarted'
            ? `${started.data.profileId}@${started.data.profileVersion}`
            : s.profile
              ? `${s.profile.id}@${s.profile.version}`
              : undefined,
      };
    },
    requireExisting: command.type === 'StartDeal' ? undefined : () => new NotFoundError('deal', command.dealId),
  };
}

/** An event about to be appended as the deal decider folds a recorded one (its id and metadata as they will be stored). */
const storedOfNew = (e: NewEvent): StoredDealEvent =>
  ({ type: e.type, data: e.data, eventId: e.metadata.eventId, recordedAt: e.metadata.recordedAt, actorId: e.metadata.actorId }) as StoredDealEvent;

/** The one entry point the API and the CLI use: commands in, read models out. */
export class Ledger {
  private readonly listeners = new Set<(event: RecordedEvent) => void>();
  private readonly runner: ProjectionRunner;
  /**
   * Runs while anybody listens: brings them the events of every writer, once each, in log order.
   * Over a store with a change token (SQLite) it polls, which costs a pragma while nothing changed;
   * otherwise (EventStoreDB) it is one live subscription that also keeps the read models up to
   * date, from the first listener (an API server) until the ledger closes.
   */
  private readonly follower: LogFollower | SubscriptionFollower;
  /** What-if branches (`branch-<id>` streams forked from deals; never written into a deal). */
  readonly branches: Branches;
  /** Per-step perfect-information verdicts of deals, computed on demand and cached. */
  readonly analyses: DealAnalyses;
  /** Why the read models were rebuilt at start (they did not belong to the store), if they were. */
  readModelsRebuiltAtStart: string | undefined;
  private readonly frameCache: FrameCache;

  private constructor(
    readonly store: EventStore,
    private readonly db: ReadModelDb,
    private readonly defaultProfileId: string,
    analysis: AnalysisOptions = {},
    frameCacheEntries = DEFAULT_FRAME_CACHE_ENTRIES,
  ) {
    this.frameCache = new FrameCache(frameCacheEntries);
    this.runner = new ProjectionRunner(db, store);
    this.branches = new Branches(store);
    this.analyses = new DealAnalyses(store, { ...DEFAULT_ANALYSIS_LIMITS, ...analysis.limits }, analysis.pool);
    this.follower = store.changeToken
      ? new LogFollower(store, {
          deliver: (e) => this.tell(e),
          near: () => this.runner.checkpoint().position,
          // Read models first, so a listener that reads them sees another writer's events applied.
          beforeDelivery: () => this.runner.catchUp(false).then(() => undefined),
        })
      : new SubscriptionFollower(store, {
          checkpoint: () => this.runner.checkpoint().position,
          apply: (events) => this.runner.applyLive(events),
          catchUpByReading: () => this.runner.catchUp(false).then(() => undefined),
          deliver: (e) => this.tell(e),
          warn: (error) => process.emitWarning(`following the event log: ${error.message}`),
        });
  }

  static async open(options: LedgerOptions): Promise<Ledger> {
    const readModelUrl = options.readModelUrl ?? defaultReadModelUrl(options.storeUrl);
    const store = await openEventStore(options.storeUrl);
    try {
      return await Ledger.withStore(store, {
        readModelUrl,
        profileId: options.profileId,
        readModelMismatch: options.readModelMismatch,
        analysis: options.analysis,
        frameCache: options.frameCache,
      });
    } catch (error) {
      await store.dispose().catch(() => undefined);
      throw error;
    }
  }

  /** A ledger over an already open store (tests, benchmarks). */
  static async withStore(store: EventStore, options: Omit<LedgerOptions, 'storeUrl'> = {}): Promise<Ledger> {
    if (options.profileId !== undefined) getProfile(options.profileId); // an unknown default profile fails here, not at the first command
    const readModelUrl = options.readModelUrl ?? 'sqlite::memory:';
    const db = openReadModelDb(readModelUrl);
    try {
      const ledger = new Ledger(store, db, options.profileId ?? DEFAULT_PROFILE_ID, options.analysis, options.frameCache);
      // Before anything is served: rows built from another store must not answer for this one.
      if (options.readModelMismatch !== 'skip') {
        const check = await checkReadModelBinding(db, store);
        if (!check.ok) {
          if (!check.unbound && options.readModelMismatch !== 'rebuild') throw new ReadModelMismatchError(readModelUrl, check.reason);
          process.emitWarning(`read models in ${readModelUrl} rebuilt at start: ${check.reason}`);
          await ledger.runner.rebuild();
          ledger.readModelsRebuiltAtStart = check.reason;
        }
      }
      await ledger.runner.catchUp(false);
      return ledger;
    } catch (error) {
      db.close();
      throw error;
    }
  }

  // ------------------------------------------------------------------ commands

  async execute(command: LedgerCommand, ctx: CommandContext): Promise<CommandOutcome> {
    if (!ctx || typeof ctx.commandId !== 'string' || ctx.commandId.trim() === '') throw new IllegalCommandError('L10', 'every command needs a commandId');
    if (typeof ctx.actorId !== 'string' || ctx.actorId.trim() === '') throw new IllegalCommandError('L10', 'every command needs an actorId');
    if (!command || typeof command !== 'object' || typeof command.type !== 'string') throw new IllegalCommandError('L10', 'not a command');
    const reserved = reservedIdProblem(command, ctx);
    if (reserved) throw new IllegalCommandError(LEDGER_RULES.reservedIds, reserved);
    let outcome: CommandOutcome;
    switch (command.type) {
      case 'OpenTable':
        outcome = await this.openTable(command, ctx);
        break;
      case 'StartTableDeal':
        outcome = await this.startTableDeal(command, ctx);
        break;
      case 'CloseSeries':
        outcome = await this.closeSeries(command, ctx);
        break;
      case 'StartDeal':
        // A deal of a table starts only through the table (it dictates seats, dealer, number, id).
        outcome = command.tableId ? await this.startDealAtTable(command, ctx) : await this.dealCommand(command, ctx);
        break;
      case 'CreateTournament':
      case 'SetLossFee':
        outcome = await this.tournamentCommand(command, ctx);
        break;
      case 'DrawSeats':
        outcome = await this.drawSeats(command, ctx);
        break;
      case 'RecordTokenIssued':
      case 'RevokeToken':
        outcome = await handleCommand(this.store, ACCESS_STREAM, accessDecider(ctx.actorId), command, ctx, { schemaVersion: STRUCTURE_SCHEMA_VERSION });
        break;
      case 'UpgradeDeal':
        outcome = await this.upgradeDeal(command, ctx);
        break;
      case 'ConfirmDeal':
      case 'ContestDeal':
        outcome = await this.dealCommand(await this.withSeries(command), ctx);
        break;
      default:
        outcome = await this.dealCommand(command, ctx);
    }
    await this.afterAppend(outcome);
    return outcome;
  }

  private decideContext(ctx: CommandContext, command: DealCommand): DecideContext {
    const needsShuffle = command.type === 'StartDeal' && command.cards?.kind === 'crypto';
    return {
      actorId: ctx.actorId,
      role: ctx.role,
      now: new Date().toISOString(),
      defaultProfileId: this.defaultProfileId,
      serverDeck: needsShuffle ? shuffledDeck() : undefined,
    };
  }

  private async dealCommand(command: DealCommand, ctx: CommandContext): Promise<CommandOutcome> {
    if (typeof command.dealId !== 'string' || command.dealId === '') throw new IllegalCommandError('L10', 'a deal command names its dealId');
    // The moves of a result-only deal whose cards are being recorded go to that recording, not to the deal.
    if (RECORDING_MOVES.has(command.type) && getDealSummary(this.db, command.dealId)?.provenance === 'resultOnly') {
      const recorded = await this.recordingCommand(command, ctx);
      if (recorded) return recorded;
    }
    try {
      return await handleCommand(
        this.store,
        dealStreamName(command.dealId),
        dealDecider(this.decideContext(ctx, command)),
        command,
        ctx,
        dealStreamOptions(command),
      );
    } catch (error) {
      // The deal is card-level since an upgrade: a retry of the move that completed it belongs to its
      // recording (found there as applied, or, when only the upgrade's batch went in, appended now).
      if (!(error instanceof IllegalCommandError) || !RECORDING_MOVES.has(command.type)) throw error;
      const recorded = await this.recordingCommand(command, ctx).catch((other: unknown) => {
        if (other instanceof IllegalCommandError) return null;
        throw other;
      });
      if (!recorded) throw error;
      return recorded;
    }
  }

  /** Begins a recording of a result-only deal's cards (its own stream, so the deal is untouched until it reproduces the result). */
  private async upgradeDeal(command: UpgradeDeal, ctx: CommandContext): Promise<CommandOutcome> {
    if (typeof command.dealId !== 'string' || command.dealId === '') throw new IllegalCommandError('L10', 'a deal command names its dealId');
    const read = await this.store.readStream(dealStreamName(command.dealId));
    if (!read.exists) throw new NotFoundError('deal', command.dealId);
    const deal = read.events.reduce((s, e) => evolve(s, toStoredDealEvent(e)), initialDealState);
    const start = upgradeStart(command, deal);
    if (!start.ok) throw new IllegalCommandError(start.refusal.ruleId, start.refusal.reason);
    const decideCtx = this.decideContext(ctx, start.value);
    // Every UpgradeDeal begins a fresh attempt: an earlier one (a mistyped hand) stays in the stream as history.
    const recording = recordingDecider(decideCtx);
    const attempt = { ...recording, decide: (c: DealCommand) => recording.decide(c, recording.initialState) };
    const outcome = await handleCommand(this.store, upgradeStreamName(command.dealId), attempt, start.value, ctx, {
      schemaVersion: DEAL_SCHEMA_VERSION,
      eventOf: toStoredDealEvent,
    });
    return { ...outcome, dealId: command.dealId };
  }

  /**
   * A move of a result-only deal while its cards are recorded: decided on the latest attempt, and
   * refused when it would end the deal with another result than the one in force. When it ends the
   * deal with that result, the deal is upgraded (CompleteUpgrade) in the same append: the move and
   * ResultUpgraded (with the copied play) go in together or not at all (one transaction on SQLite;
   * on EventStoreDB the recording's batch first, and a retry of the command completes the upgrade).
   * Null when no recording exists.
   */
  private async recordingCommand(command: DealCommand, ctx: CommandContext): Promise<CommandOutcome | null> {
    const stream = upgradeStreamName(command.dealId);
    const head = await this.store.readStream(stream, { maxCount: 1 });
    if (!head.exists) return null;
    const dealStream = dealStreamName(command.dealId);
    const options = { schemaVersion: DEAL_SCHEMA_VERSION, eventOf: toStoredDealEvent };
    const sub = { ...ctx, commandId: `${ctx.commandId}/upgrade`, expectedRevision: undefined, causationId: ctx.commandId };
    const outcomes = await retryOnConflict(ctx, async () => {
      const dealRead = await this.store.readStream(dealStream);
      const deal = dealRead.events.reduce((s, e) => evolve(s, toStoredDealEvent(e)), initialDealState);
      const recording = recordingDecider(this.decideContext(ctx, command));
      const toTheResult: Decider<DealCommand, StoredDealEvent, DealState> = {
        ...recording,
        decide: (c, s) => {
          const decided = recording.decide(c, s);
          return decided.ok ? checkRecordingEnd(decided.value, deal) : decided;
        },
      };
      const move = await planCommand(this.store, stream, toTheResult, command, ctx, options);
      // The recording as it stands with this move (recorded before, or about to be).
      const events =
        move.kind === 'append' ? [...move.recorded.map(toStoredDealEvent), ...move.batch.events.map(storedOfNew)] : move.recorded.map(toStoredDealEvent);
      const endsDeal =
        move.kind === 'append' ? move.batch.events.some((e) => e.type === 'DealScored') : move.outcome.events.some((e) => e.type === 'DealScored');
      if (!endsDeal) {
        if (move.kind === 'done') return [move.outcome];
        return [appendedOutcome(move, await this.store.appendToStream(stream, move.batch.events, { expectedRevision: move.batch.expectedRevision }))];
      }
      const from = events.map((e) => e.type).lastIndexOf('DealStarted');
      const complete: CompleteUpgrade = { type: 'CompleteUpgrade', dealId: command.dealId, recordingStream: stream, recording: events.slice(from) };
      const upgrade = await planCommand(this.store, dealStream, dealDecider(this.decideContext(sub, complete)), complete, sub, dealStreamOptions(complete));
      const plans = [move, upgrade];
      const pending = plans.filter((p) => p.kind === 'append');
      const appended = pending.length > 0 ? await this.store.appendMany(pending.map((p) => p.batch)) : [];
      return plans.map((p) => (p.kind === 'done' ? p.outcome : appendedOutcome(p, appended[pending.indexOf(p)])));
    });
    // execute() brings the read models and listeners up to date after the move's outcome; the upgrade's events are in the same catch-up.
    if (outcomes[1]) await this.afterAppend(outcomes[1]);
    return { ...outcomes[0], dealId: command.dealId };
  }

  /** The frames of the latest recording of a result-only deal's cards (every card: the deal itself is over), or null when none was begun. */
  async recordingFrames(dealId: string, range: { from?: number; to?: number } = {}): Promise<ReplayFrame[] | null> {
    const read = await this.store.readStream(upgradeStreamName(dealId));
    if (!read.exists) return null;
    const from = read.events.map((e) => e.type).lastIndexOf('DealStarted');
    return replayFrames(dealId, read.events.slice(from), { kind: 'all' }, range);
  }

  /** A confirmation or contest with the deal's series as its table stream stands (closed? reviews after closing?). */
  private async withSeries<C extends ConfirmDeal | ContestDeal>(command: C): Promise<C> {
    const { series: _ignored, ...rest } = command;
    if (typeof command.dealId !== 'string' || command.dealId === '') return rest as C;
    const first = await this.store.readStream(dealStreamName(command.dealId), { maxCount: 1 });
    const started = first.events[0];
    const tableId = started?.type === 'DealStarted' ? (started.data as { tableId: string | null }).tableId : null;
    if (!tableId) return rest as C;
    const table = (await readStreamFolded(this.store, tableStreamName(tableId), tableDecider(this.defaultProfileId))).state;
    return { ...rest, series: { closed: table.closed !== null, reviewAfterClose: table.opened?.reviewAfterClose === true } } as C;
  }

  private async openTable(command: OpenTable, ctx: CommandContext): Promise<CommandOutcome> {
    const tournamentId = command.tournamentId ?? null;
    if (tournamentId !== null) {
      const t = await this.store.readStream(tournamentStreamName(tournamentId), { maxCount: 1 });
      if (!t.exists) throw new NotFoundError('tournament', tournamentId);
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
      };
      const sub = { ...ctx, commandId: `${ctx.commandId}/tournament`, expectedRevision: undefined, causationId: ctx.commandId };
      const added = await handleCommand(this.store, tournamentStreamName(tournamentId), tournamentDecider(this.defaultProfileId), add, sub, {
        schemaVersion: STRUCTURE_SCHEMA_VERSION,
      });
      await this.afterAppend(added);
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
    await this.catchUp();
    const summary = getDealSummary(this.db, dealId);
    if (summary && summary.status !== 'notScoreable') return { last: { dealId, status: summary.status === 'inProgress' ? 'open' : 'closed' }, misdeal: false };
    const deal = await this.store.readStream(dealStreamName(dealId));
    if (!deal.exists) return { last: { dealId, status: 'missing' }, misdeal: false };
    const closed = deal.events.some((e) => e.type === 'DealScored');
    const misdeal = deal.events.some((e) => e.type === 'DealAbandoned' && (e.data as { reason?: string }).reason === 'misdeal');
    return { last: { dealId, status: closed ? 'closed' : 'open' }, misdeal };
  }

  /** The StartDeal that starts the deal a table opened, with the table's profile and computer seats. */
  private startOfTableDeal(table: TableState, opened: TableDealOpenedData, requested: StartTableDeal): Judgement<StartDeal> {
    const t = table.opened!;
    let result = requested.result;
    if (result !== undefined && result.kind === 'game' && requested.declarerName !== undefined) {
      const seat = opened.players.indexOf(requested.declarerName);
      if (seat < 0) {
        const why = opened.sittingOut.includes(requested.declarerName) ? `sits out deal ${opened.dealNumber} (R3/D5)` : `is not at table ${t.tableId}`;
        return refuse('R2', `${requested.declarerName} ${why}: the declarer is one of ${opened.players.join(', ')}`);
      }
      result = { ...result, declarer: seat as Seat };
    }
    if (requested.ramschByName !== undefined) {
      // R42 by name: exactly the three players of this deal, each once; their seats follow from the table.
      if (result !== undefined || requested.cards !== undefined) return refuse(L.badStart, 'a Ramsch is entered by itself: no other result, no cards');
      const lines = requested.ramschByName;
      const names = lines.map((l) => l.player);
      const wrong = names.filter((n) => !opened.players.includes(n));
      if (lines.length !== 3 || new Set(names).size !== 3 || wrong.length > 0)
        return refuse(
          'R2',
          `a Ramsch of deal ${opened.dealNumber} at table ${t.tableId} names each of ${opened.players.join(', ')} once${wrong.length ? ` (${wrong.join(', ')} did not play it)` : ''}`,
        );
      const bySeat = opened.players.map((p) => lines.find((l) => l.player === p) as (typeof lines)[number]);
      result = {
        kind: 'ramsch',
        points: [bySeat[0].points, bySeat[1].points, bySeat[2].points],
        tricks: [bySeat[0].tricks, bySeat[1].tricks, bySeat[2].tricks],
      };
    }
    return allow({
      type: 'StartDeal',
      dealId: opened.dealId,
      tableId: t.tableId,
      tournamentId: t.tournamentId,
      dealNumber: opened.dealNumber,
      dealer: opened.dealer,
      players: opened.players,
      sittingOut: opened.sittingOut,
      computerSeats: ([0, 1, 2] as const).filter((s) => t.computerPlayers.includes(opened.players[s])),
      profileId: t.profileId,
      profileOptions: t.profileOptions,
      ...(requested.cards !== undefined ? { cards: requested.cards } : {}),
      ...(result !== undefined ? { result } : {}),
      startedAt: requested.startedAt,
    });
  }

  private async startTableDeal(requested: StartTableDeal, ctx: CommandContext): Promise<CommandOutcome> {
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
        const start = this.startOfTableDeal(s, opened, command);
        if (!start.ok) return start;
        const dry = decide(start.value, initialDealState, this.decideContext(ctx, start.value));
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
      table = read.events.reduce((s, e) => evolveTable(s, e as unknown as TableEvent), initialTableState);
      // Mine, or (the start of the table's latest deal was cut off) that deal again.
      const openedEvent =
        read.events.find((e) => e.type === 'TableDealOpened' && e.metadata.commandId === ctx.commandId) ??
        (outcome.events.length === 0 && !outcome.alreadyApplied ? [...read.events].reverse().find((e) => e.type === 'TableDealOpened') : undefined);
      if (!openedEvent || !table.opened) throw new Error(`table ${command.tableId}: the deal just opened cannot be read back`);
      opened = openedEvent.data as TableDealOpenedData;
    }
    const start = this.startOfTableDeal(table, opened, command);
    if (!start.ok) throw new IllegalCommandError(start.refusal.ruleId, start.refusal.reason);
    const dealOutcome = await this.dealCommand(start.value, {
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
  private async startDealAtTable(command: StartDeal, ctx: CommandContext): Promise<CommandOutcome> {
    const tableId = command.tableId as string;
    const read = await this.store.readStream(tableStreamName(tableId));
    if (!read.exists) throw new NotFoundError('table', tableId);
    const table = read.events.reduce((s, e) => evolveTable(s, e as unknown as TableEvent), initialTableState);
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

  private async closeSeries(requested: CloseSeries, ctx: CommandContext): Promise<CommandOutcome> {
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
    await this.catchUp();
    return listTableDeals(this.db, tableId).filter((d) => d.openDisputes > 0).length;
  }

  private async tournamentCommand(command: CreateTournament | SetLossFee, ctx: CommandContext): Promise<CommandOutcome> {
    return handleCommand(this.store, tournamentStreamName(command.tournamentId), tournamentDecider(this.defaultProfileId), command, ctx, {
      schemaVersion: STRUCTURE_SCHEMA_VERSION,
      ...(command.type === 'CreateTournament' ? {} : { requireExisting: () => new NotFoundError('tournament', command.tournamentId) }),
    });
  }

  /**
   * The seat draw of a round: by standings (the players in rank order) or random with a seed
   * (the tournament's players, or those given); recorded as SeatsDrawn, then each drawn table is
   * opened (first dealer: its first player) as a table of the tournament's round.
   */
  private async drawSeats(requested: DrawSeats, ctx: CommandContext): Promise<CommandOutcome> {
    const standings = await this.standings(requested.tournamentId);
    if (!standings) throw new NotFoundError('tournament', requested.tournamentId);
    const ranked = standings.lines.map((l) => l.player);
    const players =
      requested.players.length > 0
        ? requested.method === 'standings'
          ? ranked.filter((p) => requested.players.includes(p)).concat(requested.players.filter((p) => !ranked.includes(p)))
          : requested.players
        : ranked;
    const command: DrawSeats = { ...requested, players };
    const outcome = await handleCommand(this.store, tournamentStreamName(command.tournamentId), tournamentDecider(this.defaultProfileId), command, ctx, {
      schemaVersion: STRUCTURE_SCHEMA_VERSION,
      requireExisting: () => new NotFoundError('tournament', command.tournamentId),
    });
    await this.afterAppend(outcome);
    const read = await this.store.readStream(tournamentStreamName(command.tournamentId));
    const now = read.events.reduce((s, e) => evolveTournament(s, e as unknown as TournamentEvent), initialTournamentState);
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
      };
      const opened = await this.openTable(open, {
        ...ctx,
        commandId: `${ctx.commandId}/table-${i + 1}`,
        expectedRevision: undefined,
        causationId: ctx.commandId,
      });
      await this.afterAppend(opened);
    }
    return outcome;
  }

  /**
   * Brings the read models up to date, then tells listeners about the events just recorded (and
   * anything another writer appended before them) before the command returns.
   */
  private async afterAppend(outcome: CommandOutcome): Promise<void> {
    if (this.follower instanceof SubscriptionFollower && this.follower.following) {
      // The subscription brings the events back: wait for them instead of reading $all.
      if (!outcome.alreadyApplied && outcome.events.length > 0) await this.reachStreamEnd(outcome.streamName);
      return;
    }
    await this.runner.catchUp(false);
    if (outcome.alreadyApplied || outcome.events.length === 0 || this.listeners.size === 0) return;
    if (this.follower instanceof LogFollower) await this.follower.deliverNew();
  }

  /** Waits until the live subscription has applied and delivered the stream's last event. */
  private async reachStreamEnd(streamName: string): Promise<void> {
    if (!(this.follower instanceof SubscriptionFollower)) return;
    const read = await this.store.readStream(streamName, { direction: 'backwards', maxCount: 1 });
    const last = read.events[0];
    if (last && !(await this.follower.reach(last.position, REACH_LIMIT_MS))) {
      process.emitWarning(
        `following the event log: ${streamName}'s new events have not come back through the subscription within ${REACH_LIMIT_MS} ms; the command is recorded, its read models follow when they do`,
      );
    }
  }

  private tell(event: RecordedEvent): void {
    for (const l of this.listeners) l(event);
  }

  /** Bulk import: a whole deal's events appended to a new stream (noStream) in one batch. */
  async appendDealEvents(dealId: string, events: readonly NewEvent[]): Promise<AppendDealOutcome> {
    const stream = dealStreamName(dealId);
    const existing = await this.store.readStream(stream, { maxCount: 1 });
    if (existing.exists) return { dealId, status: 'alreadyPresent', nextExpectedRevision: existing.currentRevision };
    try {
      const appended = await this.store.appendToStream(stream, events, { expectedRevision: 'noStream' });
      await this.afterAppend({
        streamName: stream,
        events: events.map((e, i) => ({ eventId: e.metadata.eventId, type: e.type, revision: String(i) })),
        nextExpectedRevision: appended.nextExpectedRevision,
        alreadyApplied: false,
      });
      return { dealId, status: 'appended', nextExpectedRevision: appended.nextExpectedRevision };
    } catch (err) {
      if (!(err instanceof ConcurrencyError)) throw err;
      const now = await this.store.readStream(stream, { maxCount: 1 });
      return { dealId, status: 'alreadyPresent', nextExpectedRevision: now.currentRevision };
    }
  }

  /**
   * An imported series' table as stored, and the highest deal number on its list, so an import
   * that goes on in a later run continues the numbering. Null when the table does not exist.
   */
  async seriesTable(
    tableId: string,
    options: { readonly catchUp?: boolean } = {},
  ): Promise<{ readonly state: TableState; readonly lastDealNumber: number } | null> {
    const read = await this.store.readStream(tableStreamName(tableId));
    if (!read.exists) return null;
    const state = read.events.reduce((s, e) => evolveTable(s, e as unknown as TableEvent), initialTableState);
    // A bulk import reads the list as of the last catch-up: the deals it appended since are its own to count.
    const sheet = options.catchUp === false ? this.sheetOf(tableId) : await this.scoreSheet(tableId);
    return { state, lastDealNumber: (sheet?.rows ?? []).reduce((n, r) => Math.max(n, r.dealNumber), 0) };
  }

  /**
   * The events OpenTable records for a table that does not exist yet, exactly as execute() would
   * record them (ids, metadata), for a bulk import that appends them with its deals in one batch.
   * Refused (IllegalCommandError) as execute() would refuse it. Tables of tournaments are not offered.
   */
  openTableEvents(command: OpenTable, ctx: CommandContext): NewEvent[] {
    if (command.tournamentId != null) throw new IllegalCommandError('L10', 'a bulk import opens tables outside tournaments only');
    const decided = decideTable(command, initialTableState, this.defaultProfileId);
    if (!decided.ok) throw new IllegalCommandError(decided.refusal.ruleId, decided.refusal.reason);
    const recordedAt = new Date().toISOString();
    return decided.value.map((e, i) => ({ type: e.type, data: e.data, metadata: commandMetadata(ctx, i, recordedAt, STRUCTURE_SCHEMA_VERSION) }));
  }

  /**
   * After events were appended straight to the store (a bulk import): the read models catch up
   * (empty ones load as a rebuild does) and listeners hear the new events.
   */
  async appendedInBulk(): Promise<void> {
    await this.runner.catchUp(false);
    // A live subscription tells the listeners by itself.
    if (this.listeners.size > 0 && this.follower instanceof LogFollower) await this.follower.deliverNew();
  }

  /** Appends events an import derived for an existing table (newcomers joining an ISS series). */
  async appendTableEvents(tableId: string, events: readonly NewEvent[]): Promise<void> {
    const streamName = tableStreamName(tableId);
    const appended = await this.store.appendToStream(streamName, events, { expectedRevision: 'streamExists' });
    const first = appended.nextExpectedRevision - BigInt(events.length - 1);
    await this.afterAppend({
      streamName,
      events: events.map((e, i) => ({ eventId: e.metadata.eventId, type: e.type, revision: String(first + BigInt(i)) })),
      nextExpectedRevision: appended.nextExpectedRevision,
      alreadyApplied: false,
    });
  }

  // ------------------------------------------------------------------ queries

  async deal(dealId: string): Promise<DealSummary | null> {
    await this.catchUp();
    return getDealSummary(this.db, dealId);
  }

  /**
   * The deal's frames from..to as the perspective sees them. A finished deal's are kept (see
   * FrameCache) and handed out shared and frozen (isSharedFrames), so a replay asked again reads nothing.
   */
  async frames(dealId: string, range: { from?: number; to?: number }, perspective: Perspective): Promise<readonly ReplayFrame[]> {
    checkPerspective(perspective);
    const { from, to } = range ?? {};
    for (const v of [from, to]) if (v !== undefined && (!Number.isInteger(v) || v < 0)) throw new InvalidQueryError('frame steps are integers from 0');
    await this.catchUp();
    const summary = getDealSummary(this.db, dealId);
    const key = summary && summary.status !== 'inProgress' ? FrameCache.key(dealId, summary.lastRevision, perspective, { from, to }) : null;
    const cached = key === null ? undefined : this.frameCache.get(key);
    if (cached) return cached;
    const read = await this.store.readStream(dealStreamName(dealId));
    if (!read.exists) throw new NotFoundError('deal', dealId);
    const frames = replayFrames(dealId, read.events, perspective, { from, to });
    // Kept only when the stream ends where the summary does: nothing was appended between the two reads.
    return key !== null && read.currentRevision.toString() === summary?.lastRevision ? this.frameCache.set(key, frames) : frames;
  }

  /** The one frame an event of the deal made (a live subscriber's), without building the others; null when it made none. */
  async frameOfEvent(dealId: string, eventId: string, perspective: Perspective): Promise<ReplayFrame | null> {
    checkPerspective(perspective);
    const read = await this.store.readStream(dealStreamName(dealId));
    if (!read.exists) return null;
    return replayFrames(dealId, read.events, perspective, { eventId })[0] ?? null;
  }

  async frame(dealId: string, step: number, perspective: Perspective): Promise<ReplayFrame | null> {
    checkPerspective(perspective);
    if (!Number.isInteger(step) || step < 0) throw new InvalidQueryError('frame steps are integers from 0');
    const read = await this.store.readStream(dealStreamName(dealId));
    if (!read.exists) return null;
    return replayFrames(dealId, read.events, perspective, { from: step, to: step })[0] ?? null;
  }

  async deals(filter: DealFilter, page: { first: number; after?: string; newestFirst?: boolean }): Promise<DealPage> {
    if (!page || !Number.isInteger(page.first) || page.first < 0) throw new InvalidQueryError('page.first is an integer >= 0');
    await this.catchUp();
    try {
      return queryDeals(this.db, filter ?? {}, page);
    } catch (err) {
      if (err instanceof InvalidCursorError) throw new InvalidQueryError(err.message);
      throw err;
    }
  }

  async dealsByIds(ids: readonly string[]): Promise<(DealSummary | null)[]> {
    await this.catchUp();
    return getDealSummaries(this.db, ids);
  }

  async audit(dealId: string): Promise<DealAudit | null> {
    return this.memoised(`audit\u0000${dealId}`, async () => {
      const read = await this.store.readStream(dealStreamName(dealId));
      if (!read.exists) return null;
      // Claims are judged with the solver: in a worker thread, never on the event loop (issue 13).
      const claims = hasClaims(read.events) ? await this.analyses.claims(`${dealId}@${read.currentRevision}`, read.events) : [];
      const audit = buildAudit(dealId, read.events, claims);
      // An imported deal keeps the archive's own result next to the engine's (DealScored): compare them.
      const imported = read.events.find((e) => isIssRecordImported(e));
      return imported ? { ...audit, archive: summariseRecordedResult((imported.data as IssRecordImportedData).recordedResult, audit.recorded) } : audit;
    });
  }

  /** Heavy read models, computed once per log position (see LogMemo). */
  private readonly memo = new LogMemo();

  private async memoised<T>(key: string, compute: () => Promise<T> | T): Promise<T> {
    await this.catchUp();
    return this.memo.get(key, this.logPosition(), async () => compute());
  }

  private logPosition(): string {
    const c = this.runner.checkpoint();
    return `${c.position ?? ''}/${c.events}`;
  }

  /**
   * What a heavy read would cost, for the API's cost model: the rows it reads, counted in SQL
   * (indexes only), and whether its result is already computed at the current log position.
   * Synchronous and without catching up: an estimate, a few events old at worst.
   */
  readCost(
    kind: 'playerStats' | 'scoreSheet' | 'standings' | 'audit' | 'dealList' | 'tables' | 'tournaments',
    id: string,
  ): { readonly rows: number; readonly known: boolean; readonly cachedRows?: number; readonly buildRows?: number } {
    if (kind === 'tables' || kind === 'tournaments') return this.tableListCost(kind, JSON.parse(id) as { tournamentId?: string | null; limit: number });
    const memoKey = kind === 'playerStats' ? `playerStats\u0000${id}\u0000` : `${kind}\u0000${id}`;
    const known = kind !== 'dealList' && this.memo.has(memoKey, this.logPosition());
    const count = (sql: string, ...args: string[]) =>
      this.db
        .prepare(sql)
        .pluck()
        .get(...args) as number;
    const playerDeals = (player: string) =>
      count(
        `SELECT (SELECT count(*) FROM ${DEAL_SUMMARY_TABLE} WHERE p0 = ?) + (SELECT count(*) FROM ${DEAL_SUMMARY_TABLE} WHERE p1 = ?) + (SELECT count(*) FROM ${DEAL_SUMMARY_TABLE} WHERE p2 = ?)`,
        player,
        player,
        player,
      );
    switch (kind) {
      case 'dealList': {
        // A filtered list counts the rows its filter matches: those of the narrowest indexed part (player, table, tournament), else every deal.
        const f = JSON.parse(id) as { player?: string; tableId?: string; tournamentId?: string };
        const narrowed: number[] = [];
        if (f.player) narrowed.push(playerDeals(f.player));
        if (f.tableId) narrowed.push(count(`SELECT count(*) FROM ${DEAL_SUMMARY_TABLE} WHERE table_id = ?`, f.tableId));
        if (f.tournamentId) narrowed.push(count(`SELECT count(*) FROM ${DEAL_SUMMARY_TABLE} WHERE tournament_id = ?`, f.tournamentId));
        return { known: false, rows: narrowed.length ? Math.min(...narrowed) : count(`SELECT count(*) FROM ${DEAL_SUMMARY_TABLE}`) };
      }
      case 'playerStats': {
        const rows = playerDeals(id);
        return { known, rows, buildRows: known ? 0 : this.sheetBuildRows(id, rows) };
      }
      case 'scoreSheet':
        return { known, rows: count(`SELECT count(*) FROM ${DEAL_SUMMARY_TABLE} WHERE table_id = ?`, id) };
      case 'standings':
        return { known, rows: count(`SELECT count(*) FROM ${DEAL_SUMMARY_TABLE} WHERE tournament_id = ?`, id) };
      case 'audit':
        return { known, rows: 1 };
    }
  }

  /**
   * The deals of the sheets a player's statistics would build: those of his tables whose sheet is
   * not kept. Above PLAYER_SHEETS_DETAIL deals (whose statistics are over the limit anyway) the
   * lookup itself would cost milliseconds: every deal of the player is taken as built then.
   */
  private sheetBuildRows(player: string, playerDeals: number): number {
    if (playerDeals > PLAYER_SHEETS_DETAIL) return playerDeals;
    const tables = this.db
      .prepare(
        `SELECT g.table_id, (SELECT count(*) FROM ${DEAL_SUMMARY_TABLE} d WHERE d.table_id = g.table_id) FROM (SELECT DISTINCT table_id FROM ${DEAL_SUMMARY_TABLE} WHERE (p0 = ? OR p1 = ? OR p2 = ?) AND table_id IS NOT NULL) g`,
      )
      .raw()
      .all(player, player, player) as Array<[string, number]>;
    let rows = 0;
    for (const [tableId, deals] of tables) if (this.keptSheet(tableId) === undefined) rows += deals;
    return rows;
  }

  /**
   * A list of tables' status reads each listed table's deals and builds its sheet unless that is
   * kept (sheetCache): `rows` are the deals of tables whose sheet would be built, `cachedRows`
   * those of tables whose sheet is kept and current.
   */
  private tableListCost(
    kind: 'tables' | 'tournaments',
    f: { tournamentId?: string | null; limit: number },
  ): { rows: number; known: false; cachedRows: number } {
    const listed =
      kind === 'tournaments'
        ? `SELECT table_id FROM ${TABLE_INFO_TABLE} WHERE tournament_id IN (SELECT tournament_id FROM ${TOURNAMENT_INFO_TABLE} ORDER BY tournament_id LIMIT ?)`
        : typeof f.tournamentId === 'string'
          ? `SELECT table_id FROM ${TABLE_INFO_TABLE} WHERE tournament_id = ? ORDER BY table_id LIMIT ?`
          : `SELECT table_id FROM ${TABLE_INFO_TABLE} ORDER BY table_id LIMIT ?`;
    const args = kind === 'tables' && typeof f.tournamentId === 'string' ? [f.tournamentId, f.limit] : [f.limit];
    const tables = this.db
      .prepare(`SELECT l.table_id, (SELECT count(*) FROM ${DEAL_SUMMARY_TABLE} d WHERE d.table_id = l.table_id) FROM (${listed}) l`)
      .raw()
      .all(...args) as Array<[string, number]>;
    let rows = 0;
    let cachedRows = 0;
    for (const [tableId, deals] of tables) {
      if (this.keptSheet(tableId) !== undefined) cachedRows += deals;
      else rows += deals;
    }
    return { rows, known: false, cachedRows };
  }

  /** The table as opened (players, settings, tournament, closed), or null when there is none. */
  async table(tableId: string): Promise<TableInfo | null> {
    await this.catchUp();
    return this.tableInfo(tableId);
  }

  private tableInfo(tableId: string): TableInfo | null {
    const json = this.db.prepare(`SELECT json FROM ${TABLE_INFO_TABLE} WHERE table_id = ?`).pluck().get(tableId) as string | undefined;
    return json === undefined ? null : (JSON.parse(json) as TableInfo);
  }

  private tournamentInfo(tournamentId: string): TournamentInfo | null {
    const json = this.db.prepare(`SELECT json FROM ${TOURNAMENT_INFO_TABLE} WHERE tournament_id = ?`).pluck().get(tournamentId) as string | undefined;
    return json === undefined ? null : (JSON.parse(json) as TournamentInfo);
  }

  /**
   * Sheets by table, kept while the rows they were built from are unchanged (the runner's versions
   * of the table and its tournament): standings after a deal rebuild only that deal's sheet.
   */
  private readonly sheetCache = new Map<
    string,
    { readonly version: string; readonly tournamentId: string | null; readonly tournamentVersion: string; readonly sheet: ScoreSheet | null }
  >();

  /** The kept sheet of the table while it is current, else undefined. */
  private keptSheet(tableId: string): ScoreSheet | null | undefined {
    const cached = this.sheetCache.get(tableId);
    if (
      cached &&
      cached.version === this.runner.versionOf('table', tableId) &&
      (cached.tournamentId === null || cached.tournamentVersion === this.runner.versionOf('tournament', cached.tournamentId))
    )
      return cached.sheet;
    return undefined;
  }

  private sheetOf(tableId: string, tournament?: TournamentInfo | null): ScoreSheet | null {
    const kept = this.keptSheet(tableId);
    if (kept !== undefined) return kept;
    const version = this.runner.versionOf('table', tableId);
    const sheet = this.buildSheet(tableId, tournament);
    const tournamentId = sheet?.tournamentId ?? null;
    if (this.sheetCache.size >= SHEET_CACHE_TABLES) this.sheetCache.delete(this.sheetCache.keys().next().value as string);
    this.sheetCache.delete(tableId);
    this.sheetCache.set(tableId, {
      version,
      tournamentId,
      tournamentVersion: tournamentId === null ? '' : this.runner.versionOf('tournament', tournamentId),
      sheet,
    });
    return sheet;
  }

  private buildSheet(tableId: string, tournament?: TournamentInfo | null): ScoreSheet | null {
    const table = this.tableInfo(tableId);
    if (!table) return null;
    // The tournament's loss fee (one fee at every table size), when it set one.
    const t = tournament !== undefined ? tournament : table.tournamentId ? this.tournamentInfo(table.tournamentId) : null;
    const fee = t?.lossFee;
    const lossFee = fee
      ? { feeCentsPerLostGame: { 3: fee.feeCents, 4: fee.feeCents, 5: fee.feeCents }, feeCentsFromFourthLostGame: fee.fromFourthLostGameCents }
      : undefined;
    return buildScoreSheet(table, listTableDeals(this.db, tableId), lossFee ? { lossFee } : {});
  }

  async scoreSheet(tableId: string): Promise<ScoreSheet | null> {
    return this.memoised(`scoreSheet\u0000${tableId}`, () => this.sheetOf(tableId));
  }

  async standings(tournamentId: string): Promise<Standings | null> {
    return this.memoised(`standings\u0000${tournamentId}`, () => this.standingsOf(tournamentId));
  }

  private standingsOf(tournamentId: string): Standings | null {
    const tournament = this.tournamentInfo(tournamentId);
    if (!tournament) return null;
    const sheets = tournament.tables.map((t) => this.sheetOf(t.tableId, tournament)).filter((s): s is ScoreSheet => s !== null);
    return buildStandings(tournament, sheets);
  }

  /** Token ids revoked through the API (restored into the server's revocation list at start). */
  async revokedTokenIds(): Promise<string[]> {
    const read = await this.store.readStream(ACCESS_STREAM);
    return read.events.filter((e) => e.type === 'TokenRevoked').map((e) => (e.data as TokenRevokedData).tokenId);
  }

  /** Every tournament with its tables' status, in id order (at most `limit`). */
  async tournaments(limit = 100): Promise<Array<{ tournament: TournamentInfo; tables: TableStatus[] }>> {
    await this.catchUp();
    const rows = this.db.prepare(`SELECT json FROM ${TOURNAMENT_INFO_TABLE} ORDER BY tournament_id LIMIT ?`).pluck().all(limit) as string[];
    // A sheet per table (unless kept): hundreds of them, so the event loop gets a turn between them.
    const turn = new EventLoopTurn();
    const out: Array<{ tournament: TournamentInfo; tables: TableStatus[] }> = [];
    for (const json of rows) {
      const tournament = JSON.parse(json) as TournamentInfo;
      const tables: TableStatus[] = [];
      for (const t of tournament.tables) {
        await turn.maybeYield();
        const status = this.statusOf(t.tableId, tournament);
        if (status) tables.push(status);
      }
      out.push({ tournament, tables });
    }
    return out;
  }

  /** Tables with their players and status: those of one tournament, or every table (id order, at most `limit`). */
  async tables(options: { tournamentId?: string; limit?: number } = {}): Promise<TableStatus[]> {
    await this.catchUp();
    const limit = options.limit ?? 100;
    const ids = (
      options.tournamentId !== undefined
        ? this.db.prepare(`SELECT table_id FROM ${TABLE_INFO_TABLE} WHERE tournament_id = ? ORDER BY table_id LIMIT ?`).pluck().all(options.tournamentId, limit)
        : this.db.prepare(`SELECT table_id FROM ${TABLE_INFO_TABLE} ORDER BY table_id LIMIT ?`).pluck().all(limit)
    ) as string[];
    const turn = new EventLoopTurn();
    const out: TableStatus[] = [];
    for (const id of ids) {
      await turn.maybeYield();
      const status = this.statusOf(id);
      if (status) out.push(status);
    }
    return out;
  }

  private statusOf(tableId: string, tournament?: TournamentInfo | null): TableStatus | null {
    const sheet = this.sheetOf(tableId, tournament);
    return sheet ? tableStatus(sheet, listTableDeals(this.db, tableId)) : null;
  }

  /** `hiddenTournaments`: deals of these tournaments are left out (private ones, for readers who may not see them). */
  async playerStats(player: string, options: { hiddenTournaments?: readonly string[] } = {}): Promise<PlayerStats | null> {
    const hiddenKey = [...(options.hiddenTournaments ?? [])].sort().join('\u0000');
    return this.memoised(`playerStats\u0000${player}\u0000${hiddenKey}`, () => this.playerStatsOf(player, options));
  }

  private async playerStatsOf(player: string, options: { hiddenTournaments?: readonly string[] }): Promise<PlayerStats | null> {
    const hidden = new Set(options.hiddenTournaments ?? []);
    const deals = listPlayerDeals(this.db, player).filter((d) => d.tournamentId === null || !hidden.has(d.tournamentId));
    const tableIds = [...new Set(deals.map((d) => d.tableId).filter((t): t is string => t !== null))];
    // One sheet per series the player sat at: a player of thousands of deals reads hundreds, so the event loop gets a turn between them.
    const turn = new EventLoopTurn();
    const sheets: (ScoreSheet | null)[] = [];
    for (const id of tableIds) {
      await turn.maybeYield();
      sheets.push(this.sheetOf(id));
    }
    const perSeries = sheets
      .filter((s): s is ScoreSheet => s !== null)
      .map((s) => ({ tableId: s.tableId, line: s.seegerFabian.find((l) => l.player === player) }))
      .filter((x) => x.line && !x.line.computer)
      .map((x) => ({ tableId: x.tableId, total: x.line!.total }));
    return buildPlayerStats(player, deals, perSeries);
  }

  async dealEvents(dealId: string): Promise<RecordedEvent[]> {
    const read = await this.store.readStream(dealStreamName(dealId));
    return read.events.slice();
  }

  /** Called after the projections have applied each event recorded through this ledger. */
  subscribe(listener: (event: RecordedEvent) => void): () => void {
    this.follower.start();
    // A live subscription may still bring events from before this call: the listener hears only later ones.
    const from = this.follower instanceof SubscriptionFollower ? this.follower.position() : undefined;
    const told = from === undefined ? listener : (event: RecordedEvent) => void (this.store.comparePositions(event.position, from) > 0 && listener(event));
    this.listeners.add(told);
    return () => {
      this.listeners.delete(told);
      if (this.listeners.size === 0 && this.follower instanceof LogFollower) this.follower.stop();
    };
  }

  async rebuildProjections(): Promise<{ events: number; deals: number }> {
    const rebuilt = await this.runner.rebuild();
    // A live subscription may have applied events to the old tables after the rebuild read them: read them again.
    if (this.follower instanceof SubscriptionFollower && this.follower.following) await this.runner.catchUp(false);
    return { events: rebuilt.events, deals: rebuilt.rows[dealSummaryProjection.name] ?? 0 };
  }

  /**
   * Re-scores every recorded deal under the current engine (its play, or the facts of a result-only
   * deal) and lists every field that would differ; a correction given as facts is re-scored too and
   * listed when its recorded score no longer matches.
   */
  async rescore(): Promise<Array<{ dealId: string; field: string; recorded: unknown; recomputed: unknown }>> {
    const out: Array<{ dealId: string; field: string; recorded: unknown; recomputed: unknown }> = [];
    for await (const stream of this.dealStreams()) {
      const dealId = stream.slice(DEAL_STREAM_PREFIX.length);
      const read = await this.store.readStream(stream);
      let state = initialDealState;
      let recorded: GameResult | null = null;
      let recomputed: GameResult | null = null;
      try {
        for (const e of read.events) {
          state = evolve(state, toStoredDealEvent(e));
          if (e.type === 'DealScored') recorded = state.recordedResult;
        }
        recomputed = recomputedResult(state);
      } catch (err) {
        out.push({ dealId, field: 'replay', recorded: recorded, recomputed: `engine refuses the recorded deal: ${(err as Error).message}` });
        continue;
      }
      if (!recorded) continue;
      for (const d of compareResults(recorded, recomputed)) out.push({ dealId, ...d });
      for (const e of read.events) {
        if (e.type !== 'ScoreCorrected') continue;
        const c = e.data as ScoreCorrectedData;
        if (!c.facts || !state.profile) continue;
        const again = scoreEnteredResult(c.facts, state.profile);
        const now = again.ok ? again.value.score : `refused: ${again.refusal.ruleId} ${again.refusal.reason}`;
        if (now !== c.correctedScore) out.push({ dealId, field: `correction ${e.eventId}`, recorded: c.correctedScore, recomputed: now });
      }
    }
    return out;
  }

  /**
   * Every deal stream. A store with a change token (SQLite) lists them from its own index; over
   * EventStoreDB a listing would read every event of every deal, so the deal summaries (caught up
   * first) list them instead.
   */
  private async *dealStreams(): AsyncIterable<string> {
    if (this.store.changeToken) {
      yield* this.store.listStreams(DEAL_STREAM_PREFIX);
      return;
    }
    await this.catchUp();
    const ids = this.db.prepare(`SELECT deal_id FROM ${DEAL_SUMMARY_TABLE} ORDER BY started_at, deal_id`).pluck().all() as string[];
    for (const id of ids) yield dealStreamName(id);
  }

  /** Changes whenever the log may have changed, also by another process; undefined when the store cannot tell. */
  changeToken(): string | undefined {
    return this.store.changeToken?.();
  }

  /** Brings the read models up to date; while a live subscription keeps them so, without reading the log. */
  async catchUp(): Promise<void> {
    if (this.follower instanceof SubscriptionFollower && this.follower.following) await this.follower.settled();
    else await this.runner.catchUp(false);
  }

  /** Store reachable, read models caught up (for a readiness probe; see readiness.ts). */
  async readiness(timeoutMs = 2_000): Promise<Readiness> {
    return checkReadiness(
      {
        catchUp: () => this.catchUp(),
        anythingPending: async () => {
          const after = this.runner.checkpoint().position;
          for await (const _ of this.store.readAll({ after, eventTypes: PROJECTED_EVENT_TYPES, maxCount: 1, lazyMetadata: true })) return true;
          return false;
        },
      },
      timeoutMs,
    );
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await this.follower.stop();
    await this.analyses.close();
    await this.store.dispose();
    // The read models may share the store's file: whichever connection closes last leaves it readable from a read-only folder.
    closeReadModelDb(this.db);
  }
}
