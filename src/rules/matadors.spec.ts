import type { Card } from './card';
import { countMatadors, describeMatadors, matadorsFromSigned, trumpOrder } from './matadors';

describe('matadors (R27)', () => {
  // rules.md R27 worked examples, counted over hand + skat.
  it.each<[string, Card[], number]>([
    ['CJ,HJ -> with 1', ['CJ', 'HJ', 'C7'], 1],
    ['SJ,HJ,DJ -> without 1', ['SJ', 'HJ', 'DJ', 'CA'], -1],
    ['HJ only -> without 2', ['HJ', 'CA', 'CT'], -2],
    ['no jack, has trump ace -> without 4', ['CA', 'S7', 'H7'], -4],
    ['no trump at all in a clubs game -> without 11', ['SA', 'ST', 'HA', 'D7'], -11],
    ['all 4 jacks + A,10 of trumps, no K -> with 6', ['CJ', 'SJ', 'HJ', 'DJ', 'CA', 'CT', 'CQ'], 6],
  ])('R27 example (clubs): %s', (_name, cards, signed) => {
    expect(countMatadors(cards, 'clubs').signed).toBe(signed);
  });

  it('R27 with 11: every clubs trump held', () => {
    expect(countMatadors([...trumpOrder('clubs')], 'clubs')).toMatchObject({ with: true, count: 11, signed: 11 });
  });

  it('R27 grand counts jacks only: with 4 at most, without 4 with no jack', () => {
    expect(countMatadors(['CJ', 'SJ', 'HJ', 'DJ', 'CA', 'CT'], 'grand').signed).toBe(4);
    expect(countMatadors(['CA', 'CT', 'SA'], 'grand').signed).toBe(-4);
    expect(countMatadors(['DJ'], 'grand').signed).toBe(-3);
  });

  it('R27 counts the skat: a CJ lying in the skat turns "without 4" into "with 1" (hearts)', () => {
    const dealt: Card[] = ['HA', 'HT', 'HK', 'HQ', 'H9', 'SA', 'ST', 'DA', 'DT', 'C7'];
    expect(countMatadors(dealt, 'hearts').signed).toBe(-4);
    expect(countMatadors([...dealt, 'CJ', 'D7'], 'hearts').signed).toBe(1);
  });

  it('R27 trump order: CJ SJ HJ DJ then A T K Q 9 8 7 of the suit', () => {
    expect(trumpOrder('diamonds')).toEqual(['CJ', 'SJ', 'HJ', 'DJ', 'DA', 'DT', 'DK', 'DQ', 'D9', 'D8', 'D7']);
    expect(trumpOrder('grand')).toEqual(['CJ', 'SJ', 'HJ', 'DJ']);
  });

  it('R27 describes the run for a derivation', () => {
    expect(describeMatadors(countMatadors(['CJ', 'SJ'], 'grand'))).toBe('with 2 (CJ, SJ)');
    expect(describeMatadors(countMatadors(['HJ'], 'grand'))).toBe('without 2 (CJ, SJ missing)');
  });

  it('R27 refuses a signed count the game type cannot have', () => {
    expect(matadorsFromSigned(-11, 'spades').count).toBe(11);
    expect(() => matadorsFromSigned(5, 'grand')).toThrow(/R27/);
    expect(() => matadorsFromSigned(0, 'clubs')).toThrow(/R27/);
    expect(() => matadorsFromSigned(1.5, 'clubs')).toThrow(/R27/);
  });
});
