import type { DealStartedData } from '../../deal/events';
import type { RecordedEvent } from '../../event-store/event-store';
import type { TableOpenedData } from '../../table/events';
import type { TournamentTableAddedData } from '../../tournament/events';
import { DEAL_SUMMARY_EVENT_TYPES } from '../deal-summary/deal-summary-fold';
import { liveTableName, type ProjectionDefinition } from '../projection-definition';
import { TABLE_EVENT_TYPES_READ, TOURNAMENT_EVENT_TYPES_READ } from '../tables/table-info';
import { sortablePosition } from './as-of-cut';

/**
 * Where the sheet of each tournament table may have changed (issue 28 item 2): a row per event
 * of its inputs (its deals' summaries, its own row, its tournament's loss fee), by log position. With
 * it an as-of answer knows exactly whether anything of a table changed between two positions, so
 * the standings part of a sheet kept at one position (sheet_snapshot, written by the ledger after
 * each batch: ledger/reads/sheet-snapshots.ts) is the answer at any later cut up to the table's
 * next input. The snapshots live in this projection's tables so that they go wherever its rows go
 * (a version change or a rebuild drops both; an answer without a snapshot builds the sheet anew).
 *
 * Keys: `d\0<deal>` (a deal at such a table: its table), `t\0<table>` (a table opened in a
 * tournament), `o\0<tournament>` (its tables: added to it, or opened in it) and
 * `i\0<table>\0<position>` (an input event); only tables of a tournament are kept.
 */
export type SheetInputRow =
  | { readonly kind: 'deal'; readonly tableId: string }
  | { readonly kind: 'table' }
  | { readonly kind: 'tournament'; readonly tables: readonly string[] }
  | { readonly kind: 'input' };

const DEAL_TYPES: ReadonlySet<string> = new Set(DEAL_SUMMARY_EVENT_TYPES);
const TABLE_TYPES: ReadonlySet<string> = new Set(TABLE_EVENT_TYPES_READ);
const TOURNAMENT_TYPES: ReadonlySet<string> = new Set(TOURNAMENT_EVENT_TYPES_READ);
const SEP = '\u0000';
const INPUT: SheetInputRow = { kind: 'input' };

const inputKey = (tableId: string, event: RecordedEvent): string => `i${SEP}${tableId}${SEP}${sortablePosition(event.position)}`;

function keysOf(event: RecordedEvent, rowOf?: (key: string) => SheetInputRow | null): string[] {
  const stream = event.streamName;
  if (stream.startsWith('deal-') && DEAL_TYPES.has(event.type)) {
    const dealKey = `d${SEP}${stream.slice(5)}`;
    if (event.type === 'DealStarted') {
      // A deal at a tournament table (the table lists it on its sheet, whatever the deal names as its tournament).
      const tableId = (event.data as DealStartedData).tableId;
      return tableId && rowOf?.(`t${SEP}${tableId}`)?.kind === 'table' ? [dealKey, inputKey(tableId, event)] : [];
    }
    const deal = rowOf?.(dealKey);
    return deal?.kind === 'deal' ? [inputKey(deal.tableId, event)] : [];
  }
  if (stream.startsWith('table-') && TABLE_TYPES.has(event.type)) {
    const tableId = stream.slice(6);
    if (event.type === 'TableOpened') {
      const tournamentId = (event.data as TableOpenedData).tournamentId;
      return tournamentId ? [`t${SEP}${tableId}`, `o${SEP}${tournamentId}`, inputKey(tableId, event)] : [];
    }
    return rowOf?.(`t${SEP}${tableId}`)?.kind === 'table' ? [inputKey(tableId, event)] : [];
  }
  if (stream.startsWith('tournament-') && TOURNAMENT_TYPES.has(event.type)) {
    const key = `o${SEP}${stream.slice(11)}`;
    const row = rowOf?.(key);
    const tables = new Set(row?.kind === 'tournament' ? row.tables : []);
    if (event.type === 'TournamentTableAdded') tables.add((event.data as TournamentTableAddedData).tableId);
    // Of a tournament's row a sheet reads its loss fee only (sheetSettingsOf): that is an input of every one of its tables' sheets.
    return [...(event.type === 'TournamentTableAdded' ? [key] : []), ...(event.type === 'LossFeeSet' ? [...tables].map((t) => inputKey(t, event)) : [])];
  }
  return [];
}

