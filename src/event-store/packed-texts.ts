import { Buffer } from 'node:buffer';

/** Texts read by index: a string array is one, and so is PackedTexts. */
export interface TextList {
  readonly length: number;
  at(index: number): string | undefined;
}

/**
 * Many strings in one UTF-8 buffer, so that a worker thread can hand a batch of sealed rows over
 * by transfer. The receiver then holds one compact buffer per batch instead of millions of heap
 * strings (which outlive a young-generation collection and then wait as garbage for a full one),
 * and each string exists only while its row is being inserted.
 */
export class PackedTexts implements TextList {
  constructor(
    private readonly bytes: Buffer,
    /** The end offset in `bytes` of every string of the pack; string k starts where k - 1 ends. */
    private readonly ends: Uint32Array,
    /** This list's first string in the pack. */
    private readonly first: number,
    readonly length: number,
  ) {}

  at(index: number): string | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.length) return undefined;
    const k = this.first + index;
    return this.bytes.toString('utf8', k === 0 ? 0 : this.ends[k - 1], this.ends[k]);
  }
}

// String.prototype.isWellFormed (ES2024; Node 20 has it, the ES2022 lib does not declare it).
const wellFormed = (s: string): boolean => (s as unknown as { isWellFormed(): boolean }).isWellFormed();

/** A pack of strings: their UTF-8 bytes one after another, and where each ends. */
export interface TextPack {
  readonly bytes: Uint8Array;
  readonly ends: Uint32Array;
}

/**
 * Packs the strings in order; null when one is not well-formed UTF-16 (a lone surrogate would not
 * survive UTF-8), so the caller sends such strings as they are.
 */
export function packTexts(lists: readonly (readonly string[])[]): TextPack | null {
  let count = 0;
  let size = 0;
  for (const list of lists) {
    for (const s of list) {
      if (!wellFormed(s)) return null;
      size += Buffer.byteLength(s, 'utf8');
    }
    count += list.length;
  }
  const bytes = Buffer.allocUnsafeSlow(size);
  const ends = new Uint32Array(count);
  let at = 0;
  let k = 0;
  for (const list of lists) for (const s of list) ends[k++] = at += bytes.write(s, at, 'utf8');
  return { bytes, ends };
}

/** The lists of a pack made by packTexts, given each list's length in order. */
export function unpackTexts(pack: TextPack, lengths: readonly number[]): PackedTexts[] {
  const bytes = Buffer.from(pack.bytes.buffer, pack.bytes.byteOffset, pack.bytes.byteLength);
  const out: PackedTexts[] = [];
  let first = 0;
  for (const n of lengths) {
    out.push(new PackedTexts(bytes, pack.ends, first, n));
    first += n;
  }
  if (first !== pack.ends.length) throw new Error(`unpackTexts: the lists hold ${first} strings, the pack ${pack.ends.length}`);
  return out;
}

/** Byte strings read by index; null where a list holds none. */
export interface ByteList {
  readonly length: number;
  at(index: number): Uint8Array | null | undefined;
}

/** Byte strings of a pack made by packByteLists, each a view of the pack (no copy). */
export class PackedBytes implements ByteList {
  constructor(
    private readonly bytes: Buffer,
    private readonly ends: Uint32Array,
    private readonly first: number,
    readonly length: number,
  ) {}

  at(index: number): Buffer | null | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.length) return undefined;
    const k = this.first + index;
    const start = k === 0 ? 0 : this.ends[k - 1];
    return this.ends[k] === start ? null : this.bytes.subarray(start, this.ends[k]);
  }
}

/** Packs byte strings in order, a null as an empty one (so none of them may be empty). */
export function packByteLists(lists: readonly ByteList[]): TextPack {
  let count = 0;
  let size = 0;
  for (const list of lists) {
    for (let i = 0; i < list.length; i++) {
      const b = list.at(i);
      if (b !== null && b !== undefined && b.length === 0) throw new Error('packByteLists: an empty byte string (only null packs as empty)');
      size += b?.length ?? 0;
    }
    count += list.length;
  }
  const bytes = Buffer.allocUnsafeSlow(size);
  const ends = new Uint32Array(count);
  let at = 0;
  let k = 0;
  for (const list of lists) {
    for (let i = 0; i < list.length; i++) {
      const b = list.at(i);
      if (b) {
        bytes.set(b, at);
        at += b.length;
      }
      ends[k++] = at;
    }
  }
  return { bytes, ends };
}

/** The lists of a pack made by packByteLists, given each list's length in order. */
export function unpackByteLists(pack: TextPack, lengths: readonly number[]): PackedBytes[] {
  const bytes = Buffer.from(pack.bytes.buffer, pack.bytes.byteOffset, pack.bytes.byteLength);
  const out: PackedBytes[] = [];
  let first = 0;
  for (const n of lengths) {
    out.push(new PackedBytes(bytes, pack.ends, first, n));
    first += n;
  }
  if (first !== pack.ends.length) throw new Error(`unpackByteLists: the lists hold ${first} byte strings, the pack ${pack.ends.length}`);
  return out;
}
