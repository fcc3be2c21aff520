import type { GameResult } from '../../rules/game-result';

// The quick check's reading of R[...] (iss-quick-check.ts): in place, over the line's bytes.

// How each field of a game result is read: a seat or -1, a word, an integer, or 0/1.
const SEAT_OR_NONE = 0;
const OUTCOME_WORD = 1;
const INTEGER = 2;
const BID_WORD = 3;
const FLAG = 4;
/** The game result's fields: the text before each, and how its value is read; `r:` may be missing. */
const RESULT_FIELDS: ReadonlyArray<readonly [string, number]> = [
  ['d:', SEAT_OR_NONE],
  [' ', OUTCOME_WORD],
  [' v:', INTEGER],
  [' m:', INTEGER],
  [' ', BID_WORD],
  [' p:', INTEGER],
  [' t:', INTEGER],
  [' s:', FLAG],
  [' z:', FLAG],
  [' p0:', INTEGER],
  [' p1:', INTEGER],
  [' p2:', INTEGER],
  [' l:', SEAT_OR_NONE],
  [' to:', SEAT_OR_NONE],
  [' r:', FLAG],
];
const RESULT_PREFIXES = RESULT_FIELDS.map(([prefix]) => Uint8Array.from(prefix, (c) => c.charCodeAt(0)));
const RESULT_KINDS = Int8Array.from(RESULT_FIELDS, ([, kind]) => kind);
const WORDS = ['loss', 'win', 'penalty', 'bidok', 'overbid'].map((w) => Uint8Array.from(w, (c) => c.charCodeAt(0)));
const PASSED = Uint8Array.from('passed', (c) => c.charCodeAt(0));

/** Whether R[...] reads as parseIssResult reads it (integers of more than 9 digits are left to the full path). */
export function isIssResult(line: Uint8Array, from: number, to: number): boolean {
  if (to - from === PASSED.length && matchesAt(line, from, PASSED)) return true;
  let at = from;
  for (let f = 0; f < RESULT_FIELDS.length; f++) {
    if (f === RESULT_FIELDS.length - 1 && at === to) return true; // no r: (2007-2008 records)
    const prefix = RESULT_PREFIXES[f];
    if (at + prefix.length > to || !matchesAt(line, at, prefix)) return false;
    at += prefix.length;
    const kind = RESULT_KINDS[f];
    if (kind === OUTCOME_WORD || kind === BID_WORD) {
      const first = kind === OUTCOME_WORD ? 0 : 3;
      let w = first;
      while (w < first + (kind === OUTCOME_WORD ? 3 : 2) && !(at + WORDS[w].length <= to && matchesAt(line, at, WORDS[w]))) w++;
      if (w === first + (kind === OUTCOME_WORD ? 3 : 2)) return false;
      at += WORDS[w].length;
    } else {
      const end = integerEnd(line, at, to);
      if (end < 0) return false;
      const value = integerAt(line, at, end);
      if (kind === SEAT_OR_NONE ? value < -1 || value > 2 : kind === FLAG ? value < 0 || value > 1 || line[at] === 45 : false) return false;
      at = end;
    }
  }
  return at === to;
}

/** Where the integer 0 | -?[1-9][0-9]* (at most 9 digits) written from `at` ends, or -1. */
function integerEnd(line: Uint8Array, at: number, to: number): number {
  const negative = at < to && line[at] === 45;
  const digitsFrom = negative ? at + 1 : at;
  let end = digitsFrom;
  while (end < to && line[end] >= 48 && line[end] <= 57) end++;
  const digits = end - digitsFrom;
  if (digits === 0 || digits > 9 || (line[digitsFrom] === 48 && (digits > 1 || negative))) return -1;
  return end;
}

function integerAt(line: Uint8Array, from: number, to: number): number {
  const negative = line[from] === 45;
  let value = 0;
  for (let k = negative ? from + 1 : from; k < to; k++) value = value * 10 + line[k] - 48;
  return negative ? -value : value;
}

function matchesAt(line: Uint8Array, at: number, word: Uint8Array): boolean {
  for (let k = 0; k < word.length; k++) if (line[at + k] !== word[k]) return false;
  return true;
}

