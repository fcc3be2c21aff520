import { liveTableName, type ProjectionDefinition } from '../projection-definition';
import type { DealSummary } from './deal-summary';
import { DEAL_SUMMARY_EVENT_TYPES, dealIdOfStream, foldDealSummary } from './deal-summary-fold';
import { decodeDealSummary, encodeDealSummary } from './deal-summary-row';

/**
 * One row per deal: the summary the deal lists, sheets, standings and statistics read, with the
 * columns they filter and sort by beside the encoded summary.
 * v3: the summary is a JSON array of values with the derivation as a flat list (deal-summary-row.ts),
 * not an object (v1); v2 lived for a few commits only. v5: it holds the archive record's own result
 * check (`archive`), folded from IssRecordImported.
 */
export const dealSummaryProjection: ProjectionDefinition<DealSummary> = {
  name: 'deal-summaries',
  version: 5,
  tables: [
    {
      name: 'deal_summary',
      columns: `deal_id TEXT PRIMARY KEY,
      table_id TEXT, tournament_id TEXT, deal_number INTEGER NOT NULL,
      started_at TEXT NOT NULL, source TEXT NOT NULL,
      p0 TEXT NOT NULL, p1 TEXT NOT NULL, p2 TEXT NOT NULL,
      status TEXT NOT NULL, game_type TEXT, won INTEGER,
      json TEXT NOT NULL`,
      indexes: {
        table: 'table_id, deal_number',
        tournament: 'tournament_id',
        order: 'started_at, deal_id',
        p0: 'p0',
        p1: 'p1',
        p2: 'p2',
      },
    },
  ],
  eventTypes: DEAL_SUMMARY_EVENT_TYPES,
  keysOf: (event) => {
    const dealId = dealIdOfStream(event.streamName);
    return dealId === null ? [] : [dealId];
  },
  fold: foldDealSummary,
  startsRow: (event) => event.revision === 0n,
  rows(db, tables) {
    const get = db.prepare(`SELECT json FROM ${tables.deal_summary} WHERE deal_id = ?`).pluck();
    const remove = db.prepare(`DELETE FROM ${tables.deal_summary} WHERE deal_id = ?`);
    const put = db.prepare(
      `INSERT OR REPLACE INTO ${tables.deal_summary} (deal_id, table_id, tournament_id, deal_number, started_at, source, p0, p1, p2, status, game_type, won, json)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    return {
      get: (key) => {
        const json = get.get(key) as string | undefined;
        return json === undefined ? null : decodeDealSummary(json);
      },
      put: (_key, d) =>
        void put.run(
          d.dealId,
          d.tableId,
          d.tournamentId,
          d.dealNumber,
          d.startedAt,
          d.source,
          d.players[0],
          d.players[1],
          d.players[2],
          d.status,
          d.gameType,
          d.won === null ? null : d.won ? 1 : 0,
          encodeDealSummary(d),
        ),
      delete: (key) => void remove.run(key),
    };
  },
  // A deal's row is part of its table's score sheet.
  changes: (_key, d) => (d.tableId ? [`table\u0000${d.tableId}`] : []),
};

/** The live table of deal summaries (the queries read it). */
export const DEAL_SUMMARY_TABLE = liveTableName(dealSummaryProjection, 'deal_summary');
