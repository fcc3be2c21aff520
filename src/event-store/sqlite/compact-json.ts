/**
 * A compact binary form of JSON values, for event data and shared metadata stored by the SQLite
 * store. It round-trips every value it accepts exactly: decoding gives a value whose canonical
 * JSON is byte for byte the text that was hashed, with keys in the same (sorted) order JSON.parse
 * of that text gives. Values it cannot hold so (a lone surrogate, a `__proto__` key) make
 * encodeJson return null, and the store keeps the JSON text instead.
 *
 * One tag byte per value: small integers, cards and the other static strings (compact-dictionary)
 * are that byte alone; an ISO timestamp or a decimal string is a varint; a string seen earlier in
 * the same value is a back-reference.
 */
import { Buffer } from 'node:buffer';
import { STATIC_INDEX, STATIC_STRINGS } from './compact-dictionary';
import { keyOrder } from '../key-order';

const SMALL_INT_MAX = 0x3f; // tags 0x00-0x3f: the integers 0-63
const NULL = 0x40;
const FALSE = 0x41;
const TRUE = 0x42;
const INT_POS = 0x43; // varint n (n > 63)
const INT_NEG = 0x44; // varint -n (n < 0)
const FLOAT = 0x45; // float64 LE
const STRING = 0x46; // varint byte length, UTF-8
const ARRAY = 0x47; // varint count, values
const OBJECT = 0x48; // varint count, (key, value) pairs in sorted key order
const STATIC2 = 0x49; // byte: static string 128 + byte
const BACKREF = 0x4a; // varint: the n-th inline string of this value
const TIME_S = 0x4b; // zigzag varint seconds: YYYY-MM-DDTHH:MM:SSZ
const TIME_MS = 0x4c; // zigzag varint milliseconds: YYYY-MM-DDTHH:MM:SS.sssZ
const DIGITS = 0x4d; // varint: a decimal string without leading zeros
const STATIC1 = 0x80; // tags 0x80-0xff: static strings 0-127

const TIME_SECONDS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;
const TIME_MILLIS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const DECIMAL = /^(0|[1-9]\d{0,14})$/;

/** Thrown inside the walk when a value cannot round-trip exactly. */
const NOT_COMPACT = Symbol('notCompact');

let out = Buffer.allocUnsafe(64 * 1024);
let at = 0;
let inline = new Map<string, number>();

function room(n: number): void {
  if (at + n <= out.length) return;
  const bigger = Buffer.allocUnsafe(Math.max(out.length * 2, at + n));
  out.copy(bigger, 0, 0, at);
  out = bigger;
}

function varint(n: number): void {
  room(8);
  while (n >= 0x80) {
    out[at++] = (n % 0x80) | 0x80;
    n = Math.floor(n / 0x80);
  }
  out[at++] = n;
}

const zigzag = (n: number) => (n < 0 ? -2 * n - 1 : 2 * n);
const unzigzag = (n: number) => (n % 2 === 1 ? -(n + 1) / 2 : n / 2);
const wellFormed = (s: string): boolean => (s as unknown as { isWellFormed(): boolean }).isWellFormed();

function writeString(s: string): void {
  const known = STATIC_INDEX.get(s);
  if (known !== undefined) {
    room(2);
    if (known < 128) out[at++] = STATIC1 + known;
    else {
      out[at++] = STATIC2;
      out[at++] = known - 128;
    }
    return;
  }
  const earlier = inline.get(s);
  if (earlier !== undefined) {
    room(1);
    out[at++] = BACKREF;
    varint(earlier);
    return;
  }
  if (s.length >= 20 && s.length <= 24 && (TIME_SECONDS.test(s) || TIME_MILLIS.test(s))) {
    const ms = Date.parse(s);
    const iso = Number.isNaN(ms) ? '' : new Date(ms).toISOString();
    if (iso === s || (s.length === 20 && iso === `${s.slice(0, 19)}.000Z`)) {
      room(1);
      out[at++] = s.length === 20 ? TIME_S : TIME_MS;
      varint(zigzag(s.length === 20 ? ms / 1000 : ms));
      return;
    }
  }
  if (s.length <= 15 && DECIMAL.test(s)) {
    room(1);
    out[at++] = DIGITS;
    varint(Number(s));
    return;
  }
  if (!wellFormed(s)) throw NOT_COMPACT;
  const bytes = Buffer.byteLength(s, 'utf8');
  room(1);
  out[at++] = STRING;
  varint(bytes);
  room(bytes);
  at += out.write(s, at, 'utf8');
  if (s.length >= 3) inline.set(s, inline.size);
}

function writeValue(v: unknown): void {
  switch (typeof v) {
    case 'string':
      return writeString(v);
    case 'boolean':
      room(1);
      out[at++] = v ? TRUE : FALSE;
      return;
    case 'number':
      room(9);
      if (Number.isSafeInteger(v)) {
        if (v >= 0 && v <= SMALL_INT_MAX) out[at++] = v;
        else if (v > 0) {
          out[at++] = INT_POS;
          varint(v);
        } else {
          out[at++] = INT_NEG;
          varint(-v);
        }
      } else if (Object.is(v, -0))
        out[at++] = 0; // JSON writes -0 as 0 and reads it back so
      else if (Number.isFinite(v)) {
        out[at++] = FLOAT;
        out.writeDoubleLE(v, at);
        at += 8;
      } else throw NOT_COMPACT;
      return;
    case 'object':
      if (v === null) {
        room(1);
        out[at++] = NULL;
        return;
      }
      if (Array.isArray(v)) {
        room(1);
        out[at++] = ARRAY;
        varint(v.length);
        for (let i = 0; i < v.length; i++) writeValue(v[i]);
        return;
      }
      return writeObject(v as Record<string, unknown>);
    default:
      throw NOT_COMPACT;
  }
}

