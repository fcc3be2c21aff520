import { liveTableName, type ProjectionDefinition } from '../projection-definition';
import type { DealSummary } from './deal-summary';
import { addDealParts, CounterDeltas, resultClassOf } from './deal-summary-derived';
import { DEAL_SUMMARY_EVENT_TYPES, dealIdOfStream, foldDealSummary } from './deal-summary-fold';
import { decodeDealSummary, encodeDealSummary } from './deal-summary-row';

/**
 * One row per deal: the summary the deal lists, sheets, standings and statistics read, with the
 * columns they filter and sort by beside the encoded summary.
 * v3: the summary is a JSON array of values with the derivation as a flat list (deal-summary-row.ts),
 * not an object (v1); v2 lived for a few commits only. v5: it holds the archive record's own result
 * check (`archive`), folded from IssRecordImported. v6 (issue 29): read models made for the
 * researcher's questions beside it, kept with every row written: the result class and an index per
 * filter in list order (game, game and result, result, source), a row per player of each deal in
 * list order (`deal_player`, with the player's own game and result indexes), counters per player,
 * period, source, game type and result (`deal_count`) and each player's statistics counters
 * (`player_stat`): counts, lists and statistics read what they answer, never the whole store.
 * MoveWithdrawn is read since issue #23 (a deal's ending move withdrawn, L24, reopens the row); no
 * older event reopens one, so rows folded before need no rebuild and the version stays.
 */
export const dealSummaryProjection: ProjectionDefinition<DealSummary> = {
  name: 'deal-summaries',
  version: 6,
  tables: [
    {
      name: 'deal_summary',
      columns: `deal_id TEXT PRIMARY KEY,
      table_id TEXT, tournament_id TEXT, deal_number INTEGER NOT NULL,
      started_at TEXT NOT NULL, source TEXT NOT NULL,
      p0 TEXT NOT NULL, p1 TEXT NOT NULL, p2 TEXT NOT NULL,
      status TEXT NOT NULL, game_type TEXT, won INTEGER, result TEXT NOT NULL,
      json TEXT NOT NULL`,
      indexes: {
        table: 'table_id, deal_number',
        tournament: 'tournament_id',
        order: 'started_at, deal_id',
        game: 'game_type, started_at, deal_id',
        game_result: 'game_type, result, started_at, deal_id',
        result: 'result, started_at, deal_id',
        source: 'source, started_at, deal_id',
      },
    },
    {
      name: 'deal_player',
      columns: `player TEXT NOT NULL, started_at TEXT NOT NULL, deal_id TEXT NOT NULL, game_type TEXT, result TEXT NOT NULL,
      PRIMARY KEY (player, started_at, deal_id)`,
      withoutRowid: true,
      indexes: {
        game: 'player, game_type, started_at, deal_id',
        game_result: 'player, game_type, result, started_at, deal_id',
        result: 'player, result, started_at, deal_id',
      },
    },
    {
      name: 'deal_count',
      columns: `player TEXT NOT NULL, period TEXT NOT NULL, source TEXT NOT NULL, game TEXT NOT NULL, result TEXT NOT NULL, n INTEGER NOT NULL,
      PRIMARY KEY (player, period, source, game, result)`,
      withoutRowid: true,
    },
    { name: 'player_stat', columns: 'player TEXT NOT NULL, stat TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (player, stat)', withoutRowid: true },
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
      `INSERT OR REPLACE INTO ${tables.deal_summary} (deal_id, table_id, tournament_id, deal_number, started_at, source, p0, p1, p2, status, game_type, won, result, json)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const putPlayer = db.prepare(`INSERT OR REPLACE INTO ${tables.deal_player} (player, started_at, deal_id, game_type, result) VALUES (?, ?, ?, ?, ?)`);
    const dropPlayer = db.prepare(`DELETE FROM ${tables.deal_player} WHERE player = ? AND started_at = ? AND deal_id = ?`);
    const addCount = db.prepare(
      `INSERT INTO ${tables.deal_count} (player, period, source, game, result, n) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (player, period, source, game, result) DO UPDATE SET n = n + excluded.n`,
    );
    const addStat = db.prepare(
      `INSERT INTO ${tables.player_stat} (player, stat, n) VALUES (?, ?, ?) ON CONFLICT (player, stat) DO UPDATE SET n = n + excluded.n`,
    );
    const counts = new CounterDeltas();
    const stats = new CounterDeltas();
    return {
      get: (key) => {
        const json = get.get(key) as string | undefined;
        return json === undefined ? null : decodeDealSummary(json);
      },
      put: (_key, d, stored) => {
        const result = resultClassOf(d);
        put.run(
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
          result,
          encodeDealSummary(d),
        );
        // The player rows change only with the game type, the result (or, never by the fold, the start and players).
        const same =
          stored !== null &&
          stored.startedAt === d.startedAt &&
          stored.gameType === d.gameType &&
          resultClassOf(stored) === result &&
          stored.players.every((p, i) => p === d.players[i]);
        if (!same) {
          if (stored) for (const p of stored.players) dropPlayer.run(p, stored.startedAt, stored.dealId);
          for (const p of d.players) putPlayer.run(p, d.startedAt, d.dealId, d.gameType, result);
        }
        if (stored) addDealParts(stored, -1, counts, stats);
        addDealParts(d, 1, counts, stats);
      },
      // A deal's row and what is kept beside it go together (the fold deletes none today).
      delete: (key, stored) => {
        remove.run(key);
        if (!stored) return;
        for (const p of stored.players) dropPlayer.run(p, stored.startedAt, stored.dealId);
        addDealParts(stored, -1, counts, stats);
      },
      endBatch: () => {
        for (const [key, n] of counts.sums) if (n !== 0) addCount.run(...key.split('\u0000'), n);
        for (const [key, n] of stats.sums) if (n !== 0) addStat.run(...key.split('\u0000'), n);
        counts.clear();
        stats.clear();
      },
    };
  },
  // A deal's row is part of its table's score sheet.
  changes: (_key, d) => (d.tableId ? [`table\u0000${d.tableId}`] : []),
};

/** The live tables of deal summaries and of what is kept beside them (the queries read them). */
export const DEAL_SUMMARY_TABLE = liveTableName(dealSummaryProjection, 'deal_summary');
export const DEAL_PLAYER_TABLE = liveTableName(dealSummaryProjection, 'deal_player');
export const DEAL_COUNT_TABLE = liveTableName(dealSummaryProjection, 'deal_count');
export const PLAYER_STAT_TABLE = liveTableName(dealSummaryProjection, 'player_stat');
