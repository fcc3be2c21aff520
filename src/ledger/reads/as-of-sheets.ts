import type { AsOfCut } from '../../projections/as-of/as-of-cut';
import { AS_OF_INDEX_TABLE, rowAsOf } from '../../projections/as-of/as-of-index';
import { DEAL_PLAYER_TABLE, DEAL_SUMMARY_TABLE } from '../../projections/deal-summary/deal-summary-projection';
import type { DealSummary } from '../../projections/deal-summary/deal-summary';
import { statPart } from '../../projections/deal-summary/deal-summary-derived';
import { dealSummaryProjection } from '../../projections/deal-summary/deal-summary-projection';
import { getDealSummary } from '../../projections/deal-summary/deal-summary-queries';
import { decodeDealSummary } from '../../projections/deal-summary/deal-summary-row';
import { playerStatsFromCounters } from '../../projections/player-stats/player-stats-counters';
import type { PlayerStats } from '../../projections/player-stats/player-stats';
import type { ReadModelDb } from '../../projections/read-model-db';
import { buildScoreSheet } from '../../projections/score-sheet/build-score-sheet';
import type { ScoreSheet } from '../../projections/score-sheet/score-sheet';
import { buildStandings } from '../../projections/standings/build-standings';
import type { Standings } from '../../projections/standings/standings';
import type { TableInfo, TournamentInfo } from '../../projections/tables/table-info';
import { TABLE_INFO_TABLE, tableProjection } from '../../projections/tables/table-projection';
import { tableStatus, type TableStatus } from '../../projections/tables/table-status';
import { TOURNAMENT_INFO_TABLE, tournamentProjection } from '../../projections/tables/tournament-projection';
import { EventLoopTurn } from '../event-loop-turn';
import type { AsOfModel, AsOfReads } from './as-of-reads';
import { sheetSettingsOf, type ScoreSheets } from './score-sheets';
import type { SheetSnapshots } from './sheet-snapshots';
import type { StandingsPart } from '../../projections/standings/build-standings';

export const DEALS: AsOfModel<DealSummary> = { projection: dealSummaryProjection, prefix: 'deal-' };
const TABLES: AsOfModel<TableInfo> = { projection: tableProjection, prefix: 'table-' };
const TOURNAMENTS: AsOfModel<TournamentInfo> = { projection: tournamentProjection, prefix: 'tournament-' };

/** A table's deals with where their events lie: [deal id, encoded summary, first and last position or time]. */
type IndexedDeal = [string, string, string | null, string | null];

/**
 * Sheets, standings, table lists and statistics as of a cut of the log: the same builders the live
 * answers use (ScoreSheets, playerStatsOf), over the rows as they stood then (AsOfReads). A table
 * whose every row (its deals, itself, its tournament) lies wholly within the cut has the sheet it
 * has now: the live one, kept by ScoreSheets, is taken (the same inputs, so the same answer). One
 * object per cut: it keeps the sheets it built for that cut only.
 */
export class AsOfSheets {
  /** Tables whose standings part was a kept one (SheetSnapshots), not a sheet built (the specs and benches read it). */
  partsKept = 0;
  private readonly sheets = new Map<string, Promise<ScoreSheet | null>>();
  private readonly tableDealsQuery: { raw(): { all(...args: unknown[]): unknown[] } };
  private readonly dealsAfterQuery: { pluck(): { get(...args: unknown[]): unknown } };
  private readonly playerDealsQuery: { raw(): { all(...args: unknown[]): unknown[] } };

  constructor(
    private readonly db: ReadModelDb,
    readonly reads: AsOfReads,
    private readonly live: ScoreSheets,
    private readonly snapshots: SheetSnapshots,
  ) {
    const [first, last] = reads.cut.kind === 'position' ? ['first_position', 'last_position'] : ['first_at', 'last_at'];
    // The table's deals in sheet order (as listTableDeals), each with its index row: one statement per table.
    this.tableDealsQuery = db.prepare(
      `SELECT s.deal_id, s.json, i.${first}, i.${last} FROM ${DEAL_SUMMARY_TABLE} s LEFT JOIN ${AS_OF_INDEX_TABLE} i ON i.stream = 'deal-' || s.deal_id
       WHERE s.table_id = ? ORDER BY s.deal_number, s.started_at, s.deal_id`,
    );
    // The player's deals by start time (as his statistics list them), each with its tournament and index row.
    this.playerDealsQuery = db.prepare(
      `SELECT s.deal_id, s.json, i.${first}, i.${last}, s.tournament_id FROM ${DEAL_PLAYER_TABLE} dp CROSS JOIN ${DEAL_SUMMARY_TABLE} s ON s.deal_id = dp.deal_id
       LEFT JOIN ${AS_OF_INDEX_TABLE} i ON i.stream = 'deal-' || s.deal_id WHERE dp.player = ? ORDER BY dp.started_at, dp.deal_id`,
    );
    this.dealsAfterQuery = db.prepare(
      `SELECT count(*) FROM ${DEAL_SUMMARY_TABLE} s LEFT JOIN ${AS_OF_INDEX_TABLE} i ON i.stream = 'deal-' || s.deal_id
       WHERE s.table_id = ? AND (i.${last} IS NULL OR i.${last} > ?)`,
    );
  }

