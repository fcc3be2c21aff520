import { ACCESS_STREAM, type TokenIssuedData, type TokenRevokedData } from '../access/events';
import type { CommandContext, CommandOutcome, LedgerCommand } from '../command-handling/command-types';
import type { OpenTable } from '../table/commands';
import { DEFAULT_PROFILE_ID, getProfile } from '../deal/engine';
import { dealStreamName } from '../deal/events';
import { checkFairDeal, type FairDealCheck } from '../deal/fair-deal-check';
import { readStreamsOf, type EventStore, type NewEvent, type RecordedEvent } from '../event-store/event-store';
import { openEventStore } from '../event-store/store-url';
import { bindLedgerStore } from './store-port';
import type { DealAudit } from '../projections/audit/deal-audit';
import type { DealFilter, DealPage, DealSummary } from '../projections/deal-summary/deal-summary';
import { countDeals } from '../projections/deal-summary/deal-count-query';
import { getDealSummaries, getDealSummary, InvalidCursorError, queryDeals } from '../projections/deal-summary/deal-summary-queries';
import type { PlayerStats } from '../projections/player-stats/player-stats';
import { closeReadModelDb, openReadModelDb, type ReadModelDb } from '../projections/read-model-db';
import type { ProjectionDefinition } from '../projections/projection-definition';
import { REGISTERED_PROJECTIONS, registeredProjections } from '../projections/registered-projections';
import type { Perspective, ReplayFrame } from '../projections/replay-frames/replay-frame';
import type { ScoreSheet } from '../projections/score-sheet/score-sheet';
import type { Standings } from '../projections/standings/standings';
import type { TableInfo, TournamentInfo } from '../projections/tables/table-info';
import type { TableStatus } from '../projections/tables/table-status';
import type { TableState } from '../table/table-state';
import { DealAnalyses, DEFAULT_ANALYSIS_LIMITS } from '../analysis/workers/analyses';
import type { AppendDealOutcome } from './commands/append-deal-outcome';
import { Branches } from './commands/branches';
import { BulkAppend } from './commands/bulk-append';
import { CommandExecution } from './commands/command-execution';
import { auditOf } from './reads/deal-audit';
import { cutOf, type AsOf } from './reads/as-of-reads';
import { asOfView, type AsOfView } from './reads/as-of-view';
import { asOfReadCost } from './reads/as-of-read-cost';
import { DealCommands } from './commands/deal-commands';
import { DealFrames } from './reads/deal-frames';
import { InvalidQueryError } from '../kernel/errors';
import type { BranchLimits } from '../branch/branch-rules';
import { defaultReadModelUrl, type AnalysisOptions, type LedgerOptions } from './ledger-options';
import { LogMemo } from './reads/log-memo';
import { playerStatsOf } from './reads/player-stats-query';
import { readCost, type ReadCost, type ReadKind } from './reads/read-cost';
import { ReadModelUpkeep } from './upkeep/read-model-upkeep';
import type { Readiness } from './readiness';
import { dealStreams, rescore, type RescoreDifference } from './reads/rescore';
import { ScoreSheets } from './reads/score-sheets';
import { SheetSnapshots } from './reads/sheet-snapshots';
import { playerRatingsFor, ratingsFor } from './reads/ratings-reads';
import { ratingsAsOfWork, type RatingsAsOfWork } from './reads/ratings-as-of';
import type { PlayerRating } from '../projections/ratings/ratings-queries';
import { TableCommands } from './commands/table-commands';
import { TournamentCommands } from './commands/tournament-commands';
import type { DrawSeats } from '../tournament/commands';
import type { SeatsDrawnData } from '../tournament/events';

export { asOfOfText, type AsOf } from './reads/as-of-reads';
export type { AsOfView } from './reads/as-of-view';
export type { LedgerCommand, CommandContext, CommandOutcome } from '../command-handling/command-types';
export type { AppendDealOutcome } from './commands/append-deal-outcome';
export { IllegalCommandError } from '../kernel/errors';
export { NotFoundError, InvalidQueryError } from '../kernel/errors';
export { ReadModelMismatchError } from '../projections/read-model-binding';
export { ConcurrencyError } from '../event-store/errors';
export { defaultReadModelUrl, type AnalysisOptions, type LedgerOptions } from './ledger-options';
/** The events the ledger hands to its subscribers, as the store recorded them. */
export type { RecordedEvent } from '../event-store/event-store';

