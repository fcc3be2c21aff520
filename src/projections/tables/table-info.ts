import type { RecordedEvent } from '../../event-store/event-store';
import type { SeriesClosedData, TableOpenedData, TablePlayersJoinedData } from '../../table/events';
import type {
  LossFeeSetData,
  PlayerRemovedData,
  PlayerRenamedData,
  PlayersEnteredData,
  RoundClosedData,
  TournamentClosedData,
  TournamentCreatedData,
  TournamentTableAddedData,
} from '../../tournament/events';
import { enterOnRoster, type RosterEntry } from '../../tournament/tournament-state';

export type TableInfo = TableOpenedData & {
  readonly lastRevision: string;
  /** Players who joined an imported series after it was opened (TablePlayersJoined); absent when none. */
  readonly joined?: readonly string[];
  /** Set once the series is closed. */
  readonly closed?: SeriesClosedData;
};

export interface TournamentInfo extends TournamentCreatedData {
  readonly tables: readonly TournamentTableAddedData[];
  /** Set by LossFeeSet; absent: the defaults by table size. */
  readonly lossFee?: LossFeeSetData;
  /** The rounds closed (RoundClosed); absent: none. */
  readonly closedRounds?: readonly number[];
  /** Set once the tournament is closed (TournamentClosed). */
  readonly closed?: TournamentClosedData;
  /** The roster kept in the ledger (L23), in the order entered; absent: none entered. */
  readonly roster?: readonly RosterEntry[];
  readonly lastRevision: string;
}

export const TABLE_EVENT_TYPES_READ = ['TableOpened', 'TablePlayersJoined', 'SeriesClosed'] as const;
export const TOURNAMENT_EVENT_TYPES_READ = [
  'TournamentCreated',
  'TournamentTableAdded',
  'LossFeeSet',
  'RoundClosed',
  'TournamentClosed',
  'PlayersEntered',
  'PlayerRenamed',
  'PlayerRemoved',
] as const;

export function foldTableInfo(info: TableInfo | null, event: RecordedEvent): TableInfo | null {
  if (info && event.revision <= BigInt(info.lastRevision)) return info;
  if (event.type === 'TableOpened') return { ...(event.data as TableOpenedData), lastRevision: event.revision.toString() };
  if (event.type === 'TablePlayersJoined' && info) {
    // An imported series: newcomers get their own column after the players already listed.
    const joined = (event.data as TablePlayersJoinedData).players.filter((p) => !info.players.includes(p));
    return { ...info, players: [...info.players, ...joined], joined: [...(info.joined ?? []), ...joined], lastRevision: event.revision.toString() };
  }
  if (event.type === 'SeriesClosed' && info) return { ...info, closed: event.data as SeriesClosedData, lastRevision: event.revision.toString() };
  return info;
}

export function foldTournamentInfo(info: TournamentInfo | null, event: RecordedEvent): TournamentInfo | null {
  if (info && event.revision <= BigInt(info.lastRevision)) return info;
  if (event.type === 'TournamentCreated') return { ...(event.data as TournamentCreatedData), tables: [], lastRevision: event.revision.toString() };
  if (event.type === 'TournamentTableAdded' && info)
    return { ...info, tables: [...info.tables, event.data as TournamentTableAddedData], lastRevision: event.revision.toString() };
  if (event.type === 'LossFeeSet' && info) return { ...info, lossFee: event.data as LossFeeSetData, lastRevision: event.revision.toString() };
  if (event.type === 'RoundClosed' && info)
    return { ...info, closedRounds: [...(info.closedRounds ?? []), (event.data as RoundClosedData).round], lastRevision: event.revision.toString() };
  if (event.type === 'TournamentClosed' && info) return { ...info, closed: event.data as TournamentClosedData, lastRevision: event.revision.toString() };
  if (info && (event.type === 'PlayersEntered' || event.type === 'PlayerRenamed' || event.type === 'PlayerRemoved'))
    return { ...info, roster: foldRoster(info.roster ?? [], event), lastRevision: event.revision.toString() };
  return info;
}

/** The roster after one of its events (as the tournament decider folds it). */
function foldRoster(roster: readonly RosterEntry[], event: RecordedEvent): RosterEntry[] {
  if (event.type === 'PlayersEntered') {
    const d = event.data as PlayersEnteredData;
    return enterOnRoster(roster, d.players, d.fromRound);
  }
  const live = (r: RosterEntry, player: string) => r.player === player && r.removedAfterRound === null;
  if (event.type === 'PlayerRenamed') {
    const d = event.data as PlayerRenamedData;
    return roster.map((r) => (live(r, d.from) ? { ...r, player: d.to } : r));
  }
  const d = event.data as PlayerRemovedData;
  return roster.map((r) => (live(r, d.player) ? { ...r, removedAfterRound: d.afterRound } : r));
}
