import { holdsRawJson, markContainsRawJson, RawJson, stringifyWithRawJson } from './raw-json';

/** A response tree with some subtrees replaced by their text, marked the way the executor marks it. */
function withRaw(value: unknown, replace: (v: unknown) => boolean): unknown {
  if (replace(value)) return new RawJson(JSON.stringify(value));
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [] : {};
  let holds = false;
  for (const [k, v] of Object.entries(value)) {
    const c = withRaw(v, replace);
    if (holdsRawJson(c)) holds = true;
    (copy as Record<string, unknown>)[k] = c;
  }
  if (holds) markContainsRawJson(copy);
  return copy;
}

describe('stringifyWithRawJson', () => {
  const response = {
    data: {
      deal: {
        id: 'iss-7',
        note: 'ä "quoted" \\ \u0000 \u2028',
        frames: [
          { step: 0, hands: [['CJ', 'HA'], [], null], toAct: null },
          { step: 1, hands: [['HA']], toAct: 'FOREHAND' },
        ],
        result: { score: -48, won: false, derivation: ['R21: base 12'] },
      },
    },
  };

  it.each([
    ['nothing replaced', () => false],
    ['the frames list replaced', (v: unknown) => Array.isArray(v) && v.length === 2 && (v[0] as { step?: number }).step === 0],
    ['every frame replaced', (v: unknown) => typeof v === 'object' && v !== null && 'step' in v],
    ['every string replaced', (v: unknown) => typeof v === 'string'],
  ])('writes exactly what JSON.stringify writes (%s)', (_name, replace) => {
    expect(stringifyWithRawJson(withRaw(response, replace))).toBe(JSON.stringify(response));
  });

  it('leaves out undefined members and writes undefined array items as null, as JSON.stringify does', () => {
    const inner = new RawJson('{"a":1}');
    const obj: Record<string, unknown> = { a: undefined, b: inner, c: [undefined, inner] };
    markContainsRawJson(obj.c as object);
    markContainsRawJson(obj);
    expect(stringifyWithRawJson({ errors: undefined, data: obj })).toBe('{"data":{"b":{"a":1},"c":[null,{"a":1}]}}');
  });

  it('stringifies plain values natively', () => {
    expect(stringifyWithRawJson({ data: { x: [1, 'two', null] } })).toBe('{"data":{"x":[1,"two",null]}}');
    expect(stringifyWithRawJson(null)).toBe('null');
  });
});
