import { allow, refuse, type Judgement } from '../kernel/refusal';
import type { Seat } from './seat';

/**
 * Table positions (0..n-1, clockwise) versus the three active seats of a deal (R2, R3, D5, R37).
 * At 3 the dealer is rearhand; at 4 the dealer sits out; at 5 the dealer and one more sit out.
 */
export type TableSize = 3 | 4 | 5;

export interface TableSettings {
  readonly size: TableSize;
  /**
   * D5, five-player tables only: which second player sits out, as a clockwise offset from the
   * dealer (1..4). Default 3: the player opposite the dealer, "der dritte Spieler links vom Geber",
   * so the 1st, 2nd and 4th to his left play (skatspielen.info). Some houses use 2 (the
   * "übernächste"), so it is a table setting.
   */
  readonly fiveTableSitOutOffset?: 1 | 2 | 3 | 4;
}

export const DEFAULT_FIVE_TABLE_SIT_OUT_OFFSET = 3;

export interface DealSeating {
  readonly dealer: number;
  /** Table positions of forehand, middlehand, rearhand (index = Seat). */
  readonly seats: readonly [number, number, number];
  /** Table positions without cards this deal (R3, D5). */
  readonly sittingOut: readonly number[];
}

function checkTable(settings: TableSettings, dealer: number): Judgement<TableSettings> {
  if (settings.size !== 3 && settings.size !== 4 && settings.size !== 5) {
    return refuse('D5', `a table has 3, 4 or 5 players, not ${String(settings.size)}`);
  }
  if (!Number.isInteger(dealer) || dealer < 0 || dealer >= settings.size) {
    return refuse('D5', `the dealer must be a table position 0..${settings.size - 1}, got ${String(dealer)}`);
  }
  const off = settings.fiveTableSitOutOffset;
  if (off !== undefined && (settings.size !== 5 || ![1, 2, 3, 4].includes(off))) {
    return refuse(
      'D5',
      settings.size !== 5 ? 'only a five-player table has a second player sitting out' : `the sit-out offset must be 1..4, got ${String(off)}`,
    );
  }
  return allow(settings);
}

/** R37/R3: the next dealer is always the previous dealer's left neighbour, passed-in deals included. */
export function nextDealer(dealer: number, size: TableSize): Judgement<number> {
  const ok = checkTable({ size }, dealer);
  if (!ok.ok) return ok;
  return allow((dealer + 1) % size);
}

/**
 * R2/R3/D5: who plays this deal. Forehand is the first active player to the dealer's left, then
 * middlehand and rearhand clockwise; at a 3-table rearhand is the dealer.
 */
export function dealSeating(settings: TableSettings, dealer: number): Judgement<DealSeating> {
  const ok = checkTable(settings, dealer);
  if (!ok.ok) return ok;
  const n = settings.size;
  const sittingOut: number[] = [];
  if (n >= 4) sittingOut.push(dealer);
  if (n === 5) sittingOut.push((dealer + (settings.fiveTableSitOutOffset ?? DEFAULT_FIVE_TABLE_SIT_OUT_OFFSET)) % n);
  const active: number[] = [];
  for (let k = 1; k <= n; k++) {
    const pos = (dealer + k) % n;
    if (!sittingOut.includes(pos)) active.push(pos);
  }
  return allow({ dealer, seats: [active[0], active[1], active[2]], sittingOut });
}

/** The seat (0 forehand, 1 middlehand, 2 rearhand) of a table position this deal, or null if sitting out. */
export function seatOfPosition(seating: DealSeating, position: number): Seat | null {
  const i = seating.seats.indexOf(position);
  return i < 0 ? null : (i as Seat);
}
