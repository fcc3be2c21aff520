/**
 * Quasi-symmetry for the transposition table: within a run of cards that are next to each other
 * in their class's order and worth the same (a plain suit's 7-8-9, the jacks, a whole suit in
 * null), only the order of the cards still in play matters, not which of them they are. So a
 * position is stored under its cards packed to the bottom of each run: positions that differ only
 * by which equal cards are gone share one entry (they have the same value and the same best play).
 */

/** A run of equal cards: its lowest bit and its width (3, 4 or 8 bits). */
export interface EqualRun {
  readonly shift: number;
  readonly width: number;
}

/** pext for 8-bit runs (null suits): PACK8[live << 8 | held] = the held cards packed to the live cards' ranks. */
const PACK8 = new Uint8Array(1 << 16);

function pack(live: number, held: number): number {
  let out = 0;
  let k = 0;
  for (let b = 0; b < 8; b++) {
    if (((live >>> b) & 1) === 0) continue;
    if ((held >>> b) & 1) out |= 1 << k;
    k++;
  }
  return out;
}

/**
 * The same for the runs of 2-4 cards, all three hands in one look-up: PACK_RUN[live << 8 | held0 << 4 | held1]
 * = the cards of hand 0, hand 1 and hand 2 (the rest of the live ones) packed, 4 bits each.
 */
const PACK_RUN = new Uint16Array(1 << 12);

for (let live = 0; live < 16; live++) {
  for (let a = 0; a < 16; a++) {
    for (let b = 0; b < 16; b++) {
      if ((a & ~live) !== 0 || (b & ~live) !== 0 || (a & b) !== 0) continue;
      PACK_RUN[(live << 8) | (a << 4) | b] = pack(live, a) | (pack(live, b) << 4) | (pack(live, live & ~a & ~b) << 8);
    }
  }
}
for (let live = 0; live < 256; live++) for (let held = 0; held < 256; held++) PACK8[(live << 8) | held] = pack(live, held & live);

/** Packs the three hands (at a trick start: every live card is in a hand) run by run into `out`; `runs`: each run's lowest bit and mask (see runPairs). */
export function packedHands(runs: Int32Array, runsMask: number, h0: number, h1: number, h2: number, out: Int32Array): void {
  const live = h0 | h1 | h2;
  let k0 = h0 & ~runsMask;
  let k1 = h1 & ~runsMask;
  let k2 = h2 & ~runsMask;
  for (let i = 0; i < runs.length; i += 2) {
    const shift = runs[i];
    const m = runs[i + 1];
    const l = (live >>> shift) & m;
    if (m === 0xff) {
      const base = l << 8;
      k0 |= PACK8[base | ((h0 >>> shift) & m)] << shift;
      k1 |= PACK8[base | ((h1 >>> shift) & m)] << shift;
      k2 |= PACK8[base | ((h2 >>> shift) & m)] << shift;
    } else {
      const p = PACK_RUN[(l << 8) | (((h0 >>> shift) & m) << 4) | ((h1 >>> shift) & m)];
      k0 |= (p & 15) << shift;
      k1 |= ((p >>> 4) & 15) << shift;
      k2 |= (p >>> 8) << shift;
    }
  }
  out[0] = k0;
  out[1] = k1;
  out[2] = k2;
}

/**
 * The runs of every suit or grand layout (card-layout): the 7-8-9 of the four suits' classes on
 * bits 0, 7, 14 and 21 and the four jacks on bits 28-31, as runPairs lists them.
 */
export const TRUMP_GAME_RUNS: readonly number[] = [0, 7, 7, 7, 14, 7, 21, 7, 28, 15];
const TRUMP_GAME_RUNS_MASK = 7 | (7 << 7) | (7 << 14) | (7 << 21) | (15 << 28);

/** packedHands for a suit or grand game (its runs are TRUMP_GAME_RUNS), unrolled: the value search's hot path. */
export function packedTrumpGameHands(h0: number, h1: number, h2: number, out: Int32Array): void {
  const live = h0 | h1 | h2;
  // The 7-8-9 of bits 0, 7, 14, 21 and the jacks: one look-up of PACK_RUN per run for all three hands.
  const p0 = PACK_RUN[((live & 7) << 8) | ((h0 & 7) << 4) | (h1 & 7)];
  const p1 = PACK_RUN[(((live >>> 7) & 7) << 8) | (((h0 >>> 7) & 7) << 4) | ((h1 >>> 7) & 7)];
  const p2 = PACK_RUN[(((live >>> 14) & 7) << 8) | (((h0 >>> 14) & 7) << 4) | ((h1 >>> 14) & 7)];
  const p3 = PACK_RUN[(((live >>> 21) & 7) << 8) | (((h0 >>> 21) & 7) << 4) | ((h1 >>> 21) & 7)];
  const p4 = PACK_RUN[((live >>> 28) << 8) | ((h0 >>> 28) << 4) | (h1 >>> 28)];
  const rest = ~TRUMP_GAME_RUNS_MASK;
  out[0] = (h0 & rest) | (p0 & 15) | ((p1 & 15) << 7) | ((p2 & 15) << 14) | ((p3 & 15) << 21) | (p4 << 28);
  out[1] = (h1 & rest) | ((p0 >>> 4) & 15) | (((p1 >>> 4) & 15) << 7) | (((p2 >>> 4) & 15) << 14) | (((p3 >>> 4) & 15) << 21) | ((p4 >>> 4) << 28);
  out[2] = (h2 & rest) | (p0 >>> 8) | ((p1 >>> 8) << 7) | ((p2 >>> 8) << 14) | ((p3 >>> 8) << 21) | ((p4 >>> 8) << 28);
}

/** The runs as packedHands takes them: each run's lowest bit and the mask of its width, one after the other. */
export function runPairs(runs: readonly EqualRun[]): Int32Array {
  const out = new Int32Array(runs.length * 2);
  runs.forEach((r, i) => {
    out[2 * i] = r.shift;
    out[2 * i + 1] = (1 << r.width) - 1;
  });
  return out;
}
