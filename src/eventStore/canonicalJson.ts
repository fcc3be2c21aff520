import { InvalidEventError } from './errors';

/**
 * Canonical JSON: object keys sorted by code unit, no whitespace, numbers and strings as
 * JSON.stringify writes them. Both adapters hash this text, so the same event always gives the
 * same hash. Anything JSON would silently change or drop is refused with the path to it: BigInt,
 * NaN/Infinity, functions, symbols, cycles, undefined in arrays, and non-plain objects (Date, Map,
 * class instances) whose JSON form would not read back as the same value. An `undefined` object
 * property is left out, exactly as JSON does, since it reads back as the same optional field.
 */
export function canonicalJson(value: unknown, path = 'data'): string {
  return write(value, path, []);
}

function write(value: unknown, path: string, ancestors: object[]): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw refuse(path, `${value} is not a JSON number`);
      return JSON.stringify(value);
    case 'bigint':
      throw refuse(path, 'a BigInt is not JSON (send it as a decimal string)');
    case 'undefined':
      throw refuse(path, 'undefined is not JSON');
    case 'function':
      throw refuse(path, 'a function is not JSON');
    case 'symbol':
      throw refuse(path, 'a symbol is not JSON');
  }
  if (value === null) return 'null';
  const obj = value as object;
  if (ancestors.includes(obj)) throw refuse(path, 'a cycle (the value contains itself)');
  ancestors.push(obj);
  try {
    if (Array.isArray(obj)) {
      const parts = new Array<string>(obj.length);
      for (let i = 0; i < obj.length; i++) parts[i] = write(obj[i], `${path}[${i}]`, ancestors);
      return `[${parts.join(',')}]`;
    }
    const proto = Object.getPrototypeOf(obj);
    if (proto !== Object.prototype && proto !== null) {
      const kind = (proto?.constructor?.name as string | undefined) ?? 'object';
      throw refuse(path, `a ${kind} is not plain JSON data (convert it to a string, number, array or plain object)`);
    }
    const record = obj as Record<string, unknown>;
    const keys = Object.keys(record).sort();
    const parts: string[] = [];
    for (const key of keys) {
      const v = record[key];
      if (v === undefined) continue;
      parts.push(`${JSON.stringify(key)}:${write(v, `${path}.${key}`, ancestors)}`);
    }
    return `{${parts.join(',')}}`;
  } finally {
    ancestors.pop();
  }
}

function refuse(path: string, why: string): InvalidEventError {
  return new InvalidEventError(`${path}: ${why}`);
}