/**
 * Whether R[...] is a result the engine's agrees with: field by field as compareIssResults
 * compares them (d, win/loss, v, m, overbid/bidok, p, t, s, z, or passed), and no server penalty
 * (serverPenaltyReason: penalty, l: or to: set). A well-formed field equals the engine's exactly
 * when it is written as formatIssResult writes the engine's value, so the bytes are compared:
 * issResultFromGame's fields in formatIssResult's order up to the penalty points, each text
 * followed by its value (the last two texts by none). One loop over the seven, not seven copies
 * of the comparison: V8 compiles this function once per thread, and the copies made its compile
 * cost more than all its runs over 100,000 records.
 */
export function agreesWithResult(line: Uint8Array, from: number, to: number, passedIn: boolean, g: GameResult | null): boolean {
  if (passedIn) return to - from === PASSED.length && matchesAt(line, from, PASSED);
  if (g === null || g.kind !== 'scored' || g.declarer === null) return false;
  let at = from;
  for (let f = 0; f < 7; f++) {
    const text =
      f === 0
        ? D_TEXT
        : f === 1
          ? g.won
            ? WIN_V_TEXT
            : LOSS_V_TEXT
          : f === 2
            ? M_TEXT
            : f === 3
              ? g.overbid
                ? OVERBID_P_TEXT
                : BIDOK_P_TEXT
              : f === 4
                ? T_TEXT
                : f === 5
                  ? g.schneider
                    ? S1_TEXT
                    : S0_TEXT
                  : g.schwarz
                    ? Z1_P0_TEXT
                    : Z0_P0_TEXT;
    if (at + text.length > to || !matchesAt(line, at, text)) return false;
    at += text.length;
    if (f >= 5) continue;
    const value = f === 0 ? g.declarer : f === 1 ? (g.score ?? 0) : f === 2 ? (g.matadors ?? 0) : f === 3 ? (g.declarerPoints ?? 0) : (g.declarerTricks ?? 0);
    at = integerWrittenAt(line, at, to, value);
    if (at < 0) return false;
  }
  // The penalty points p0-p2 are not compared; nobody left or timed out; r: may be missing.
  for (let f = 9; f < 12; f++) {
    if (f > 9) {
      if (at + RESULT_PREFIXES[f].length > to || !matchesAt(line, at, RESULT_PREFIXES[f])) return false;
      at += RESULT_PREFIXES[f].length;
    }
    at = integerEnd(line, at, to);
    if (at < 0) return false;
  }
  if (at + NOBODY_LEFT.length > to || !matchesAt(line, at, NOBODY_LEFT)) return false;
  at += NOBODY_LEFT.length;
  return at === to || (at + 4 === to && line[at] === 32 && line[at + 1] === 114 && line[at + 2] === 58 && (line[at + 3] === 48 || line[at + 3] === 49)); // " r:0|1"
}

const NOBODY_LEFT = Uint8Array.from(' l:-1 to:-1', (c) => c.charCodeAt(0));

const bytesOf = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const D_TEXT = bytesOf('d:');
const WIN_V_TEXT = bytesOf(' win v:');
const LOSS_V_TEXT = bytesOf(' loss v:');
const M_TEXT = bytesOf(' m:');
const OVERBID_P_TEXT = bytesOf(' overbid p:');
const BIDOK_P_TEXT = bytesOf(' bidok p:');
const T_TEXT = bytesOf(' t:');
const S1_TEXT = bytesOf(' s:1');
const S0_TEXT = bytesOf(' s:0');
const Z1_P0_TEXT = bytesOf(' z:1 p0:');
const Z0_P0_TEXT = bytesOf(' z:0 p0:');

/**
 * Where `value` ends when it is written at `at` in decimal (no leading zeros, a minus sign when
 * negative; engine values are small), or -1 when the line has other bytes there.
 */
function integerWrittenAt(line: Uint8Array, at: number, to: number, value: number): number {
  if (value < 0) {
    if (at >= to || line[at] !== 45) return -1;
    at++;
    value = -value;
  }
  let digits = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  if (at + digits > to) return -1;
  for (let k = digits - 1; k >= 0; k--) {
    if (line[at + k] !== 48 + (value % 10)) return -1;
    value = Math.floor(value / 10);
  }
  return at + digits;
}
