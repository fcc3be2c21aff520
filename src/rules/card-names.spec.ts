import { ALL_CARDS, RANKS, SUITS, cardPoints, cardIndex, cardAt, sumPoints } from './card';
import { cardName, parseCardSymbol } from './card-names';

describe('card names', () => {
  it('names French, German, English and symbol forms', () => {
    expect(cardName('CJ')).toBe('Kreuz Bube');
    expect(cardName('SQ', 'french')).toBe('Pik Dame');
    expect(cardName('CJ', 'german')).toBe('Eichel Unter');
    expect(cardName('SQ', 'german')).toBe('Grün Ober');
    expect(cardName('HA', 'german')).toBe('Rot Daus');
    expect(cardName('D7', 'german')).toBe('Schellen Sieben');
    expect(cardName('DT', 'english')).toBe('Ten of Diamonds');
    expect(cardName('HT', 'symbol')).toBe('♥10');
    expect(cardName('SK', 'symbol')).toBe('♠K');
  });

  it('reads ISS codes and symbol forms, and nothing else', () => {
    expect(parseCardSymbol('♣J')).toBe('CJ');
    expect(parseCardSymbol('♥10')).toBe('HT');
    expect(parseCardSymbol('10♦')).toBe('DT');
    expect(parseCardSymbol('SA')).toBe('SA');
    expect(parseCardSymbol('♣1')).toBeNull();
    expect(parseCardSymbol('X')).toBeNull();
  });
});

describe('card', () => {
  it('R1: A 11, 10 10, K 4, Q 3, J 2, 9/8/7 0; 30 per suit, 120 in all', () => {
    expect(['CA', 'CT', 'CK', 'CQ', 'CJ', 'C9', 'C8', 'C7'].map((c) => cardPoints(c as never))).toEqual([11, 10, 4, 3, 2, 0, 0, 0]);
    expect(sumPoints(ALL_CARDS)).toBe(120);
  });

  it('R1: ALL_CARDS is the 32 cards, suits C S H D each in rank order A T K Q J 9 8 7', () => {
    expect(ALL_CARDS).toEqual(SUITS.flatMap((s) => RANKS.map((r) => `${s}${r}`)));
  });

  it('card index is the position in ALL_CARDS', () => {
    ALL_CARDS.forEach((c, i) => {
      expect(cardIndex(c)).toBe(i);
      expect(cardAt(i)).toBe(c);
    });
  });
});
