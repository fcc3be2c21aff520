import type { DealSummary } from '../../projections/deal-summary/deal-summary';
import { listDealsOfTables, listTableDeals } from '../../projections/deal-summary/deal-summary-queries';
import type { ReadModelDb } from '../../projections/read-model-db';
import { buildScoreSheet, type ScoreSheetSettings } from '../../projections/score-sheet/build-score-sheet';
import type { ScoreSheet } from '../../projections/score-sheet/score-sheet';
import { buildStandings } from '../../projections/standings/build-standings';
import type { Standings } from '../../projections/standings/standings';
import type { TableInfo, TournamentInfo } from '../../projections/tables/table-info';
import { TABLE_INFO_TABLE } from '../../projections/tables/table-projection';
import { tableStatus, type TableStatus } from '../../projections/tables/table-status';
import { TOURNAMENT_INFO_TABLE } from '../../projections/tables/tournament-projection';
import { EventLoopTurn } from '../event-loop-turn';
import type { ReadModelUpkeep } from '../upkeep/read-model-upkeep';

/** The sheet settings a table's tournament sets: its loss fee (one fee at every table size), when it set one. */
export function sheetSettingsOf(tournament: TournamentInfo | null): ScoreSheetSettings {
  const fee = tournament?.lossFee;
  if (!fee) return {};
  return { lossFee: { feeCentsPerLostGame: { 3: fee.feeCents, 4: fee.feeCents, 5: fee.feeCents }, feeCentsFromFourthLostGame: fee.fromFourthLostGameCents } };
}

/** Score sheets kept in memory (a 500-player tournament has 167 tables): the oldest goes first. */
const SHEET_CACHE_TABLES = 2_000;
/** Tables built in one go between the event loop's turns (a cold list of a 167-table tournament: a few batches). */
const STATUS_BATCH = 16;

/** What is kept of a table while its rows are unchanged: its sheet and its status (both built from the same rows). */
interface KeptTable {
  readonly version: string;
  readonly tournamentId: string | null;
  readonly tournamentVersion: string;
  readonly sheet: ScoreSheet | null;
  readonly status: TableStatus | null;
}

/**
 * Score sheets, standings and table statuses built from the read models as they stand (the caller
 * catches up first). Sheets and statuses are kept by table while the rows they were built from
 * are unchanged (the runner's versions of the table and its tournament): standings after a deal
 * rebuild only that deal's sheet, and the organiser's list of 100 tables reads no row of a table
 * that did not change (before, every table's deals were read and parsed again on every look).
 */
export class ScoreSheets {
  private readonly sheetCache = new Map<string, KeptTable>();

  constructor(
    private readonly db: ReadModelDb,
    private readonly upkeep: ReadModelUpkeep,
  ) {}

  /** The table as opened (players, settings, tournament, closed), or null when there is none. */
  tableInfo(tableId: string): TableInfo | null {
    const json = this.db.prepare(`SELECT json FROM ${TABLE_INFO_TABLE} WHERE table_id = ?`).pluck().get(tableId) as string | undefined;
    return json === undefined ? null : (JSON.parse(json) as TableInfo);
  }

  /** The tournament as created (settings, tables), or null when there is none. */
  tournamentInfo(tournamentId: string): TournamentInfo | null {
    const json = this.db.prepare(`SELECT json FROM ${TOURNAMENT_INFO_TABLE} WHERE tournament_id = ?`).pluck().get(tournamentId) as string | undefined;
    return json === undefined ? null : (JSON.parse(json) as TournamentInfo);
  }

  /** The kept entry of the table while it is current, else undefined. */
  private kept(tableId: string): KeptTable | undefined {
    const cached = this.sheetCache.get(tableId);
    if (
      cached &&
      cached.version === this.upkeep.versionOf('table', tableId) &&
      (cached.tournamentId === null || cached.tournamentVersion === this.upkeep.versionOf('tournament', cached.tournamentId))
    )
      return cached;
    return undefined;
  }

  /** The kept sheet of the table while it is current, else undefined. */
  keptSheet(tableId: string): ScoreSheet | null | undefined {
    return this.kept(tableId)?.sheet;
  }

  /** The table's score sheet (from the cache while its rows are unchanged); `tournament`: its tournament, when the caller has it. */
  sheetOf(tableId: string, tournament?: TournamentInfo | null): ScoreSheet | null {
    return (this.kept(tableId) ?? this.build(tableId, tournament)).sheet;
  }

