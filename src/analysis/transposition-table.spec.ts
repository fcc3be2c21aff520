import { TranspositionTable, ttLower, ttMove, ttUpper } from './transposition-table';
import { seededRandom } from '../../test/iss/random-games';

/**
 * The solver's table grows while a search fills it: a generation starts on 2^startBits slots and
 * doubles the slots it uses when as many entries have been written as it has slots, up to the
 * table's size. Growing moves entries, it never drops one, so a search keeps every bound it had.
 */

interface Key {
  readonly h: [number, number, number];
  readonly tag: number;
}

/** Distinct keys shaped like the solver's: three disjoint hand masks of `cards` cards each, a leader and a kind. */
function keys(n: number, seed: number): Key[] {
  const rand = seededRandom(seed);
  const seen = new Set<string>();
  const out: Key[] = [];
  while (out.length < n) {
    const bits = Array.from({ length: 32 }, (_, i) => i).sort(() => rand() - 0.5);
    const cards = 1 + Math.floor(rand() * 10);
    const h: [number, number, number] = [0, 0, 0];
    for (let s = 0; s < 3; s++) for (let c = 0; c < cards; c++) h[s] |= 1 << bits[s * cards + c];
    const tag = Math.floor(rand() * 3) | (Math.floor(rand() * 3) << 2);
    const id = `${h.join(',')}/${tag}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ h, tag });
  }
  return out;
}

const probe = (tt: TranspositionTable, k: Key): number => tt.probe(k.h[0], k.h[1], k.h[2], k.tag);

describe('the transposition table grows as a search fills it', () => {
  it('starts on 2^startBits slots and doubles up to the table size, never past it', () => {
    const tt = new TranspositionTable(8, 4);
    expect(tt.slotsInUse).toBe(16);
    const seen: number[] = [];
    for (const k of keys(2000, 1)) {
      tt.store(k.h[0], k.h[1], k.h[2], k.tag, 3, 9, 5);
      if (seen[seen.length - 1] !== tt.slotsInUse) seen.push(tt.slotsInUse);
    }
    expect(seen).toEqual([16, 32, 64, 128, 256]);
    expect(tt.bytes).toBe(256 * 16);
  });

  it('keeps every entry it held when it grows (the new one may have taken one slot)', () => {
    const tt = new TranspositionTable(12, 4);
    const all = keys(3000, 2);
    let growths = 0;
    for (let i = 0; i < all.length; i++) {
      const held = all.slice(0, i).filter((k) => probe(tt, k) >= 0);
      const before = tt.slotsInUse;
      const k = all[i];
      tt.store(k.h[0], k.h[1], k.h[2], k.tag, i % 120, 120, i % 32);
      expect(probe(tt, k)).toBeGreaterThanOrEqual(0);
      if (tt.slotsInUse === before) continue;
      growths++;
      const lost = held.filter((h) => probe(tt, h) < 0);
      expect(lost.length).toBeLessThanOrEqual(1);
      // The entries moved keep their bounds and best card.
      for (const h of held) {
        const meta = probe(tt, h);
        if (meta < 0) continue;
        const j = all.indexOf(h);
        expect([ttLower(meta), ttUpper(meta), ttMove(meta)]).toEqual([j % 120, 120, j % 32]);
      }
      if (i > 600) break;
    }
    expect(growths).toBeGreaterThanOrEqual(3);
  });

  it('narrows the bounds of an entry that moved, like any other', () => {
    const tt = new TranspositionTable(10, 4);
    const [first, ...rest] = keys(400, 3);
    tt.store(first.h[0], first.h[1], first.h[2], first.tag, 10, 100, 2);
    for (const k of rest) {
      tt.store(k.h[0], k.h[1], k.h[2], k.tag, 0, 127, -1);
      if (probe(tt, first) < 0) tt.store(first.h[0], first.h[1], first.h[2], first.tag, 10, 100, 2);
    }
    expect(tt.slotsInUse).toBeGreaterThan(16);
    tt.store(first.h[0], first.h[1], first.h[2], first.tag, 30, 127, -1);
    tt.store(first.h[0], first.h[1], first.h[2], first.tag, 0, 40, -1);
    const meta = probe(tt, first);
    expect([ttLower(meta), ttUpper(meta), ttMove(meta)]).toEqual([30, 40, 2]);
  });

  it('forgets everything and starts small again in a new generation', () => {
    const tt = new TranspositionTable(10, 4);
    const all = keys(500, 4);
    for (const k of all) tt.store(k.h[0], k.h[1], k.h[2], k.tag, 1, 2, 3);
    expect(tt.slotsInUse).toBe(512); // grown at 16 + 32 + 64 + 128 + 256 entries
    tt.newGeneration();
    expect(tt.slotsInUse).toBe(16);
    expect(all.filter((k) => probe(tt, k) >= 0)).toEqual([]);
  });

  it('uses the whole of a table smaller than the start size', () => {
    expect(new TranspositionTable(6).slotsInUse).toBe(64);
    expect(() => new TranspositionTable(10, 1)).toThrow(RangeError);
  });
});
