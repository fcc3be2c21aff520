/**
 * A bounded transposition table for the solver: positions at the start of a trick, keyed by the
 * three hands (32-bit masks, as the solver packs them) and the seat to lead, holding a lower and an upper bound of what is
 * searched (the declarer's future card points, or 0/1 for a yes/no search) and the card that was
 * best there (tried first when the position comes back). Two slots per bucket:
 * one kept for the deeper position, one always replaced. Entries of an older generation (another
 * game, declarer or search kind setting) count as empty, so a new deal needs no clearing.
 * A generation starts on the first 2^17 slots and doubles the slots it uses as it fills, up to the
 * table's size: most searches store a few ten thousand positions, and their probes then stay in
 * the processor's caches and page tables, where probes spread over 16 MiB miss both.
 */
// Bound once: a global looked up per call is slow where the global object is a sandbox's (jest).
const { imul } = Math;

export class TranspositionTable {
  /** Per slot: hand 0, hand 1, hand 2, meta (leader 2 bits, kind 2, lower 7, upper 7, best card + 1: 6, generation 7). */
  private readonly data: Int32Array;
  /** The buckets this generation uses (a power of two, at most the table's). */
  private bucketMask: number;
  private readonly startMask: number;
  /** Entries written under a new key in this generation: the buckets in use double when these reach the slots in use. */
  private inserts = 0;
  private generation = 1;
  probes = 0;
  hits = 0;

  /** `bits`: log2 of the slot count, 16 bytes a slot (2^22 slots = 64 MiB); `startBits`: log2 of the slots a generation starts on. */
  constructor(
    readonly bits: number,
    startBits = START_BITS,
  ) {
    if (!Number.isInteger(bits) || bits < 4 || bits > 22) throw new RangeError('transposition table size must be 2^4 .. 2^22 slots (at most 64 MiB)');
    if (!Number.isInteger(startBits) || startBits < 2) throw new RangeError('a table generation starts on at least 2^2 slots');
    this.data = new Int32Array((1 << bits) * 4);
    this.startMask = (1 << (Math.min(bits, startBits) - 1)) - 1;
    this.bucketMask = this.startMask;
  }

  get bytes(): number {
    return this.data.byteLength;
  }

  /** Forget everything (cheaply: a new generation; a real clear only when generations run out). */
  newGeneration(): void {
    this.bucketMask = this.startMask;
    this.inserts = 0;
    this.generation++;
    if (this.generation >= 1 << 7) {
      this.data.fill(0);
      this.generation = 1;
    }
  }

  /** The slots this generation uses now. */
  get slotsInUse(): number {
    return (this.bucketMask + 1) * 2;
  }

  private bucket(h0: number, h1: number, h2: number, tag: number): number {
    return (hash(h0, h1, h2, tag) & this.bucketMask) << 3;
  }

  /**
   * Doubles the buckets in use: an entry of bucket i stays there or moves to bucket i + the old
   * count (one more bit of the same hash). That upper half holds only older generations'
   * entries, which count as empty, so the entries moved take its slots in their order.
   */
  private grow(): void {
    const d = this.data;
    const old = this.bucketMask + 1;
    const mask = old * 2 - 1;
    for (let i = 0; i < old; i++) {
      const at = i << 3;
      let to = (i + old) << 3;
      for (let s = at; s <= at + 4; s += 4) {
        const meta = d[s + 3];
        if (meta >>> 24 !== this.generation || (hash(d[s], d[s + 1], d[s + 2], meta & 0xf) & mask) === i) continue;
        d[to] = d[s];
        d[to + 1] = d[s + 1];
        d[to + 2] = d[s + 2];
        d[to + 3] = meta;
        d[s + 3] = 0;
        to += 4;
      }
    }
    this.bucketMask = mask;
  }

  /** The meta word of the entry for this key, or -1. `tag` = leader | kind << 2. */
  probe(h0: number, h1: number, h2: number, tag: number): number {
    this.probes++;
    const d = this.data;
    const at = this.bucket(h0, h1, h2, tag);
    const want = tag | (this.generation << 24);
    for (let s = at; s <= at + 4; s += 4) {
      const meta = d[s + 3];
      if ((meta & KEY_BITS) === want && d[s] === h0 && d[s + 1] === h1 && d[s + 2] === h2) {
        this.hits++;
        return meta;
      }
    }
    return -1;
  }

  /** Records bounds [lower, upper] and the best card (-1: none) for the key, narrowing what is already known. */
  store(h0: number, h1: number, h2: number, tag: number, lower: number, upper: number, move: number): void {
    const d = this.data;
    const at = this.bucket(h0, h1, h2, tag);
    const want = tag | (this.generation << 24);
    const moveBits = (move + 1) << 18;
    for (let s = at; s <= at + 4; s += 4) {
      const meta = d[s + 3];
      if ((meta & KEY_BITS) === want && d[s] === h0 && d[s + 1] === h1 && d[s + 2] === h2) {
        const oldLo = (meta >>> 4) & 0x7f;
        const oldUp = (meta >>> 11) & 0x7f;
        const lo = lower > oldLo ? lower : oldLo;
        const up = upper < oldUp ? upper : oldUp;
        d[s + 3] = want | (lo << 4) | (up << 11) | (move >= 0 ? moveBits : meta & MOVE_BITS);
        return;
      }
    }
    // Slot 0 keeps the larger position (more cards left: dearer to search again); slot 1 takes the rest.
    const cards = popcount(h0) + popcount(h1) + popcount(h2);
    const meta0 = d[at + 3];
    const stale0 = meta0 >>> 24 !== this.generation;
    const cards0 = popcount(d[at]) + popcount(d[at + 1]) + popcount(d[at + 2]);
    const s = stale0 || cards >= cards0 ? at : at + 4;
    d[s] = h0;
    d[s + 1] = h1;
    d[s + 2] = h2;
    d[s + 3] = want | (lower << 4) | (upper << 11) | moveBits;
    if (++this.inserts >= (this.bucketMask + 1) * 2 && this.bucketMask + 1 < this.data.length >>> 3) {
      this.grow();
      this.inserts = 0;
    }
  }
}

/** The slots a generation starts on by default: 2^17 (2 MiB), or all of a smaller table. */
const START_BITS = 17;

function hash(h0: number, h1: number, h2: number, tag: number): number {
  let x = imul(h0 ^ tag, 0x9e3779b1) ^ imul(h1, 0x85ebca77) ^ imul(h2 + tag, 0xc2b2ae3d);
  x ^= x >>> 15;
  x = imul(x, 0x2c1b3c6d);
  x ^= x >>> 13;
  return x;
}

export function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

const KEY_BITS = 0x7f00000f;
const MOVE_BITS = 0x3f << 18;

export const ttLower = (meta: number): number => (meta >>> 4) & 0x7f;
export const ttUpper = (meta: number): number => (meta >>> 11) & 0x7f;
/** The best card (a solver bit) recorded with an entry, or -1. */
export const ttMove = (meta: number): number => ((meta >>> 18) & 0x3f) - 1;
