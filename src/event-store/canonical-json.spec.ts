import fc from 'fast-check';
import { canonicalJson, MAX_JSON_DEPTH } from './canonical-json';
import { InvalidEventError } from './errors';

describe('canonicalJson', () => {
  it('sorts keys at every level and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: 'x' } })).toBe('{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}');
  });

  it('sorts integer-like keys as strings, unlike JS property order', () => {
    expect(canonicalJson({ 10: 'a', 9: 'b', x: 'c' })).toBe('{"10":"a","9":"b","x":"c"}');
  });

  it('gives the same text for the same value whatever the key order', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        const shuffled = JSON.parse(
          JSON.stringify(value, (_k, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v)),
        );
        expect(canonicalJson(shuffled)).toBe(text);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it('leaves out undefined object properties, as JSON does', () => {
    expect(canonicalJson({ a: 1, b: undefined })).toBe('{"a":1}');
  });

  it.each([
    [{ a: [1, { b: 2n }] }, 'data.a[1].b: a BigInt'],
    [{ s: NaN }, 'data.s: NaN'],
    [{ s: -Infinity }, 'data.s: -Infinity'],
    [[() => 1], 'data[0]: a function'],
    [{ when: new Date(0) }, 'data.when: a Date'],
    [{ set: new Set([1]) }, 'data.set: a Set'],
    [[undefined], 'data[0]: undefined'],
    [{ sym: Symbol('s') }, 'data.sym: a symbol'],
  ])('refuses %p naming the path', (value, message) => {
    expect(() => canonicalJson(value)).toThrow(InvalidEventError);
    expect(() => canonicalJson(value)).toThrow(message);
  });

  it('tells a cycle from deep nesting', () => {
    const cyclic: { self?: unknown; list: unknown[] } = { list: [] };
    cyclic.list.push(cyclic);
    expect(() => canonicalJson(cyclic)).toThrow(/a cycle/);
    let deep: unknown = 1;
    for (let i = 0; i < MAX_JSON_DEPTH + 5; i++) deep = [deep];
    expect(() => canonicalJson(deep)).toThrow(/nested deeper than/);
  });

  it('accepts the same object twice when it is not a cycle', () => {
    const shared = { x: 1 };
    expect(canonicalJson({ a: shared, b: shared })).toBe('{"a":{"x":1},"b":{"x":1}}');
  });

  it('accepts objects without a prototype', () => {
    const bare = Object.create(null) as Record<string, number>;
    bare.k = 1;
    expect(canonicalJson(bare)).toBe('{"k":1}');
  });
});
