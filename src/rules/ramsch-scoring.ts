import { invalid, line, plain } from './derivation';
import type { DerivationLine } from './game-result';
import { SEAT_NAMES } from './seat';

/** Per-seat card points (skat already added to whoever the house variant gives it) and tricks. */
export interface RamschTally {
  readonly points: readonly [number, number, number];
  readonly tricks: readonly [number, number, number];
}

export interface RamschScore {
  readonly seatScores: readonly [number, number, number];
  /** Seats that lose (every seat tied on the most points), empty on a Durchmarsch. */
  readonly losers: readonly number[];
  /** Seats that took no trick. */
  readonly jungfrau: readonly number[];
  readonly durchmarsch: number | null;
  readonly derivation: readonly DerivationLine[];
}

/**
 * R42 Ramsch: every player for himself. The player with the most card points loses that many
 * (players tied on the most all lose them); each player who took no trick ("Jungfrau") doubles
 * that minus; a player who took every trick ("Durchmarsch") scores +120 and nobody loses.
 */
export function scoreRamsch(tally: RamschTally): RamschScore {
  checkTally(tally);
  const { points, tricks } = tally;
  const lines: DerivationLine[] = [line('R42', `Ramsch: points ${points.join(' / ')}, tricks ${tricks.join(' / ')}`)];
  const durchmarsch = tricks.findIndex((n) => n === 10);
  if (durchmarsch >= 0) {
    lines.push(line('R42', `Durchmarsch: ${SEAT_NAMES[durchmarsch]} took every trick: +120`));
    const seatScores: [number, number, number] = [0, 0, 0];
    seatScores[durchmarsch] = 120;
    return { seatScores, losers: [], jungfrau: [], durchmarsch, derivation: lines };
  }
  const most = Math.max(...points);
  const losers = [0, 1, 2].filter((s) => points[s] === most);
  const jungfrau = [0, 1, 2].filter((s) => tricks[s] === 0);
  const factor = 2 ** jungfrau.length;
  if (jungfrau.length > 0) {
    lines.push(line('R42', `Jungfrau: ${jungfrau.map((s) => SEAT_NAMES[s]).join(' and ')} took no trick: the minus × ${factor}`));
  }
  const minus = -most * factor;
  const seatScores: [number, number, number] = [0, 0, 0];
  for (const s of losers) seatScores[s] = minus;
  const who = losers.map((s) => SEAT_NAMES[s]).join(' and ');
  lines.push(line('R42', `${who} ${losers.length > 1 ? 'share' : 'has'} the most points (${most}): ${plain(minus)}`));
  return { seatScores, losers, jungfrau, durchmarsch: null, derivation: lines };
}

function checkTally(tally: RamschTally): void {
  const { points, tricks } = tally;
  if (points.length !== 3 || tricks.length !== 3) invalid('R42', 'Ramsch needs points and tricks for each of the three seats');
  if (!points.every((p) => Number.isInteger(p) && p >= 0) || points.reduce((a, b) => a + b, 0) !== 120) {
    invalid('R42', `Ramsch card points must be whole and add up to 120 (skat included), got ${points.join(' + ')}`);
  }
  if (!tricks.every((t) => Number.isInteger(t) && t >= 0) || tricks.reduce((a, b) => a + b, 0) !== 10) {
    invalid('R42', `Ramsch tricks must add up to 10, got ${tricks.join(' + ')}`);
  }
}
