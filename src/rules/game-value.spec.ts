import {
  NULL_VALUES,
  baseValue,
  countAloud,
  multiplierOf,
  nextNullValueReaching,
  nullValue,
  smallestMultipleReaching,
  type MultiplierLevels,
} from './game-value';

const plain: MultiplierLevels = {
  matadors: 1,
  hand: false,
  schneider: false,
  schneiderAnnounced: false,
  schwarz: false,
  schwarzAnnounced: false,
  ouvert: false,
};

describe('game value (R26, R28, R29)', () => {
  it('R26 base values: diamonds 9, hearts 10, spades 11, clubs 12, grand 24 (V3: the profile may say 20)', () => {
    const isko = { grandBase: 24 };
    expect(['diamonds', 'hearts', 'spades', 'clubs', 'grand'].map((g) => baseValue(g as never, isko))).toEqual([9, 10, 11, 12, 24]);
    expect(baseValue('grand', { grandBase: 20 })).toBe(20);
  });

  it('R28 multiplier = matadors + game + one per level', () => {
    expect(multiplierOf(plain)).toBe(2);
    expect(multiplierOf({ ...plain, schneider: true })).toBe(3);
    expect(multiplierOf({ ...plain, hand: true, schneider: true, schneiderAnnounced: true })).toBe(5);
    expect(multiplierOf({ ...plain, hand: true, schneider: true, schneiderAnnounced: true, schwarz: true, schwarzAnnounced: true })).toBe(7);
    // Grand ouvert with 4: 4 + game + hand, schneider, announced, schwarz, announced + ouvert = 11.
    const ouvert = { matadors: 4, hand: true, schneider: true, schneiderAnnounced: true, schwarz: true, schwarzAnnounced: true, ouvert: true };
    expect(multiplierOf(ouvert) * 24).toBe(264);
  });

  it('R28 counts aloud the way a player does', () => {
    expect(countAloud(2, { ...plain, matadors: 2, hand: true, schneider: true })).toBe('with 2, game 3, hand 4, schneider 5');
    expect(countAloud(-2, { ...plain, matadors: 2 })).toBe('without 2, game 3');
  });

  it('R29 null values: 23, hand 35, ouvert 46, ouvert hand 59', () => {
    expect(nullValue({ hand: false, ouvert: false })).toBe(NULL_VALUES.plain);
    expect(nullValue({ hand: true, ouvert: false })).toBe(35);
    expect(nullValue({ hand: false, ouvert: true })).toBe(46);
    expect(nullValue({ hand: true, ouvert: true })).toBe(59);
  });

  it('R32 smallest multiple of the base reaching the bid', () => {
    expect(smallestMultipleReaching(9, 22)).toBe(27);
    expect(smallestMultipleReaching(10, 24)).toBe(30);
    expect(smallestMultipleReaching(11, 72)).toBe(77);
    expect(smallestMultipleReaching(10, 30)).toBe(30);
  });

  it('D2 next null value reaching a bid, none above 59', () => {
    expect(nextNullValueReaching(24)).toBe(35);
    expect(nextNullValueReaching(46)).toBe(46);
    expect(nextNullValueReaching(60)).toBeNull();
  });
});