function writeObject(o: Record<string, unknown>): void {
  const proto = Object.getPrototypeOf(o);
  if (proto !== Object.prototype && proto !== null) throw NOT_COMPACT;
  const keys = keyOrder(Object.keys(o)).sorted;
  let count = 0;
  for (let i = 0; i < keys.length; i++) if (o[keys[i]] !== undefined) count++;
  room(1);
  out[at++] = OBJECT;
  varint(count);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    const v = o[k];
    if (v === undefined) continue;
    if (k === '__proto__') throw NOT_COMPACT;
    writeString(k);
    writeValue(v);
  }
}

/** The name of this form, for a sealer that computes it for the store (NewStreamSealing.dataForm). */
export const COMPACT_JSON_FORM = 'sqlite-compact-json';

/** The compact form of a JSON value, or null when it must be kept as text (see the file's comment). */
export function encodeJson(value: unknown): Buffer | null {
  at = 0;
  inline = new Map();
  try {
    writeValue(value);
  } catch (err) {
    if (err === NOT_COMPACT) return null;
    throw err;
  }
  return Buffer.from(out.subarray(0, at));
}

let input: Uint8Array = Buffer.alloc(0);
/** The input as a Buffer, made once per decode (a view per string cost as much as its text). */
let view: Buffer = Buffer.alloc(0);
let pos = 0;

function startDecoding(bytes: Uint8Array): void {
  input = bytes;
  view = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  pos = 0;
}
let strings: string[] = [];

function byte(): number {
  if (pos >= input.length) throw new Error('compact JSON ends early');
  return input[pos++];
}

function readVarint(): number {
  let n = 0;
  let scale = 1;
  for (;;) {
    const b = byte();
    n += (b & 0x7f) * scale;
    if (b < 0x80) return n;
    scale *= 0x80;
    if (scale > 2 ** 56) throw new Error('compact JSON: varint too long');
  }
}

function readValue(): unknown {
  const tag = byte();
  if (tag <= SMALL_INT_MAX) return tag;
  if (tag >= STATIC1) return STATIC_STRINGS[tag - STATIC1];
  switch (tag) {
    case NULL:
      return null;
    case FALSE:
      return false;
    case TRUE:
      return true;
    case INT_POS:
      return readVarint();
    case INT_NEG:
      return -readVarint();
    case FLOAT: {
      if (pos + 8 > input.length) throw new Error('compact JSON ends early');
      const v = view.readDoubleLE(pos);
      pos += 8;
      return v;
    }
    case ARRAY: {
      const n = readVarint();
      if (n > input.length - pos) throw new Error('compact JSON: array longer than its bytes');
      const a = new Array<unknown>(n);
      for (let i = 0; i < n; i++) a[i] = readValue();
      return a;
    }
    case OBJECT: {
      const n = readVarint();
      if (n > input.length - pos) throw new Error('compact JSON: object longer than its bytes');
      const o: Record<string, unknown> = {};
      for (let i = 0; i < n; i++) {
        const k = readValue();
        if (typeof k !== 'string' || k === '__proto__') throw new Error('compact JSON: a key is not a string');
        o[k] = readValue();
      }
      return o;
    }
    default:
      return readStringTag(tag);
  }
}

function readStringTag(tag: number): string {
  switch (tag) {
    case STRING: {
      const n = readVarint();
      if (pos + n > input.length) throw new Error('compact JSON ends early');
      const s = view.toString('utf8', pos, pos + n);
      pos += n;
      if (s.length >= 3) strings.push(s);
      return s;
    }
    case STATIC2: {
      const s = STATIC_STRINGS[128 + byte()];
      if (s === undefined) throw new Error('compact JSON: unknown static string');
      return s;
    }
    case BACKREF: {
      const s = strings[readVarint()];
      if (s === undefined) throw new Error('compact JSON: a back-reference to nothing');
      return s;
    }
    case TIME_S:
      return `${new Date(unzigzag(readVarint()) * 1000).toISOString().slice(0, 19)}Z`;
    case TIME_MS:
      return new Date(unzigzag(readVarint())).toISOString();
    case DIGITS:
      return String(readVarint());
    default:
      throw new Error(`compact JSON: unknown tag ${tag}`);
  }
}

/** The value of a compact form; throws (an Error saying what is wrong) on damaged bytes. */
export function decodeJson(bytes: Uint8Array): unknown {
  startDecoding(bytes);
  strings = [];
  const v = readValue();
  if (pos !== bytes.length) throw new Error('compact JSON: bytes after the value');
  return v;
}

/**
 * The values of `count` compact forms written one after another (a batch read hands a range's
 * data blobs over as one), in order; throws as decodeJson does, also when the bytes hold more.
 */
export function decodeJsonSequence(bytes: Uint8Array, count: number): unknown[] {
  startDecoding(bytes);
  const values = new Array<unknown>(count);
  for (let i = 0; i < count; i++) {
    strings = [];
    values[i] = readValue();
  }
  if (pos !== bytes.length) throw new Error('compact JSON: bytes after the values');
  return values;
}
