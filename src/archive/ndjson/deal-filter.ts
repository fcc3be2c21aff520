import type { GameType } from '../../rules/declaration';
import { GAME_TYPES } from '../../rules/declaration';
import type { DealRecord } from './deal-record';
import { ISO_INSTANT_HINT, parseIsoInstant } from '../../format/iso-instant';

/** The export filters (CLI flags and HTTP query parameters share these names). */
export interface DealExportFilter {
  /** A player who held a seat in the deal. */
  readonly player?: string;
  readonly tableId?: string;
  readonly tournamentId?: string;
  /** Instants (`toISOString()` form, see iso-instant.ts) compared with startedAt: from inclusive, to exclusive. */
  readonly from?: string;
  readonly to?: string;
  readonly gameType?: GameType;
  /** won / lost (by the declarer), passedIn, notScoreable, inProgress. */
  readonly result?: DealResultFilter;
  /** live, import:iss, manual. */
  readonly source?: string;
}

export const DEAL_RESULT_FILTERS = ['won', 'lost', 'passedIn', 'notScoreable', 'inProgress'] as const;
export type DealResultFilter = (typeof DEAL_RESULT_FILTERS)[number];

export class DealFilterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DealFilterError';
  }
}

/**
 * Filter values as strings (query parameters, CLI flags) → a checked filter. A bad value is an
 * error naming it, never a filter silently ignored.
 */
export function parseDealFilter(raw: Readonly<Record<string, string | undefined>>): DealExportFilter {
  // The CLI's flag names; `gameType`, `tableId`, `tournamentId` are older spellings still accepted.
  const known = new Set(['player', 'table', 'tableId', 'tournament', 'tournamentId', 'from', 'to', 'game-type', 'gameType', 'result', 'source']);
  for (const key of Object.keys(raw))
    if (raw[key] !== undefined && !known.has(key))
      throw new DealFilterError(`unknown filter "${key}" (known: player, table, tournament, from, to, game-type, result, source)`);
  const filter: { -readonly [K in keyof DealExportFilter]: DealExportFilter[K] } = {};
  const text = (v: string | undefined, name: string): string | undefined => {
    if (v === undefined) return undefined;
    if (v.trim() === '') throw new DealFilterError(`${name} is empty`);
    return v;
  };
  filter.player = text(raw.player, 'player');
  filter.tableId = text(raw.table ?? raw.tableId, 'table');
  filter.tournamentId = text(raw.tournament ?? raw.tournamentId, 'tournament');
  filter.source = text(raw.source, 'source');
  for (const key of ['from', 'to'] as const) {
    const v = text(raw[key], key);
    if (v === undefined) continue;
    const instant = parseIsoInstant(v);
    if (instant === undefined) throw new DealFilterError(`${key}=${JSON.stringify(v.slice(0, 40))} is not ${ISO_INSTANT_HINT}`);
    filter[key] = instant;
  }
  const gameType = text(raw['game-type'] ?? raw.gameType, 'game-type');
  if (gameType !== undefined) {
    if (!(GAME_TYPES as readonly string[]).includes(gameType)) throw new DealFilterError(`game-type=${gameType} is not one of ${GAME_TYPES.join(', ')}`);
    filter.gameType = gameType as GameType;
  }
  const result = text(raw.result, 'result');
  if (result !== undefined) {
    if (!(DEAL_RESULT_FILTERS as readonly string[]).includes(result))
      throw new DealFilterError(`result=${result} is not one of ${DEAL_RESULT_FILTERS.join(', ')}`);
    filter.result = result as DealResultFilter;
  }
  for (const k of Object.keys(filter) as (keyof DealExportFilter)[]) if (filter[k] === undefined) delete filter[k];
  return filter;
}

export function matchesDealFilter(deal: DealRecord, f: DealExportFilter): boolean {
  if (f.player !== undefined && !deal.players.includes(f.player)) return false;
  if (f.tableId !== undefined && deal.tableId !== f.tableId) return false;
  if (f.tournamentId !== undefined && deal.tournamentId !== f.tournamentId) return false;
  if (f.source !== undefined && deal.source !== f.source) return false;
  const t = Date.parse(deal.startedAt);
  if (f.from !== undefined && !(t >= Date.parse(f.from))) return false;
  if (f.to !== undefined && !(t < Date.parse(f.to))) return false;
  if (f.gameType !== undefined && deal.declaration?.gameType !== f.gameType) return false;
  if (f.result !== undefined && resultClass(deal) !== f.result) return false;
  return true;
}

function resultClass(deal: DealRecord): DealResultFilter | 'ramsch' {
  const r = deal.result;
  if (!r) return 'inProgress';
  if (r.kind === 'passedIn') return 'passedIn';
  if (r.kind === 'ramsch') return 'ramsch';
  if (r.kind !== 'scored') return 'notScoreable';
  return r.won ? 'won' : 'lost';
}
