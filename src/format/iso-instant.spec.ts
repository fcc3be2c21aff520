import { parseIsoInstant } from './iso-instant';

describe('strict ISO 8601 instants (filters, the DateTime scalar)', () => {
  it('a date is midnight UTC; a date-time with an offset is that instant, in one spelling', () => {
    expect(parseIsoInstant('2017-09-04')).toBe('2017-09-04T00:00:00.000Z');
    expect(parseIsoInstant('2017-09-04T14:00:00Z')).toBe('2017-09-04T14:00:00.000Z');
    expect(parseIsoInstant('2017-09-04T14:00Z')).toBe('2017-09-04T14:00:00.000Z');
    expect(parseIsoInstant('2017-09-04T14:00:00.123456Z')).toBe('2017-09-04T14:00:00.123Z');
  });

  it('+02:00 names the same instant as two hours earlier in UTC (instants compare as instants)', () => {
    expect(parseIsoInstant('2017-09-04T16:00:00+02:00')).toBe(parseIsoInstant('2017-09-04T14:00:00Z'));
    expect(parseIsoInstant('2017-09-04T01:30:00+02:00')).toBe('2017-09-03T23:30:00.000Z');
    expect(parseIsoInstant('2017-09-03T20:00:00-05:00')).toBe('2017-09-04T01:00:00.000Z');
  });

  it('refuses what Date.parse would bend into some date: injections, words, impossible calendar days, no offset', () => {
    for (const text of [
      "' OR '1'='1",
      '1',
      '2017',
      'yesterday',
      'Dec 1 2026',
      '2017-02-30',
      '2017-13-01',
      '2017-09-04T24:00:00Z',
      '2017-09-04T14:60Z',
      '2017-09-04T14:00:00',
      '2017-09-04 14:00:00Z',
      '2017-09-04T14:00:00+2',
      ' 2017-09-04',
      '',
    ]) {
      expect([text, parseIsoInstant(text)]).toEqual([text, undefined]);
    }
    expect(parseIsoInstant(20170904)).toBeUndefined();
    expect(parseIsoInstant('2016-02-29')).toBe('2016-02-29T00:00:00.000Z');
  });
});
