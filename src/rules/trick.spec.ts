import { ALL_CARDS } from './card';
import { cardClass, followSuitReason, isTrump, mayPlay, playableCards, suitOrder, trickPoints, trickWinnerPosition, trumpOrder, TRUMP_CLASS } from './trick';

describe('trick rules', () => {
  it('R16: a jack does not follow its printed suit in a suit game (rules.md example)', () => {
    // Diamonds is trump, HT led; holding C7, HK, HJ the player must play HK.
    const hand = ['C7', 'HK', 'HJ'] as const;
    expect(playableCards(hand, 'HT', 'diamonds')).toEqual(['HK']);
    expect(mayPlay(hand, 'HT', 'HJ', 'diamonds')).toBe(false);
    expect(followSuitReason('middlehand', hand, 'HT', 'HJ', 'diamonds')).toBe('middlehand must follow hearts (holds HK); HJ is a trump in a diamonds game');
  });

  it('R16: a led trump (incl. any jack) must be followed with trumps', () => {
    expect(playableCards(['DA', 'HJ', 'C7'], 'CJ', 'diamonds')).toEqual(['DA', 'HJ']);
    expect(playableCards(['DA', 'HJ', 'C7'], 'DJ', 'grand')).toEqual(['HJ']);
    expect(playableCards(['DA', 'D7', 'C7'], 'HJ', 'grand')).toEqual(['DA', 'D7', 'C7']);
  });

  it('R16: unable to follow, any card may be played (no obligation to trump)', () => {
    expect(playableCards(['C7', 'DA', 'SJ'], 'HA', 'diamonds')).toEqual(['C7', 'DA', 'SJ']);
    expect(mayPlay(['C7', 'DA'], 'HA', 'C7', 'diamonds')).toBe(true);
  });

  it('R16: in null the jacks follow their own suit', () => {
    expect(playableCards(['HJ', 'C7'], 'HA', 'null')).toEqual(['HJ']);
    expect(isTrump('CJ', 'null')).toBe(false);
  });

  it('R17: trump order per game type', () => {
    expect(trumpOrder('hearts')).toEqual(['CJ', 'SJ', 'HJ', 'DJ', 'HA', 'HT', 'HK', 'HQ', 'H9', 'H8', 'H7']);
    expect(trumpOrder('grand')).toEqual(['CJ', 'SJ', 'HJ', 'DJ']);
    expect(trumpOrder('ramsch')).toEqual(['CJ', 'SJ', 'HJ', 'DJ']);
    expect(trumpOrder('null')).toEqual([]);
  });

  it('R17: plain suit order A 10 K Q 9 8 7; null order A K Q J 10 9 8 7', () => {
    expect(suitOrder('S', 'clubs')).toEqual(['SA', 'ST', 'SK', 'SQ', 'S9', 'S8', 'S7']);
    expect(suitOrder('S', 'null')).toEqual(['SA', 'SK', 'SQ', 'SJ', 'ST', 'S9', 'S8', 'S7']);
  });

  it('R17: highest trump wins; otherwise highest card of the led suit', () => {
    expect(trickWinnerPosition(['HA', 'H7', 'D7'], 'diamonds')).toBe(2);
    expect(trickWinnerPosition(['HA', 'HJ', 'D7'], 'diamonds')).toBe(1); // HJ beats D7
    expect(trickWinnerPosition(['HT', 'HA', 'SA'], 'grand')).toBe(1); // SA does not follow
    expect(trickWinnerPosition(['DJ', 'CJ', 'SJ'], 'grand')).toBe(1);
    expect(trickWinnerPosition(['ST', 'SJ', 'S9'], 'null')).toBe(1); // null: J over 10
    expect(trickWinnerPosition(['S7', 'CA', 'HA'], 'null')).toBe(0);
    expect(trickWinnerPosition(['CA', 'CT', 'C7'], 'clubs')).toBe(0);
  });

  it('R1: trick points add up the card values', () => {
    expect(trickPoints(['CA', 'CT', 'CJ'])).toBe(23);
    expect(trickPoints(['C7', 'C8', 'C9'])).toBe(0);
  });

  it('R11: suit games have 11 trumps, grand 4, null none', () => {
    for (const mode of ['clubs', 'spades', 'hearts', 'diamonds'] as const) {
      expect(ALL_CARDS.filter((c) => cardClass(c, mode) === TRUMP_CLASS)).toHaveLength(11);
    }
    expect(ALL_CARDS.filter((c) => isTrump(c, 'grand'))).toHaveLength(4);
  });
});
