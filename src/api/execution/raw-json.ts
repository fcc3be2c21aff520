/**
 * Pieces of a GraphQL response that are already JSON text, and the serialiser that splices them
 * in. The query fast path answers a subtree over an immutable value (the frames of a finished
 * deal) once and keeps its text; later answers embed that text instead of walking and
 * serialising the same 60 KB again. Output is byte for byte what JSON.stringify gives for the
 * same data.
 */

/** A completed subtree, serialised. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Response objects and arrays that hold a RawJson somewhere below: only these are walked here. */
const containers = new WeakSet<object>();

export function markContainsRawJson(container: object): void {
  containers.add(container);
}

export function holdsRawJson(value: unknown): boolean {
  return value instanceof RawJson || (typeof value === 'object' && value !== null && containers.has(value));
}

/** JSON.stringify that writes RawJson pieces as their text; everything else natively. */
export function stringifyWithRawJson(value: unknown): string {
  if (typeof value === 'object' && value !== null && !containers.has(value) && !(value instanceof RawJson)) {
    // The result envelope ({ data, errors, extensions }) is built by Apollo after execution.
    const children = Array.isArray(value) ? value : Object.values(value);
    if (children.some(holdsRawJson)) containers.add(value);
  }
  return write(value) ?? 'null';
}

function write(value: unknown): string | undefined {
  if (value instanceof RawJson) return value.text;
  if (typeof value !== 'object' || value === null || !containers.has(value)) return JSON.stringify(value);
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i > 0 ? ',' : '') + (write(value[i]) ?? 'null');
    return `${out}]`;
  }
  let out = '{';
  let first = true;
  for (const key of Object.keys(value)) {
    const text = write((value as Record<string, unknown>)[key]);
    if (text === undefined) continue; // as JSON.stringify: undefined members are left out
    out += `${first ? '' : ','}${JSON.stringify(key)}:${text}`;
    first = false;
  }
  return `${out}}`;
}
