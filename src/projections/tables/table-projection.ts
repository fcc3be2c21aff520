import { liveTableName, type ProjectionDefinition } from '../projection-definition';
import { jsonRows } from '../json-rows';
import { foldTableInfo, TABLE_EVENT_TYPES_READ, type TableInfo } from './table-info';

/** One row per table (series): its players, settings, tournament and closing, as opened. */
export const tableProjection: ProjectionDefinition<TableInfo> = {
  name: 'tables',
  version: 5,
  tables: [{ name: 'table', columns: 'table_id TEXT PRIMARY KEY, tournament_id TEXT, json TEXT NOT NULL' }],
  eventTypes: TABLE_EVENT_TYPES_READ,
  keysOf: (event) => (event.streamName.startsWith('table-') ? [event.streamName.slice('table-'.length)] : []),
  fold: foldTableInfo,
  rows: (db, tables) => jsonRows(db, tables.table, 'table_id', (t) => ({ tournament_id: t.tournamentId })),
  changes: (key) => [`table\u0000${key}`],
};

/** The live table of tables (the ledger's queries read it). */
export const TABLE_INFO_TABLE = liveTableName(tableProjection, 'table');
