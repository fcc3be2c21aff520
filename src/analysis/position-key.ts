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

/** pext for 4-bit runs: PACK4[live << 4 | held] = the held cards packed to the live cards' ranks. */
const PACK4 = new Uint8Array(256);
/** The same for 8-bit runs (null suits): PACK8[live << 8 | held]. */
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

for (let live = 0; live < 16; live++) for (let held = 0; held < 16; held++) PACK4[(live << 4) | held] = pack(live, held & live);
for (let live = 0; live < 256; live++) for (let held = 0; held < 256; held++) PACK8[(live << 8) | held] = pack(live, held & live);

/** Packs the three hands (at a trick start: every live card is in a hand) run by run into `out`. */
export function packedHands(runs: readonly EqualRun[], runsMask: number, h0: number, h1: number, h2: number, out: Int32Array): void {
  const live = h0 | h1 | h2;
  let k0 = h0 & ~runsMask;
  let k1 = h1 & ~runsMask;
  let k2 = h2 & ~runsMask;
  for (let i = 0; i < runs.length; i++) {
    const { shift, width } = runs[i];
    const m = (1 << width) - 1;
    const l = (live >>> shift) & m;
    if (width === 8) {
      const base = l << 8;
      k0 |= PACK8[base | ((h0 >>> shift) & m)] << shift;
      k1 |= PACK8[base | ((h1 >>> shift) & m)] << shift;
      k2 |= PACK8[base | ((h2 >>> shift) & m)] << shift;
    } else {
      const base = l << 4;
      k0 |= PACK4[base | ((h0 >>> shift) & m)] << shift;
      k1 |= PACK4[base | ((h1 >>> shift) & m)] << shift;
      k2 |= PACK4[base | ((h2 >>> shift) & m)] << shift;
    }
  }
  out[0] = k0;
  out[1] = k1;
  out[2] = k2;
}
