import { ALL_CARDS } from './card';
import { orderedDeck, seededDeck, seededRandom, shuffle, shuffledDeck } from './deck';

describe('deck', () => {
  it('R1: the ordered deck is 32 distinct cards worth 120 points', () => {
    const d = orderedDeck();
    expect(new Set(d).size).toBe(32);
    expect(d).toEqual(ALL_CARDS);
  });

  it('a seeded shuffle is deterministic per seed and differs between seeds', () => {
    expect(seededDeck('alpha')).toEqual(seededDeck('alpha'));
    expect(seededDeck('alpha')).not.toEqual(seededDeck('beta'));
    expect(new Set(seededDeck('alpha')).size).toBe(32);
  });

  it('the seeded generator stays inside its range', () => {
    const r = seededRandom('range');
    for (let i = 1; i < 1000; i++) {
      const v = r(7);
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThan(7);
    }
  });

  it('the live shuffle takes an injected source of chance', () => {
    const always0 = (): number => 0;
    const a = shuffledDeck(always0);
    const b = shuffledDeck(always0);
    expect(a).toEqual(b);
    expect(new Set(shuffledDeck()).size).toBe(32);
  });

  it('refuses a broken source of chance instead of producing a bad deck', () => {
    expect(() => shuffle(ALL_CARDS, () => 99)).toThrow(RangeError);
  });
});
