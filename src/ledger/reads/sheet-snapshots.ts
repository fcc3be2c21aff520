import { SHEET_INPUT_TABLE, SHEET_SNAPSHOT_TABLE } from '../../projections/as-of/sheet-inputs';
import { listTableDeals } from '../../projections/deal-summary/deal-summary-queries';
import type { ReadModelDb } from '../../projections/read-model-db';
import { buildScoreSheet } from '../../projections/score-sheet/build-score-sheet';
import type { StandingsPart } from '../../projections/standings/build-standings';
import type { TableInfo, TournamentInfo } from '../../projections/tables/table-info';
import { TABLE_INFO_TABLE } from '../../projections/tables/table-projection';
import { TOURNAMENT_INFO_TABLE } from '../../projections/tables/tournament-projection';
import { sheetSettingsOf } from './score-sheets';

const TABLE_VIEW = 'table\u0000';
const TOURNAMENT_VIEW = 'tournament\u0000';

/**
 * The standings part of each tournament table's sheet (its Seeger-Fabian lines and open disputes),
 * kept after every batch that changed it, at the position of the table's last input then (the
 * sheet-inputs projection): the sheet as of that position, so also as of every later cut before the
 * table's next input. As-of standings take it instead of building the sheet anew (AsOfSheets);
 * nothing else reads it. Each part is built from the read models inside one transaction, with the
 * position read in it, so another writer's batch cannot come between them. A batch whose parts
 * were not kept (a crash in between, another process without this) only leaves a gap, which an
 * answer fills by building the sheet.
 */
export class SheetSnapshots {
  private readonly stmts;

  constructor(private readonly db: ReadModelDb) {
    this.stmts = {
      table: db.prepare(`SELECT json FROM ${TABLE_INFO_TABLE} WHERE table_id = ?`).pluck(),
      tournament: db.prepare(`SELECT json FROM ${TOURNAMENT_INFO_TABLE} WHERE tournament_id = ?`).pluck(),
      lastInput: db.prepare(`SELECT max(position) FROM ${SHEET_INPUT_TABLE} WHERE table_id = ?`).pluck(),
      has: db.prepare(`SELECT 1 FROM ${SHEET_SNAPSHOT_TABLE} WHERE tournament_id = ? AND table_id = ? AND position = ?`).pluck(),
      put: db.prepare(`INSERT OR IGNORE INTO ${SHEET_SNAPSHOT_TABLE} (tournament_id, table_id, position, json) VALUES (?, ?, ?, ?)`),
      // The newest part of each table of the tournament at or before the cut, and whether an input of the table lies between it and the cut.
      at: db
        .prepare(
          `SELECT s.table_id, s.json, EXISTS (SELECT 1 FROM ${SHEET_INPUT_TABLE} i WHERE i.table_id = s.table_id AND i.position > s.position AND i.position <= ?) FROM (
             SELECT table_id, max(position) AS position, json FROM ${SHEET_SNAPSHOT_TABLE} WHERE tournament_id = ? AND position <= ? GROUP BY table_id) s`,
        )
        .raw(),
    };
  }

  /** After a batch: the parts of the tournament tables whose sheets it changed (every table of a changed tournament). */
  keep(views: ReadonlySet<string>): void {
    const tables = new Set<string>();
    for (const view of views) {
      if (view.startsWith(TABLE_VIEW)) tables.add(view.slice(TABLE_VIEW.length));
      else if (view.startsWith(TOURNAMENT_VIEW)) {
        const json = this.stmts.tournament.get(view.slice(TOURNAMENT_VIEW.length)) as string | undefined;
        if (json !== undefined) for (const t of (JSON.parse(json) as TournamentInfo).tables) tables.add(t.tableId);
      }
    }
    this.db.transaction(() => {
      const tournaments = new Map<string, TournamentInfo | null>();
      for (const tableId of tables) {
        const position = this.stmts.lastInput.get(tableId) as string | null;
        const json = this.stmts.table.get(tableId) as string | undefined;
        if (position === null || json === undefined) continue;
        const table = JSON.parse(json) as TableInfo;
        // Kept already at this input (a batch that changed the tournament's row, not this sheet): nothing to build.
        if (!table.tournamentId || this.stmts.has.get(table.tournamentId, tableId, position) !== undefined) continue;
        if (!tournaments.has(table.tournamentId)) {
          const t = this.stmts.tournament.get(table.tournamentId) as string | undefined;
          tournaments.set(table.tournamentId, t === undefined ? null : (JSON.parse(t) as TournamentInfo));
        }
        const sheet = buildScoreSheet(table, listTableDeals(this.db, tableId), sheetSettingsOf(tournaments.get(table.tournamentId) ?? null));
        const part: StandingsPart = { seegerFabian: sheet.seegerFabian, openDisputes: sheet.openDisputes };
        this.stmts.put.run(table.tournamentId, tableId, position, JSON.stringify(part));
      }
    })();
  }

  /** The parts of the tournament's tables that are their sheets' as of the position cut (`key`: its sortable form); tables without one are left out. */
  asOf(tournamentId: string, key: string): Map<string, StandingsPart> {
    const out = new Map<string, StandingsPart>();
    for (const [tableId, json, changed] of this.stmts.at.all(key, tournamentId, key) as [string, string, number][])
      if (!changed) out.set(tableId, JSON.parse(json) as StandingsPart);
    return out;
  }

  /** The tables asOf would answer for (the cost model counts them before the read). */
  tablesAsOf(tournamentId: string, key: string): string[] {
    return (this.stmts.at.all(key, tournamentId, key) as [string, string, number][]).flatMap(([tableId, , changed]) => (changed ? [] : [tableId]));
  }
}
