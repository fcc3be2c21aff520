import { liveTableName, type ProjectionDefinition } from '../projection-definition';
import { jsonRows } from '../json-rows';
import { foldTournamentInfo, TOURNAMENT_EVENT_TYPES_READ, type TournamentInfo } from './table-info';

/** One row per tournament: its settings (loss fee) and its tables. */
export const tournamentProjection: ProjectionDefinition<TournamentInfo> = {
  name: 'tournaments',
  version: 7,
  tables: [{ name: 'tournament', columns: 'tournament_id TEXT PRIMARY KEY, json TEXT NOT NULL' }],
  eventTypes: TOURNAMENT_EVENT_TYPES_READ,
  keysOf: (event) => (event.streamName.startsWith('tournament-') ? [event.streamName.slice('tournament-'.length)] : []),
  fold: foldTournamentInfo,
  rows: (db, tables) => jsonRows(db, tables.tournament, 'tournament_id'),
  changes: (key) => [`tournament\u0000${key}`],
};

/** The live table of tournaments (the ledger's queries read it). */
export const TOURNAMENT_INFO_TABLE = liveTableName(tournamentProjection, 'tournament');