  get cut(): AsOfCut {
    return this.reads.cut;
  }

  async deal(dealId: string): Promise<DealSummary | null> {
    return this.reads.rowAsOf(DEALS, dealId, getDealSummary(this.db, dealId));
  }

  async tableInfo(tableId: string): Promise<TableInfo | null> {
    const json = this.db.prepare(`SELECT json FROM ${TABLE_INFO_TABLE} WHERE table_id = ?`).pluck().get(tableId) as string | undefined;
    return this.reads.rowAsOf(TABLES, tableId, json === undefined ? null : (JSON.parse(json) as TableInfo));
  }

  async tournamentInfo(tournamentId: string): Promise<TournamentInfo | null> {
    const json = this.db.prepare(`SELECT json FROM ${TOURNAMENT_INFO_TABLE} WHERE tournament_id = ?`).pluck().get(tournamentId) as string | undefined;
    return this.reads.rowAsOf(TOURNAMENTS, tournamentId, json === undefined ? null : (JSON.parse(json) as TournamentInfo));
  }

  async tableDeals(tableId: string): Promise<DealSummary[]> {
    return this.dealsThen(this.tableDealsQuery.raw().all(tableId) as IndexedDeal[]);
  }

  /** The deals as they stood then: a live row decoded, one straddling the cut folded again, one begun later left out. */
  private async dealsThen(rows: readonly IndexedDeal[]): Promise<DealSummary[]> {
    const out: DealSummary[] = [];
    for (const [dealId, json, first, last] of rows) {
      const seen = first === null || last === null ? 'absent' : first > this.cut.key ? 'absent' : last <= this.cut.key ? 'live' : 'refold';
      if (seen === 'live') out.push(decodeDealSummary(json));
      else if (seen === 'refold') {
        const then = await this.reads.rowAsOf(DEALS, dealId, null);
        if (then) out.push(then);
      }
    }
    return out;
  }

  /** Whether the table's sheet then is its sheet now: its rows, its deals' and its tournament's all lie within the cut. */
  private wholeWithin(tableId: string, tournamentId: string | null): boolean {
    const streams = [`table-${tableId}`, ...(tournamentId ? [`tournament-${tournamentId}`] : [])];
    const index = this.reads.index(streams);
    if (streams.some((st) => rowAsOf(index.get(st) ?? null, this.cut) !== 'live')) return false;
    return (this.dealsAfterQuery.pluck().get(tableId, this.cut.key) as number) === 0;
  }

  async sheetOf(tableId: string, tournament?: TournamentInfo | null): Promise<ScoreSheet | null> {
    let sheet = this.sheets.get(tableId);
    if (!sheet) {
      sheet = this.buildSheet(tableId, tournament);
      this.sheets.set(tableId, sheet);
    }
    return sheet;
  }

  private async buildSheet(tableId: string, tournament?: TournamentInfo | null): Promise<ScoreSheet | null> {
    const table = await this.tableInfo(tableId);
    if (!table) return null;
    if (this.wholeWithin(tableId, table.tournamentId)) return this.live.sheetOf(tableId);
    const t = tournament !== undefined ? tournament : table.tournamentId ? await this.tournamentInfo(table.tournamentId) : null;
    return buildScoreSheet(table, await this.tableDeals(tableId), sheetSettingsOf(t));
  }