  /**
   * Builds and keeps the table's sheet and status from its rows: `rows`, when the caller read
   * them already (a batch of tables), else read here. The version is taken before the rows are
   * read (nothing runs in between: no await), so a kept entry never outlives its rows.
   */
  private build(tableId: string, tournament?: TournamentInfo | null, rows?: { table: TableInfo | null; deals: readonly DealSummary[] }): KeptTable {
    const version = this.upkeep.versionOf('table', tableId);
    const table = rows ? rows.table : this.tableInfo(tableId);
    const deals = table ? (rows?.deals ?? listTableDeals(this.db, tableId)) : [];
    const t = !table ? null : tournament !== undefined ? tournament : table.tournamentId ? this.tournamentInfo(table.tournamentId) : null;
    const sheet = table ? buildScoreSheet(table, deals, sheetSettingsOf(t)) : null;
    const tournamentId = sheet?.tournamentId ?? null;
    const entry: KeptTable = {
      version,
      tournamentId,
      tournamentVersion: tournamentId === null ? '' : this.upkeep.versionOf('tournament', tournamentId),
      sheet,
      status: sheet ? tableStatus(sheet, deals, table) : null,
    };
    if (this.sheetCache.size >= SHEET_CACHE_TABLES) this.sheetCache.delete(this.sheetCache.keys().next().value as string);
    this.sheetCache.delete(tableId);
    this.sheetCache.set(tableId, entry);
    return entry;
  }

  /** The tournament's standings over its tables' sheets. */
  standingsOf(tournamentId: string): Standings | null {
    const tournament = this.tournamentInfo(tournamentId);
    if (!tournament) return null;
    const sheets = tournament.tables.map((t) => this.sheetOf(t.tableId, tournament)).filter((s): s is ScoreSheet => s !== null);
    return buildStandings(tournament, sheets);
  }

  /** A table's players and status (its sheet and its deals). */
  statusOf(tableId: string, tournament?: TournamentInfo | null): TableStatus | null {
    return (this.kept(tableId) ?? this.build(tableId, tournament)).status;
  }

  /**
   * The statuses of many tables: the kept ones as they are; the others read in two queries (their
   * rows, then all their deals) instead of two per table, and kept.
   */
  private statusesOf(tableIds: readonly string[], tournament?: TournamentInfo | null): TableStatus[] {
    const missing = tableIds.filter((id) => this.kept(id) === undefined);
    if (missing.length > 1) {
      const infos = new Map<string, TableInfo>();
      for (let i = 0; i < missing.length; i += 500) {
        const chunk = missing.slice(i, i + 500);
        const rows = this.db
          .prepare(`SELECT table_id, json FROM ${TABLE_INFO_TABLE} WHERE table_id IN (${chunk.map(() => '?').join(',')})`)
          .all(...chunk) as Array<{ table_id: string; json: string }>;
        for (const r of rows) infos.set(r.table_id, JSON.parse(r.json) as TableInfo);
      }
      const deals = listDealsOfTables(this.db, [...infos.keys()]);
      for (const id of missing) this.build(id, tournament, { table: infos.get(id) ?? null, deals: deals.get(id) ?? [] });
    }
    return tableIds.map((id) => this.statusOf(id, tournament)).filter((s): s is TableStatus => s !== null);
  }

  /** Every tournament with its tables' status, in id order (at most `limit`). */
  async tournaments(limit: number): Promise<Array<{ tournament: TournamentInfo; tables: TableStatus[] }>> {
    const rows = this.db.prepare(`SELECT json FROM ${TOURNAMENT_INFO_TABLE} ORDER BY tournament_id LIMIT ?`).pluck().all(limit) as string[];
    // The tables changed since the last look are built (a batch of tables at a time), so the event loop gets a turn between batches.
    const turn = new EventLoopTurn();
    const out: Array<{ tournament: TournamentInfo; tables: TableStatus[] }> = [];
    for (const json of rows) {
      const tournament = JSON.parse(json) as TournamentInfo;
      const tables: TableStatus[] = [];
      const ids = tournament.tables.map((t) => t.tableId);
      for (let i = 0; i < ids.length; i += STATUS_BATCH) {
        await turn.maybeYield();
        tables.push(...this.statusesOf(ids.slice(i, i + STATUS_BATCH), tournament));
      }
      out.push({ tournament, tables });
    }
    return out;
  }

  /** Tables with their players and status: those of one tournament, or every table (id order, at most `limit`). */
  async tables(options: { tournamentId?: string; limit: number }): Promise<TableStatus[]> {
    const ids = (
      options.tournamentId !== undefined
        ? this.db
            .prepare(`SELECT table_id FROM ${TABLE_INFO_TABLE} WHERE tournament_id = ? ORDER BY table_id LIMIT ?`)
            .pluck()
            .all(options.tournamentId, options.limit)
        : this.db.prepare(`SELECT table_id FROM ${TABLE_INFO_TABLE} ORDER BY table_id LIMIT ?`).pluck().all(options.limit)
    ) as string[];
    const turn = new EventLoopTurn();
    const out: TableStatus[] = [];
    for (let i = 0; i < ids.length; i += STATUS_BATCH) {
      await turn.maybeYield();
      out.push(...this.statusesOf(ids.slice(i, i + STATUS_BATCH)));
    }
    return out;
  }
}
