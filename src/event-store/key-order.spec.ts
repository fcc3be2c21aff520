import fc from 'fast-check';
import { keyOrder } from './key-order';

describe('keyOrder', () => {
  it('gives the keys sorted by code unit and each one quoted, met first or again', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string(), { maxLength: 12 }), (keys) => {
        for (let pass = 0; pass < 2; pass++) {
          const order = keyOrder([...keys]);
          expect(order.sorted).toEqual([...keys].sort());
          expect(order.members).toEqual([...keys].sort().map((k) => `${JSON.stringify(k)}:`));
        }
      }),
    );
  });

  it('tells apart shapes that share their first key or hold the same keys in another order', () => {
    expect(keyOrder(['b', 'a']).sorted).toEqual(['a', 'b']);
    expect(keyOrder(['b', 'c', 'a']).sorted).toEqual(['a', 'b', 'c']);
    expect(keyOrder(['a', 'b']).keys).toEqual(['a', 'b']);
    expect(keyOrder(['b', 'a']).keys).toEqual(['b', 'a']);
  });

  it('sorts shapes it does not keep (long keys) all the same', () => {
    const long = ['z'.repeat(2000), 'y'.repeat(10), 'x'];
    expect(keyOrder(long).sorted).toEqual([...long].sort());
    expect(keyOrder(long).sorted).toEqual([...long].sort());
  });
});
