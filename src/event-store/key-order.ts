/**
 * An object's keys sorted by code unit, as canonical JSON and the compact form write them, for the
 * few shapes event data has (a deal's 35 events have about 15): sorting and quoting each object's
 * keys again cost more than a third of writing it. A shape is recognised by its keys in property
 * order (Object.keys), compared key by key, so a cached order is exactly `[...keys].sort()`.
 */
export interface KeyOrder {
  /** The keys in property order, as Object.keys gave them. */
  readonly keys: readonly string[];
  /** The same keys sorted by code unit. */
  readonly sorted: readonly string[];
  /** `"key":` of each sorted key (JSON.stringify of the key, then a colon). */
  readonly members: readonly string[];
}

/** Shapes kept, by their first key; bounded against data of ever new shapes (then sorted per call). */
const byFirstKey = new Map<string, KeyOrder[]>();
let kept = 0;
const MAX_KEPT = 4096;
/** Shapes kept per first key, so a lookup compares with a few at most. */
const MAX_PER_FIRST_KEY = 16;
/** Only shapes of up to this many characters of keys are kept (event data's have a hundred or so), so the cache stays small whatever data comes. */
const MAX_KEPT_KEY_CHARS = 1024;

function keyChars(keys: readonly string[]): number {
  let n = 0;
  for (let i = 0; i < keys.length && n <= MAX_KEPT_KEY_CHARS; i++) n += keys[i].length + 1;
  return n;
}

function orderOf(keys: readonly string[]): KeyOrder {
  const sorted = [...keys].sort();
  return { keys, sorted, members: sorted.map((k) => `${JSON.stringify(k)}:`) };
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const NO_KEYS: KeyOrder = { keys: [], sorted: [], members: [] };

/** The sorted keys of an object given its Object.keys. */
export function keyOrder(keys: readonly string[]): KeyOrder {
  if (keys.length === 0) return NO_KEYS;
  const first = keys[0];
  let list = byFirstKey.get(first);
  if (list !== undefined) {
    for (let i = 0; i < list.length; i++) if (sameKeys(list[i].keys, keys)) return list[i];
  }
  const order = orderOf(keys);
  if (kept < MAX_KEPT && (list === undefined || list.length < MAX_PER_FIRST_KEY) && keyChars(keys) <= MAX_KEPT_KEY_CHARS) {
    if (list === undefined) byFirstKey.set(first, (list = []));
    list.push(order);
    kept++;
  }
  return order;
}
