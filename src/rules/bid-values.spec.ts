import { BID_VALUES, isBidValue, nextBidValue, MIN_BID, MAX_BID } from './bid-values';

describe('bid values', () => {
  it('R5: the list is exactly the one in rules.md', () => {
    const expected =
      '18 20 22 23 24 27 30 33 35 36 40 44 45 46 48 50 54 55 59 60 63 66 70 72 77 80 81 84 88 90 96 99 100 ' +
      '108 110 117 120 121 126 130 132 135 140 143 144 150 153 154 156 160 162 165 168 170 176 180 187 192 ' +
      '198 204 216 240 264';
    expect(BID_VALUES.join(' ')).toBe(expected);
    expect(MIN_BID).toBe(18);
    expect(MAX_BID).toBe(264);
  });

  it('R5: 19, 21, 25 and 265 are not bid values; null values 23, 35, 46, 59 are', () => {
    for (const n of [19, 21, 25, 265, 0, 17]) expect(isBidValue(n)).toBe(false);
    for (const n of [23, 35, 46, 59]) expect(isBidValue(n)).toBe(true);
  });

  it('R5: the next bid after 0 is 18, after 18 is 20, after 23 is 24, none after 264', () => {
    expect(nextBidValue(0)).toBe(18);
    expect(nextBidValue(18)).toBe(20);
    expect(nextBidValue(23)).toBe(24);
    expect(nextBidValue(264)).toBeNull();
  });
});