/**
 * The one entry point the API and the CLI use: commands in, read models out. A facade over the
 * parts in this folder: command execution (command-execution.ts and the commands of each stream),
 * read-model upkeep (catch-up, listeners, rebuild, readiness), replay frames, score sheets, bulk
 * appends for imports, analyses and branches. Heavy read models are computed once per log
 * position (LogMemo).
 */
export class Ledger {
  /** What-if branches (`branch-<id>` streams forked from deals; never written into a deal). */
  readonly branches: Branches;
  /** Per-step perfect-information verdicts of deals, computed on demand and cached. */
  readonly analyses: DealAnalyses;
  /** Why the read models were rebuilt at start (they did not belong to the store), if they were. */
  readModelsRebuiltAtStart: string | undefined;
  readonly #upkeep: ReadModelUpkeep;
  readonly #commands: CommandExecution;
  readonly #tournamentCommands: TournamentCommands;
  readonly #replays: DealFrames;
  readonly #sheets: ScoreSheets;
  /** Standings parts of tournament tables' sheets kept after each batch, for answers as of a moment. */
  readonly #snapshots: SheetSnapshots;
  readonly #bulk: BulkAppend;
  /** Heavy read models, computed once per log position (see LogMemo). */
  readonly #memo = new LogMemo();

  /** The store is the ledger's alone: the shell asks its methods; the archive and tests reach it through ledgerStore (store-port.ts). */
  readonly #store: EventStore;
  /** Tests read the read models' tables through it (a cast); nothing else does. */
  private readonly db: ReadModelDb;

