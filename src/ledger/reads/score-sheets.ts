import { listTableDeals } from '../../projections/deal-summary/deal-summary-queries';
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

/**
 * Score sheets, standings and table statuses built from the read models as they stand (the caller
 * catches up first). Sheets are kept by table while the rows they were built from are unchanged
 * (the runner's versions of the table and its tournament): standings after a deal rebuild only
 * that deal's sheet.
 */
export class ScoreSheets {
  private readonly sheetCache = new Map<
    string,
    { readonly version: string; readonly tournamentId: string | null; readonly tournamentVersion: string; readonly sheet: ScoreSheet | null }
  >();

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

  /** The kept sheet of the table while it is current, else undefined. */
  keptSheet(tableId: string): ScoreSheet | null | undefined {
    const cached = this.sheetCache.get(tableId);
    if (
      cached &&
      cached.version === this.upkeep.versionOf('table', tableId) &&
      (cached.tournamentId === null || cached.tournamentVersion === this.upkeep.versionOf('tournament', cached.tournamentId))
    )
      return cached.sheet;
    return undefined;
  }

  /** The table's score sheet (from the cache while its rows are unchanged); `tournament`: its tournament, when the caller has it. */
  sheetOf(tableId: string, tournament?: TournamentInfo | null): ScoreSheet | null {
    const kept = this.keptSheet(tableId);
    if (kept !== undefined) return kept;
    const version = this.upkeep.versionOf('table', tableId);
    const sheet = this.buildSheet(tableId, tournament);
    const tournamentId = sheet?.tournamentId ?? null;
    if (this.sheetCache.size >= SHEET_CACHE_TABLES) this.sheetCache.delete(this.sheetCache.keys().next().value as string);
    this.sheetCache.delete(tableId);
    this.sheetCache.set(tableId, {
      version,
      tournamentId,
      tournamentVersion: tournamentId === null ? '' : this.upkeep.versionOf('tournament', tournamentId),
      sheet,
    });
    return sheet;
  }

  private buildSheet(tableId: string, tournament?: TournamentInfo | null): ScoreSheet | null {
    const table = this.tableInfo(tableId);
    if (!table) return null;
    const t = tournament !== undefined ? tournament : table.tournamentId ? this.tournamentInfo(table.tournamentId) : null;
    return buildScoreSheet(table, listTableDeals(this.db, tableId), sheetSettingsOf(t));
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
    const sheet = this.sheetOf(tableId, tournament);
    return sheet ? tableStatus(sheet, listTableDeals(this.db, tableId), this.tableInfo(tableId)) : null;
  }

  /** Every tournament with its tables' status, in id order (at most `limit`). */
  async tournaments(limit: number): Promise<Array<{ tournament: TournamentInfo; tables: TableStatus[] }>> {
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
    for (const id of ids) {
      await turn.maybeYield();
      const status = this.statusOf(id);
      if (status) out.push(status);
    }
    return out;
  }
}
