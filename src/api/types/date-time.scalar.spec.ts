import { Kind } from 'graphql';
import { DateTimeScalar } from './date-time.scalar';

describe('DateTime scalar (issue #16 item 8: ISO 8601 instants, compared as instants)', () => {
  it('reads a strict ISO 8601 date or date-time with offset as the instant it names, in one spelling', () => {
    expect(DateTimeScalar.parseValue('2017-09-04T16:00:00+02:00')).toBe('2017-09-04T14:00:00.000Z');
    expect(DateTimeScalar.parseValue('2017-09-04T14:00:00Z')).toBe('2017-09-04T14:00:00.000Z');
    expect(DateTimeScalar.parseValue('2017-09-04')).toBe('2017-09-04T00:00:00.000Z');
    expect(DateTimeScalar.parseLiteral({ kind: Kind.STRING, value: '2017-09-04T14:00Z' })).toBe('2017-09-04T14:00:00.000Z');
  });

  it('refuses anything else as BAD_USER_INPUT naming the accepted forms, never some date', () => {
    for (const text of ["' OR '1'='1", '2017-02-30', 'yesterday', '2017-09-04T14:00:00', 42]) {
      expect(() => DateTimeScalar.parseValue(text)).toThrow(/ISO 8601/);
    }
    expect(() => DateTimeScalar.parseLiteral({ kind: Kind.INT, value: '20170904' })).toThrow(/a DateTime is a string/);
  });

  it('writes the instant as recorded', () => {
    expect(DateTimeScalar.serialize('2017-09-04T14:00:00.000Z')).toBe('2017-09-04T14:00:00.000Z');
    expect(DateTimeScalar.serialize(new Date(Date.UTC(2017, 8, 4, 14)))).toBe('2017-09-04T14:00:00.000Z');
  });
});
