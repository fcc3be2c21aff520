import { ALL_CARDS, type Card } from './card';
import { dealFromDeck, dealFromIssOrder, toIssOrder, validateDeck, validateDealt } from './dealing';
import { seededDeck } from './deck';

describe('dealing', () => {
  it('R4: deals 3-skat-4-3 clockwise from forehand (rules.md example F3 M3 R3, skat 2, F4 M4 R4, F3 M3 R3)', () => {
    const deck = ALL_CARDS.slice();
    const r = dealFromDeck(deck);
    if (!r.ok) throw new Error(r.refusal.reason);
    const d = r.value;
    const at = (...idx: number[]): Card[] => idx.map((i) => deck[i]);
    expect(d.hands[0]).toEqual(at(0, 1, 2, 11, 12, 13, 14, 23, 24, 25));
    expect(d.hands[1]).toEqual(at(3, 4, 5, 15, 16, 17, 18, 26, 27, 28));
    expect(d.hands[2]).toEqual(at(6, 7, 8, 19, 20, 21, 22, 29, 30, 31));
    expect(d.skat).toEqual(at(9, 10));
  });

  it('R4: every player has 10 cards and the skat 2', () => {
    const r = dealFromDeck(seededDeck('r4'));
    if (!r.ok) throw new Error(r.refusal.reason);
    expect(r.value.hands.map((h) => h.length)).toEqual([10, 10, 10]);
    expect(r.value.skat).toHaveLength(2);
  });

  it('reads the ISS order: 1-10 forehand, 11-20 middlehand, 21-30 rearhand, 31-32 skat', () => {
    const iss = 'HQ.CJ.ST.HK.D8.S7.SQ.H8.SA.C8.SJ.HJ.CA.S8.HA.DK.H7.CT.C7.C9.DA.D7.CK.HT.DJ.S9.CQ.DT.D9.H9.SK.DQ'.split('.');
    const r = dealFromIssOrder(iss);
    if (!r.ok) throw new Error(r.refusal.reason);
    expect(r.value.hands[0]).toEqual(iss.slice(0, 10));
    expect(r.value.hands[1][0]).toBe('SJ');
    expect(r.value.hands[2][9]).toBe('H9');
    expect(r.value.skat).toEqual(['SK', 'DQ']);
    expect(toIssOrder(r.value)).toEqual(iss);
  });

  it('R1: refuses 31 and 33 cards', () => {
    const r31 = validateDeck(ALL_CARDS.slice(0, 31));
    expect(r31.ok).toBe(false);
    if (!r31.ok) expect(r31.refusal).toEqual({ ruleId: 'R1', reason: 'a deck has 32 cards, got 31' });
    const r33 = validateDeck([...ALL_CARDS, 'CA']);
    if (r33.ok) throw new Error('accepted');
    expect(r33.refusal.reason).toContain('got 33');
  });

  it('R1: refuses a duplicate, naming it', () => {
    const deck = ALL_CARDS.slice();
    deck[5] = 'CA';
    const r = validateDeck(deck);
    if (r.ok) throw new Error('accepted');
    expect(r.refusal.ruleId).toBe('R1');
    expect(r.refusal.reason).toBe('card 6 CA is a duplicate');
  });

  it('R1: refuses a bad code, naming it', () => {
    const deck: string[] = ALL_CARDS.slice();
    deck[0] = 'X1';
    const r = dealFromIssOrder(deck);
    if (r.ok) throw new Error('accepted');
    expect(r.refusal.reason).toContain('"X1" is not a card code');
  });

  it('R4: refuses a deal whose hands are not 10 cards each', () => {
    const deck = ALL_CARDS.slice();
    const r = validateDealt({ hands: [deck.slice(0, 9), deck.slice(9, 20), deck.slice(20, 30)], skat: [deck[30], deck[31]] });
    if (r.ok) throw new Error('accepted');
    expect(r.refusal).toEqual({ ruleId: 'R4', reason: 'forehand must hold 10 cards, got 9' });
  });

  it('R1: refuses a deal with a card twice, and names the missing one via the duplicate', () => {
    const deck = ALL_CARDS.slice();
    const r = validateDealt({ hands: [deck.slice(0, 10), deck.slice(10, 20), deck.slice(20, 30)], skat: [deck[30], deck[0]] });
    if (r.ok) throw new Error('accepted');
    expect(r.refusal.ruleId).toBe('R1');
    expect(r.refusal.reason).toContain('CA is a duplicate');
  });
});
