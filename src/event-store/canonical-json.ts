import { InvalidEventError } from './errors';
import { keyOrder } from './key-order';

/**
 * Canonical JSON: object keys sorted by code unit, no whitespace, numbers and strings as
 * JSON.stringify writes them. Both adapters hash this text, so the same event always gives the
 * same hash. Anything JSON would silently change or drop is refused with the path to it: BigInt,
 * NaN/Infinity, functions, symbols, cycles, undefined in arrays, and non-plain objects (Date, Map,
 * class instances) whose JSON form would not read back as the same value. An `undefined` object
 * property is left out, exactly as JSON does, since it reads back as the same optional field.
 */
export function canonicalJson(value: unknown, path = 'data'): string {
  try {
    return flatString(write(value, 0, value));
  } catch (err) {
    if (err instanceof Refusal) throw new InvalidEventError(`${path}${err.segments.reverse().join('')}: ${err.why}`);
    throw err;
  }
}

/**
 * The text as one flat string. A string built by `+=` is a rope of every piece, ~15 times its
 * length in memory; reading a character makes V8 flatten it in place, so a writer that keeps the
 * text (a bulk import's waiting batch) holds the characters only, and SQLite and sha256 read
 * them without flattening again.
 */
export function flatString(text: string): string {
  void text.charCodeAt(0);
  return text;
}

/** Thrown inside the walk; the path is collected while it unwinds, so success builds no paths. */
class Refusal {
  readonly segments: string[] = [];
  constructor(readonly why: string) {}
}

/** Deeper than this is either a cycle or not data a Skat event carries. */
export const MAX_JSON_DEPTH = 200;

function write(value: unknown, depth: number, root: unknown): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new Refusal(`${value} is not a JSON number`);
      return String(value); // JSON writes a finite number as its String
    case 'bigint':
      throw new Refusal('a BigInt is not JSON (send it as a decimal string)');
    case 'undefined':
      throw new Refusal('undefined is not JSON');
    case 'function':
      throw new Refusal('a function is not JSON');
    case 'symbol':
      throw new Refusal('a symbol is not JSON');
  }
  if (value === null) return 'null';
  if (depth >= MAX_JSON_DEPTH) {
    throw new Refusal(containsCycle(root) ? 'a cycle (the value contains itself)' : `nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      try {
        out += write(value[i], depth + 1, root);
      } catch (err) {
        if (err instanceof Refusal) err.segments.push(`[${i}]`);
        throw err;
      }
    }
    return out + ']';
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    const kind = (proto?.constructor?.name as string | undefined) ?? 'object';
    throw new Refusal(`a ${kind} is not plain JSON data (convert it to a string, number, array or plain object)`);
  }
  const record = value as Record<string, unknown>;
  const { sorted, members } = keyOrder(Object.keys(record));
  let out = '{';
  let first = true;
  for (let i = 0; i < sorted.length; i++) {
    const key = sorted[i];
    const v = record[key];
    if (v === undefined) continue;
    try {
      out += (first ? '' : ',') + members[i] + write(v, depth + 1, root);
    } catch (err) {
      if (err instanceof Refusal) err.segments.push(`.${key}`);
      throw err;
    }
    first = false;
  }
  return out + '}';
}

function containsCycle(root: unknown): boolean {
  const onPath = new Set<object>();
  const visit = (v: unknown): boolean => {
    if (v === null || typeof v !== 'object') return false;
    if (onPath.has(v)) return true;
    onPath.add(v);
    const found = Object.values(v).some(visit);
    onPath.delete(v);
    return found;
  };
  return visit(root);
}