/** The table an event adds to its tournament's row: named by TournamentTableAdded, or a table opened in it. */
const addedTable = (event: RecordedEvent): string =>
  event.type === 'TournamentTableAdded' ? (event.data as TournamentTableAddedData).tableId : event.streamName.slice(6);

function fold(row: SheetInputRow | null, event: RecordedEvent, key: string): SheetInputRow | null {
  switch (key[0]) {
    case 'd':
      return row ?? { kind: 'deal', tableId: (event.data as DealStartedData).tableId as string };
    case 't':
      return row ?? { kind: 'table' };
    case 'o': {
      const tables = row?.kind === 'tournament' ? row.tables : [];
      const added = addedTable(event);
      return tables.includes(added) && row ? row : { kind: 'tournament', tables: [...tables, added] };
    }
    default:
      return row ?? INPUT;
  }
}

export const sheetInputsProjection: ProjectionDefinition<SheetInputRow> = {
  name: 'sheet-inputs',
  // v2: of the tournament's events only a loss fee is an input (a table added changes no sheet).
  version: 2,
  tables: [
    { name: 'sheet_input', columns: 'table_id TEXT NOT NULL, position TEXT NOT NULL, PRIMARY KEY (table_id, position)', withoutRowid: true },
    { name: 'sheet_input_key', columns: 'key TEXT PRIMARY KEY, json TEXT NOT NULL' },
    {
      name: 'sheet_snapshot',
      columns:
        'tournament_id TEXT NOT NULL, table_id TEXT NOT NULL, position TEXT NOT NULL, json TEXT NOT NULL, PRIMARY KEY (tournament_id, table_id, position)',
      withoutRowid: true,
    },
  ],
  eventTypes: [...new Set([...DEAL_SUMMARY_EVENT_TYPES, ...TABLE_EVENT_TYPES_READ, ...TOURNAMENT_EVENT_TYPES_READ])],
  keysOf,
  fold,
  // No startsRow: a stream's first event (a deal's start, a table's opening) looks up its table's or its tournament's row.
  rows(db, tables) {
    const getInput = db.prepare(`SELECT 1 FROM ${tables.sheet_input} WHERE table_id = ? AND position = ?`).pluck();
    const putInput = db.prepare(`INSERT OR IGNORE INTO ${tables.sheet_input} (table_id, position) VALUES (?, ?)`);
    const removeInput = db.prepare(`DELETE FROM ${tables.sheet_input} WHERE table_id = ? AND position = ?`);
    const get = db.prepare(`SELECT json FROM ${tables.sheet_input_key} WHERE key = ?`).pluck();
    const put = db.prepare(`INSERT OR REPLACE INTO ${tables.sheet_input_key} (key, json) VALUES (?, ?)`);
    const remove = db.prepare(`DELETE FROM ${tables.sheet_input_key} WHERE key = ?`);
    const split = (key: string): [string, string] => {
      const at = key.lastIndexOf(SEP);
      return [key.slice(2, at), key.slice(at + 1)];
    };
    return {
      get: (key) => {
        if (key[0] === 'i') return getInput.get(...split(key)) === undefined ? null : INPUT;
        const json = get.get(key) as string | undefined;
        return json === undefined ? null : (JSON.parse(json) as SheetInputRow);
      },
      put: (key, row) => void (key[0] === 'i' ? putInput.run(...split(key)) : put.run(key, JSON.stringify(row))),
      delete: (key) => void (key[0] === 'i' ? removeInput.run(...split(key)) : remove.run(key)),
    };
  },
};

export const SHEET_INPUT_TABLE = liveTableName(sheetInputsProjection, 'sheet_input');
export const SHEET_INPUT_KEY_TABLE = liveTableName(sheetInputsProjection, 'sheet_input_key');
export const SHEET_SNAPSHOT_TABLE = liveTableName(sheetInputsProjection, 'sheet_snapshot');
