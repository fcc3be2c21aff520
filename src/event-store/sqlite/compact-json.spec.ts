/** The compact form of event data: exact round trips, or null where only the text is exact. */
import fc from 'fast-check';
import { canonicalJson } from '../canonical-json';
import { decodeJson, encodeJson } from './compact-json';

describe('compact JSON', () => {
  it('any JSON value decodes to the same canonical text, keys in the order JSON.parse gives', () => {
    const value = fc.jsonValue();
    fc.assert(
      fc.property(value, (v) => {
        const text = canonicalJson(JSON.parse(JSON.stringify(v)));
        const bytes = encodeJson(JSON.parse(text));
        if (bytes === null) return; // kept as text by the store
        const back = decodeJson(bytes);
        expect(canonicalJson(back)).toBe(text);
        expect(JSON.stringify(back)).toBe(JSON.stringify(JSON.parse(text)));
      }),
      { numRuns: 2000 },
    );
  });

  it('a value encodes as its canonical text read back does (a sealer encodes the value, the store once parsed the text)', () => {
    const value = fc.oneof(fc.jsonValue(), fc.object(), fc.dictionary(fc.oneof(fc.string(), fc.nat().map(String)), fc.option(fc.double(), { nil: undefined })));
    fc.assert(
      fc.property(value, (v) => {
        let text: string;
        try {
          text = canonicalJson(v);
        } catch {
          return; // refused by every store, never sealed
        }
        const direct = encodeJson(v);
        const parsed = encodeJson(JSON.parse(text));
        expect(direct === null ? null : Buffer.from(direct).toString('hex')).toBe(parsed === null ? null : Buffer.from(parsed).toString('hex'));
      }),
      { numRuns: 2000 },
    );
    expect(encodeJson({ b: undefined, a: -0, '10': 1, '9': [0.1, 1e21] })).toEqual(
      encodeJson(JSON.parse(canonicalJson({ b: undefined, a: -0, '10': 1, '9': [0.1, 1e21] }))),
    );
  });

  it('cards, small integers and timestamps take a byte or a varint; strings seen before are back-references', () => {
    expect(encodeJson({ card: 'SA', seat: 0, trick: 1 })?.length).toBe(8);
    expect(encodeJson('2010-12-06T18:59:24Z')?.length).toBeLessThanOrEqual(6);
    const name = 'kermit-the-frog';
    expect((encodeJson([name, name, name]) as Buffer).length).toBe(2 + (2 + name.length) + 2 * 2);
    for (const s of ['2010-12-06T18:59:24Z', '2026-12-02T14:21:43.715Z', '0999-01-01T00:00:00Z', '1969-12-31T23:59:59.999Z', '007', '123456789012345', '1e3']) {
      expect(decodeJson(encodeJson(s) as Buffer)).toBe(s);
    }
  });

  it('values without an exact compact form are left to the text: lone surrogates, __proto__ keys', () => {
    expect(encodeJson({ s: '\ud800' })).toBeNull();
    expect(encodeJson(JSON.parse('{"__proto__":1}'))).toBeNull();
    expect(decodeJson(encodeJson(-0) as Buffer)).toBe(0);
  });

  it('damaged bytes are an error, never a wrong value silently', () => {
    const bytes = encodeJson({ hands: [['SA', 'SK']], text: 'declarer 59 card points < 61: lost' }) as Buffer;
    for (let cut = 0; cut < bytes.length; cut++) expect(() => decodeJson(bytes.subarray(0, cut))).toThrow();
    expect(() => decodeJson(Buffer.from([0x4e]))).toThrow(/unknown tag/);
  });
});