  private constructor(
    store: EventStore,
    db: ReadModelDb,
    defaultProfileId: string,
    analysis: AnalysisOptions = {},
    frameCacheEntries?: number,
    branchLimits: Partial<BranchLimits> = {},
    projections: readonly ProjectionDefinition[] = REGISTERED_PROJECTIONS,
  ) {
    this.#store = store;
    this.db = db;
    bindLedgerStore(this, store);
    this.#upkeep = new ReadModelUpkeep(store, db, projections);
    this.branches = new Branches(store, branchLimits);
    this.analyses = new DealAnalyses(store, { ...DEFAULT_ANALYSIS_LIMITS, ...analysis.limits }, analysis.pool);
    this.#replays = new DealFrames(store, db, this.#upkeep, frameCacheEntries);
    this.#sheets = new ScoreSheets(db, this.#upkeep);
    this.#snapshots = new SheetSnapshots(db);
    this.#upkeep.afterBatch((views) => this.#snapshots.keep(views));
    const deals = new DealCommands(store, db, this.#upkeep, defaultProfileId);
    const tables = new TableCommands(store, db, this.#upkeep, deals, defaultProfileId);
    const tournaments = new TournamentCommands(store, this.#upkeep, tables, (id) => this.standings(id), defaultProfileId);
    this.#tournamentCommands = tournaments;
    this.#commands = new CommandExecution(store, this.#upkeep, deals, tables, tournaments);
    this.#bulk = new BulkAppend(store, this.#upkeep, this.#sheets, (id) => this.scoreSheet(id), defaultProfileId);
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
        ...(options.branches ? { branches: options.branches } : {}),
        ...(options.privateTournaments ? { privateTournaments: options.privateTournaments } : {}),
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
    const projections = registeredProjections({ privateTournaments: options.privateTournaments });
    const db = openReadModelDb(readModelUrl, projections);
    try {
      const ledger = new Ledger(store, db, options.profileId ?? DEFAULT_PROFILE_ID, options.analysis, options.frameCache, options.branches, projections);
      ledger.readModelsRebuiltAtStart = await ledger.#upkeep.start(readModelUrl, options.readModelMismatch);
      return ledger;
    } catch (error) {
      db.close();
      throw error;
    }
  }

  // ------------------------------------------------------------------ commands

  async execute(command: LedgerCommand, ctx: CommandContext): Promise<CommandOutcome> {
    return this.#commands.execute(command, ctx);
  }

  /** The seat draw `command` would record now, decided but not recorded (refused as the draw would be). */
  async previewDraw(command: DrawSeats, ctx: CommandContext): Promise<SeatsDrawnData> {
    await this.catchUp();
    return this.#tournamentCommands.previewDraw(command, ctx);
  }

  // ------------------------------------------------------------------ bulk import (archive/)

  /** Bulk import: a whole deal's events appended to a new stream (noStream) in one batch. */
  async appendDealEvents(dealId: string, events: readonly NewEvent[]): Promise<AppendDealOutcome> {
    return this.#bulk.appendDealEvents(dealId, events);
  }

  /** An imported series' table as stored, and the highest deal number on its list (see BulkAppend.seriesTable). */
  async seriesTable(
    tableId: string,
    options: { readonly catchUp?: boolean } = {},
  ): Promise<{ readonly state: TableState; readonly lastDealNumber: number } | null> {
    return this.#bulk.seriesTable(tableId, options);
  }

  /** The events OpenTable records for a new table, exactly as execute() would (see BulkAppend.openTableEvents). */
  openTableEvents(command: OpenTable, ctx: CommandContext): NewEvent[] {
    return this.#bulk.openTableEvents(command, ctx);
  }

  /** After events were appended straight to the store (a bulk import): the read models catch up (empty ones load as a rebuild does) and listeners hear them. */
  async appendedInBulk(): Promise<void> {
    return this.#upkeep.appendedInBulk();
  }

  /** Appends events an import derived for an existing table (newcomers joining an ISS series). */
  async appendTableEvents(tableId: string, events: readonly NewEvent[]): Promise<void> {
    return this.#bulk.appendTableEvents(tableId, events);
  }

  // ------------------------------------------------------------------ queries

  async deal(dealId: string): Promise<DealSummary | null> {
    await this.catchUp();
    return getDealSummary(this.db, dealId);
  }

  /** The deal's frames from..to as the perspective sees them; a finished deal's are shared and frozen (see DealFrames). */
  async frames(dealId: string, range: { from?: number; to?: number }, perspective: Perspective): Promise<readonly ReplayFrame[]> {
    return this.#replays.frames(dealId, range, perspective);
  }

  /** The one frame an event of the deal made (a live subscriber's), without building the others; null when it made none. */
  async frameOfEvent(dealId: string, eventId: string, perspective: Perspective): Promise<ReplayFrame | null> {
    return this.#replays.frameOfEvent(dealId, eventId, perspective);
  }

  async frame(dealId: string, step: number, perspective: Perspective): Promise<ReplayFrame | null> {
    return this.#replays.frame(dealId, step, perspective);
  }

  /** The frames of the latest recording of a result-only deal's cards (every card: the deal itself is over), or null when none was begun. */
  async recordingFrames(dealId: string, range: { from?: number; to?: number } = {}): Promise<ReplayFrame[] | null> {
    return this.#replays.recordingFrames(dealId, range);
  }

  /** `count: false`: no totalCount (0), for a caller that did not ask for it (dealCount gives it). */
  async deals(filter: DealFilter, page: { first: number; after?: string; newestFirst?: boolean; count?: boolean }): Promise<DealPage> {
    if (!page || !Number.isInteger(page.first) || page.first < 0) throw new InvalidQueryError('page.first is an integer >= 0');
    await this.catchUp();
    try {
      return queryDeals(this.db, filter ?? {}, page);
    } catch (err) {
      if (err instanceof InvalidCursorError) throw new InvalidQueryError(err.message);
      throw err;
    }
  }

  /** How many deals match the filter, from the read models' counters (see deal-count-query.ts). */
  async dealCount(filter: DealFilter): Promise<number> {
    await this.catchUp();
    return countDeals(this.db, filter);
  }

  async dealsByIds(ids: readonly string[]): Promise<(DealSummary | null)[]> {
    await this.catchUp();
    return getDealSummaries(this.db, ids);
  }

  async audit(dealId: string): Promise<DealAudit | null> {
    // Keyed by the stream's revision too: card plays move no read model, so the log position alone stays put during a live deal.
    const revision = await this.dealRevision(dealId);
    return this.memoised(`audit\u0000${dealId}\u0000${revision}`, () => auditOf(this.#store, this.analyses, dealId));
  }

  private async memoised<T>(key: string, compute: () => Promise<T> | T): Promise<T> {
    await this.catchUp();
    return this.#memo.get(key, this.#upkeep.logPosition(), async () => compute());
  }

  /**
   * What a heavy read would cost, for the API's cost model (see readCost): synchronous and without
   * catching up, an estimate a few events old at worst.
   */
  readCost(kind: ReadKind, id: string): ReadCost {
    return readCost(
      this.db,
      (memoKey) => this.#memo.has(memoKey, this.#upkeep.logPosition()),
      (tableId) => this.#sheets.keptSheet(tableId) !== undefined,
      kind,
      id,
    );
  }

  /**
   * Answers as of a moment of the log (issue 28 item 2: a position or a time, refused when it is
   * neither): the read models caught up, then each answer folded from the events up to the cut
   * (AsOfSheets, AsOfDeals). Nothing is memoised: each cut is its own answer.
   */
  async asOf(asOf: AsOf): Promise<AsOfView> {
    const cut = cutOf(this.#store, asOf);
    await this.catchUp();
    return asOfView(this.#store, this.db, this.analyses, this.#sheets, this.#snapshots, cut);
  }

  /** What an as-of read would cost (rows read, rows folded again), for the API's cost model; synchronous, like readCost. */
  asOfReadCost(kind: ReadKind, id: string, asOf: AsOf): ReadCost {
    return asOfReadCost(this.db, this.#snapshots, kind, id, cutOf(this.#store, asOf));
  }

  /** The table as opened (players, settings, tournament, closed), or null when there is none. */
  async table(tableId: string): Promise<TableInfo | null> {
    await this.catchUp();
    return this.#sheets.tableInfo(tableId);
  }

  async scoreSheet(tableId: string): Promise<ScoreSheet | null> {
    return this.memoised(`scoreSheet\u0000${tableId}`, () => this.#sheets.sheetOf(tableId));
  }

  async standings(tournamentId: string): Promise<Standings | null> {
    return this.memoised(`standings\u0000${tournamentId}`, () => this.#sheets.standingsOf(tournamentId));
  }

  /** Token ids revoked through the API (restored into the server's revocation list at start). */
  /** The access log's record of one issued token (null: never issued through the API). */
  async issuedToken(tokenId: string): Promise<TokenIssuedData | null> {
    const read = await this.#store.readStream(ACCESS_STREAM);
    for (const e of read.events) if (e.type === 'TokenIssued' && (e.data as TokenIssuedData).tokenId === tokenId) return e.data as TokenIssuedData;
    return null;
  }

  async revokedTokenIds(): Promise<string[]> {
    const read = await this.#store.readStream(ACCESS_STREAM);
    return read.events.filter((e) => e.type === 'TokenRevoked').map((e) => (e.data as TokenRevokedData).tokenId);
  }

  /** Every tournament with its tables' status, in id order (at most `limit`). */
  async tournaments(limit = 100): Promise<Array<{ tournament: TournamentInfo; tables: TableStatus[] }>> {
    await this.catchUp();
    return this.#sheets.tournaments(limit);
  }

  /** One tournament as recorded (settings, tables, closed rounds, roster), or null when there is none. */
  async tournament(tournamentId: string): Promise<TournamentInfo | null> {
    await this.catchUp();
    return this.#sheets.tournamentInfo(tournamentId);
  }

  /** Tables with their players and status: those of one tournament, or every table (id order, at most `limit`). */
  async tables(options: { tournamentId?: string; limit?: number } = {}): Promise<TableStatus[]> {
    await this.catchUp();
    return this.#sheets.tables({ tournamentId: options.tournamentId, limit: options.limit ?? 100 });
  }

  /** `hiddenTournaments`: deals of these tournaments are left out (private ones, for readers who may not see them). */
  /** `series: false` leaves seegerFabianPerSeries empty (no sheets are read): the statistics then read the player's counters only. */
  async playerStats(player: string, options: { hiddenTournaments?: readonly string[]; series?: boolean } = {}): Promise<PlayerStats | null> {
    const hiddenKey = [...(options.hiddenTournaments ?? [])].sort().join('\u0000');
    const series = options.series !== false;
    return this.memoised(`playerStats\u0000${player}\u0000${hiddenKey}${series ? '' : '\u0000counters'}`, () =>
      playerStatsOf(this.db, this.#sheets, player, { ...options, series }),
    );
  }

  /** The best `first` players under a rating model (docs/ratings.md: no deal of a private tournament is rated). */
  async ratings(model: string, first: number): Promise<PlayerRating[]> {
    await this.catchUp();
    return ratingsFor(this.db, model, first);
  }

  /** What ratings as of a moment take (the live rows, the models' steps, or the rating log's entries to fold), for the API's cost model. */
  ratingsAsOfCost(asOf: AsOf): RatingsAsOfWork {
    return ratingsAsOfWork(this.db, cutOf(this.#store, asOf));
  }

  /** A player's rating under every model he has one under. */
  async playerRatings(player: string): Promise<PlayerRating[]> {
    await this.catchUp();
    return playerRatingsFor(this.db, player);
  }

  /** The deal stream's last revision (-1n when there is no such deal): what a caller passes as expectedRevision. */
  async dealRevision(dealId: string): Promise<bigint> {
    const read = await this.#store.readStream(dealStreamName(dealId), { direction: 'backwards', maxCount: 1 });
    return read.currentRevision;
  }

  /**
   * The deal's fair-dealing record and its shuffle recomputed (docs/fair-dealing.md); null when there
   * is no such deal. Read from the stream each time (no log-position memo: client seeds and the
   * dealing move no projection's checkpoint); about one stream read and a few HMAC blocks.
   */
  async fairDeal(dealId: string): Promise<FairDealCheck | null> {
    const read = await this.#store.readStream(dealStreamName(dealId));
    return read.exists ? checkFairDeal(read.events) : null;
  }

  /** `lazyMetadata`: the store's hint (ReadStreamOptions), for readers of few events' metadata (exports). */
  async dealEvents(dealId: string, options: { readonly lazyMetadata?: boolean } = {}): Promise<RecordedEvent[]> {
    const read = await this.#store.readStream(dealStreamName(dealId), options.lazyMetadata === true ? { lazyMetadata: true } : undefined);
    return read.events.slice();
  }

  /** Several deals' events (readStreams where the store has it, else a read per deal), one list per id in order; empty for a missing deal. */
  async dealEventsOfMany(dealIds: readonly string[], options: { readonly lazyMetadata?: boolean } = {}): Promise<RecordedEvent[][]> {
    const reads = await readStreamsOf(this.#store, dealIds.map(dealStreamName), options.lazyMetadata === true ? { lazyMetadata: true } : {});
    return reads.map((read) => read.events.slice());
  }

  // ------------------------------------------------------------------ read-model upkeep

  /** Called after the projections have applied each event recorded through this ledger. */
  subscribe(listener: (event: RecordedEvent) => void): () => void {
    return this.#upkeep.subscribe(listener);
  }

  async rebuildProjections(): Promise<{ events: number; deals: number }> {
    return this.#upkeep.rebuild();
  }

  /**
   * Re-scores every recorded deal under the current engine (its play, or the facts of a result-only
   * deal) and lists every field that would differ; a correction given as facts is re-scored too and
   * listed when its recorded score no longer matches.
   */
  async rescore(checked?: { streams: number; deals: number }): Promise<RescoreDifference[]> {
    return rescore(
      this.#store,
      dealStreams(this.#store, this.db, () => this.catchUp()),
      checked,
    );
  }

  /** Changes whenever the log may have changed, also by another process; undefined when the store cannot tell. */
  changeToken(): string | undefined {
    return this.#store.changeToken?.();
  }

  /** Brings the read models up to date; while a live subscription keeps them so, without reading the log. */
  async catchUp(): Promise<void> {
    return this.#upkeep.catchUp();
  }

  /** Store reachable, read models caught up (for a readiness probe; see readiness.ts). */
  async readiness(timeoutMs = 2_000): Promise<Readiness> {
    return this.#upkeep.readiness(timeoutMs);
  }

  async close(): Promise<void> {
    await this.#upkeep.stop();
    await this.analyses.close();
    await this.#store.dispose();
    // The read models may share the store's file: whichever connection closes last leaves it readable from a read-only folder.
    closeReadModelDb(this.db);
  }
}
