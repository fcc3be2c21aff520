/**
 * Who may see and do what. Pure: decisions from the principal and the deal's summary only.
 * Hidden cards: during a live deal a player sees their own seat; recorders of the deal's table,
 * arbiters and admins see every card; everybody else sees the public view. Finished deals are open.
 */
import type { Perspective } from '../projections/replay-frames/replay-frame';
import type { DealSummary } from '../projections/deal-summary/deal-summary';
import type { Seat } from '../rules/seat';
import type { Principal } from './role';

export type Requested = 'auto' | 'public' | 'all' | 'forehand' | 'middlehand' | 'rearhand';
const SEAT_OF: Record<string, Seat> = { forehand: 0, middlehand: 1, rearhand: 2 };

export interface Visibility {
  readonly isPrivateTournament: (tournamentId: string | null) => boolean;
  readonly privateTournaments: readonly string[];
}

/** Tournaments whose deals must be left out of lists, counts and statistics for this principal. */
export function hiddenTournaments(p: Principal, v: Visibility): readonly string[] {
  if (p.role === 'anonymous') return v.privateTournaments;
  // A player token bound to a tournament or table sees a private tournament only when it is its own.
  if (isScopedPlayer(p)) return v.privateTournaments.filter((t) => t !== p.tournament);
  return [];
}

/** A player token bound to a tournament and/or a table (issued through the API), not one for the player everywhere. */
export function isScopedPlayer(p: Principal): boolean {
  return p.role === 'player' && (p.table !== undefined || p.tournament !== undefined);
}

/**
 * Is the deal inside the token's scope? A token bound to a table covers that table's deals; one
 * bound to a tournament covers that tournament's deals; an unscoped token covers everything.
 */
export function scopeCovers(p: Principal, deal: { readonly tableId: string | null; readonly tournamentId?: string | null }): boolean {
  if (p.role === 'anonymous') return false;
  if (p.table !== undefined && p.table !== deal.tableId) return false;
  if (p.tournament !== undefined && p.tournament !== deal.tournamentId) return false;
  return true;
}

/** May the principal read this deal at all (private tournaments hide from anonymous readers and from other tournaments' player tokens)? */
export function mayReadDeal(p: Principal, deal: Pick<DealSummary, 'tournamentId'> & { readonly tableId?: string | null }, v: Visibility): boolean {
  if (!v.isPrivateTournament(deal.tournamentId)) return true;
  if (p.role === 'anonymous') return false;
  return !isScopedPlayer(p) || scopeCovers(p, { tableId: deal.tableId ?? null, tournamentId: deal.tournamentId });
}

export function mayReadTournament(p: Principal, tournamentId: string | null, v: Visibility): boolean {
  if (!v.isPrivateTournament(tournamentId)) return true;
  if (p.role === 'anonymous') return false;
  return !isScopedPlayer(p) || p.tournament === tournamentId;
}

/** The most of a deal the principal may see right now. */
export interface DealStanding {
  readonly status: string;
  readonly tableId: string | null;
  readonly tournamentId?: string | null;
  readonly players: readonly string[];
}

export function widestPerspective(p: Principal, deal: DealStanding): Perspective {
  if (deal.status !== 'inProgress') return { kind: 'all' };
  if (p.role === 'admin' || p.role === 'arbiter') return { kind: 'all' };
  if (p.role === 'recorder' && deal.tableId !== null && p.table === deal.tableId) return { kind: 'all' };
  // A player token speaks for its player only where it is bound: elsewhere it sees what anybody sees.
  if (p.role !== 'anonymous' && p.player !== undefined && scopeCovers(p, deal)) {
    const seat = deal.players.indexOf(p.player);
    if (seat >= 0) return { kind: 'seat', seat: seat as Seat };
  }
  return { kind: 'public' };
}

/** The perspective to serve for a request, or null when the caller asks for more than it may see. */
export function grantPerspective(widest: Perspective, requested: Requested): Perspective | null {
  if (requested === 'auto') return widest;
  if (requested === 'public') return { kind: 'public' };
  if (widest.kind === 'all') return requested === 'all' ? widest : { kind: 'seat', seat: SEAT_OF[requested] };
  if (widest.kind === 'seat' && requested !== 'all' && SEAT_OF[requested] === widest.seat) return widest;
  return null;
}

/** May the principal record moves of a deal at this table? */
export function mayRecord(p: Principal, tableId: string | null): boolean {
  if (p.role === 'admin') return true;
  return p.role === 'recorder' && tableId !== null && p.table === tableId;
}

/**
 * May the principal read what contesting players and arbiters wrote about a deal (their free text)?
 * Only those the deal concerns: its players (the sitting dealer too), the recorder of its table,
 * arbiters and admins. Anybody else who may read the deal sees that a contest exists and its ruling.
 */
export function mayReadDisputeReasons(
  p: Principal,
  deal: { readonly tableId: string | null; readonly tournamentId?: string | null; readonly players: readonly string[]; readonly sittingOut: readonly string[] },
): boolean {
  if (p.role === 'admin' || p.role === 'arbiter') return true;
  if (p.role === 'recorder') return deal.tableId !== null && p.table === deal.tableId;
  if (p.role !== 'player' || p.player === undefined || !scopeCovers(p, deal)) return false;
  return deal.players.includes(p.player) || deal.sittingOut.includes(p.player);
}

export const mayCorrectScores = (p: Principal): boolean => p.role === 'arbiter';
export const mayAdminister = (p: Principal): boolean => p.role === 'admin';
