/**
 * Values the API promises never to change once handed out (the frames of a finished deal, as the
 * frame cache keeps them). The query fast path may serialise a plain subtree over such a value
 * once per selection and reuse the text. Mark only what nobody mutates afterwards.
 */
const immutable = new WeakSet<object>();

export function markImmutable<T extends object>(value: T): T {
  immutable.add(value);
  return value;
}

export function isImmutable(value: unknown): boolean {
  return typeof value === 'object' && value !== null && immutable.has(value);
}