  /**
   * The standings then: of each table the part of its sheet kept at its last input before a
   * position cut (SheetSnapshots: the sheet as of the cut, no input of it lying between), else
   * its sheet as of the cut.
   */
  async standingsOf(tournamentId: string): Promise<Standings | null> {
    const tournament = await this.tournamentInfo(tournamentId);
    if (!tournament) return null;
    const kept = this.cut.kind === 'position' ? this.snapshots.asOf(tournamentId, this.cut.key) : new Map<string, StandingsPart>();
    const turn = new EventLoopTurn();
    const sheets: StandingsPart[] = [];
    for (const t of tournament.tables) {
      const part = kept.get(t.tableId);
      if (part) {
        this.partsKept++;
        sheets.push(part);
        continue;
      }
      await turn.maybeYield();
      const sheet = await this.sheetOf(t.tableId, tournament);
      if (sheet) sheets.push(sheet);
    }
    return buildStandings(tournament, sheets);
  }

  async statusOf(tableId: string, tournament?: TournamentInfo | null): Promise<TableStatus | null> {
    const sheet = await this.sheetOf(tableId, tournament);
    return sheet ? tableStatus(sheet, await this.tableDeals(tableId), await this.tableInfo(tableId)) : null;
  }

  /** The ids (in id order, at most `limit`) of the rows of `table` whose stream had events within the cut. */
  private idsThen(table: string, keyColumn: string, prefix: string, limit: number, where = '', ...args: unknown[]): string[] {
    const first = this.cut.kind === 'position' ? 'first_position' : 'first_at';
    return this.db
      .prepare(
        `SELECT r.${keyColumn} FROM ${table} r JOIN ${AS_OF_INDEX_TABLE} i ON i.stream = '${prefix}' || r.${keyColumn}
         WHERE i.${first} <= ? ${where} ORDER BY r.${keyColumn} LIMIT ?`,
      )
      .pluck()
      .all(this.cut.key, ...args, limit) as string[];
  }

  async tables(options: { tournamentId?: string; limit: number }): Promise<TableStatus[]> {
    const ids =
      options.tournamentId !== undefined
        ? this.idsThen(TABLE_INFO_TABLE, 'table_id', 'table-', options.limit, 'AND r.tournament_id = ?', options.tournamentId)
        : this.idsThen(TABLE_INFO_TABLE, 'table_id', 'table-', options.limit);
    const turn = new EventLoopTurn();
    const out: TableStatus[] = [];
    for (const id of ids) {
      await turn.maybeYield();
      const status = await this.statusOf(id);
      if (status) out.push(status);
    }
    return out;
  }

  async tournaments(limit: number): Promise<Array<{ tournament: TournamentInfo; tables: TableStatus[] }>> {
    const turn = new EventLoopTurn();
    const out: Array<{ tournament: TournamentInfo; tables: TableStatus[] }> = [];
    for (const id of this.idsThen(TOURNAMENT_INFO_TABLE, 'tournament_id', 'tournament-', limit)) {
      const tournament = await this.tournamentInfo(id);
      if (!tournament) continue;
      const tables: TableStatus[] = [];
      for (const t of tournament.tables) {
        await turn.maybeYield();
        const status = await this.statusOf(t.tableId, tournament);
        if (status) tables.push(status);
      }
      out.push({ tournament, tables });
    }
    return out;
  }

  /**
   * A player's statistics then, as playerStatsOf builds them now: his deals as they stood (hidden
   * tournaments left out) summed into the same counters (statPart), and, when asked, his
   * Seeger-Fabian total of each series' sheet then.
   */
  async playerStats(player: string, options: { hiddenTournaments?: readonly string[]; series?: boolean }): Promise<PlayerStats | null> {
    const hidden = new Set(options.hiddenTournaments ?? []);
    const rows = this.playerDealsQuery.raw().all(player) as [...IndexedDeal, string | null][];
    const deals = await this.dealsThen(rows.filter((r) => r[4] === null || !hidden.has(r[4])).map((r) => [r[0], r[1], r[2], r[3]] as IndexedDeal));
    const counters = new Map<string, number>();
    for (const d of deals) statPart(d, player, (key, n) => counters.set(key, (counters.get(key) ?? 0) + n));
    if ((counters.get('deals') ?? 0) <= 0) return null;
    const perSeries: { tableId: string; total: number }[] = [];
    if (options.series !== false) {
      const tableIds = [...new Set(deals.map((d) => d.tableId).filter((t): t is string => t !== null))];
      const turn = new EventLoopTurn();
      for (const id of tableIds) {
        await turn.maybeYield();
        const line = (await this.sheetOf(id))?.seegerFabian.find((l) => l.player === player);
        if (line && !line.computer) perSeries.push({ tableId: id, total: line.total });
      }
    }
    return playerStatsFromCounters(player, counters, perSeries);
  }
}
