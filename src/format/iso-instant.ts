/**
 * Strict ISO 8601 instants for filters and the GraphQL DateTime scalar. `Date.parse` accepts far
 * too much (`' OR '1'='1` is 2001-01-01 to V8, `2017-02-30` is March 2nd), so only two shapes pass:
 *   YYYY-MM-DD                                       midnight UTC of that day
 *   YYYY-MM-DDTHH:MM[:SS[.fraction]](Z|±HH:MM)       an instant with its offset (a time without
 *                                                    one would depend on the server's zone)
 * Calendar fields are checked (no February 30th, no hour 24). The result is the instant in one
 * spelling, `Date#toISOString()` (UTC, milliseconds), so `12:00+02:00` and `10:00Z` are equal.
 */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|([+-])(\d{2}):(\d{2}))$/;

export const ISO_INSTANT_HINT = 'an ISO 8601 date (2017-09-04) or date-time with an offset (2017-09-04T14:00:00Z, 2017-09-04T16:00:00+02:00)';

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The instant a strict ISO 8601 text names, as `toISOString()`; undefined for anything else. */
export function parseIsoInstant(text: unknown): string | undefined {
  if (typeof text !== 'string' || text.length > 40) return undefined;
  const day = DATE.exec(text);
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
    if (month < 1 || month > 12 || date < 1 || date > daysIn(year, month)) return undefined;
    return new Date(Date.UTC(year, month - 1, date)).toISOString();
  }
  const m = DATE_TIME.exec(text);
  if (!m) return undefined;
  const [year, month, date, hour, minute] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5])];
  const second = m[6] === undefined ? 0 : Number(m[6]);
  const millis = m[7] === undefined ? 0 : Math.floor(Number(`0.${m[7]}`) * 1000);
  if (month < 1 || month > 12 || date < 1 || date > daysIn(year, month) || hour > 23 || minute > 59 || second > 59) return undefined;
  let offsetMinutes = 0;
  if (m[8] !== 'Z') {
    const [offHours, offMinutes] = [Number(m[10]), Number(m[11])];
    if (offHours > 23 || offMinutes > 59) return undefined;
    offsetMinutes = (m[9] === '-' ? -1 : 1) * (offHours * 60 + offMinutes);
  }
  const utc = Date.UTC(year, month - 1, date, hour, minute, second, millis) - offsetMinutes * 60_000;
  return new Date(utc).toISOString();
}
