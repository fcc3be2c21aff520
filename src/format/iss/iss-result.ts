import type { GameState } from '../../rules/game-state';
import type { Seat } from '../../rules/seat';
import type { IssOutcome, IssResult, IssResultFields } from './iss-record';

/**
 * The `R[...]` value: `passed`, or
 * `d:<decl> win|loss|penalty v:<value> m:<matadors> overbid|bidok p:<points> t:<tricks> s:0|1 z:0|1
 *  p0:<n> p1:<n> p2:<n> l:<seat> to:<seat> [r:0|1]` (the `r:` field is missing in 2007-2008 records).
 */
export type ParsedResult = { readonly ok: true; readonly result: IssResult } | { readonly ok: false; readonly reason: string };

const INT = /^(0|-?[1-9][0-9]*)$/;

const N = '(0|-?[1-9][0-9]*)';
const S = '(-1|[0-2])';
const WELL_FORMED = new RegExp(
  `^d:${S} (win|loss|penalty) v:${N} m:${N} (overbid|bidok) p:${N} t:${N} s:([01]) z:([01]) p0:${N} p1:${N} p2:${N} l:${S} to:${S}(?: r:([01]))?$`,
);

export function parseIssResult(text: string): ParsedResult {
  if (text === 'passed') return { ok: true, result: { kind: 'passed' } };
  // One match for the usual case; the field-by-field reading below only runs to name a problem.
  const m = WELL_FORMED.exec(text);
  if (m) {
    return {
      ok: true,
      result: {
        kind: 'game',
        declarer: Number(m[1]) as -1 | Seat,
        outcome: m[2] as IssOutcome,
        value: Number(m[3]),
        matadors: Number(m[4]),
        overbid: m[5] === 'overbid',
        declarerPoints: Number(m[6]),
        declarerTricks: Number(m[7]),
        schneider: m[8] === '1',
        schwarz: m[9] === '1',
        penalties: [Number(m[10]), Number(m[11]), Number(m[12])],
        left: Number(m[13]) as -1 | Seat,
        timeout: Number(m[14]) as -1 | Seat,
        resigned: m[15] === undefined ? null : m[15] === '1',
      },
    };
  }
  return parseFieldByField(text);
}

function parseFieldByField(text: string): ParsedResult {
  const parts = text.split(' ');
  if (parts.length !== 14 && parts.length !== 15) {
    return fail(`expected "passed" or 14-15 fields (d: win|loss|penalty v: m: overbid|bidok p: t: s: z: p0: p1: p2: l: to: [r:]), got ${parts.length}`);
  }
  let i = 0;
  const field = (key: string): number | string => {
    const part = parts[i++];
    if (!part.startsWith(key + ':')) return `field ${i} should be ${key}:<number>, got "${clip(part)}"`;
    const n = part.slice(key.length + 1);
    if (!INT.test(n)) return `${key}: is not an integer: "${clip(n)}"`;
    return Number(n);
  };
  const seatOrNone = (key: string): number | string => {
    const n = field(key);
    if (typeof n === 'string') return n;
    return n === -1 || n === 0 || n === 1 || n === 2 ? n : `${key}: must be -1, 0, 1 or 2, got ${n}`;
  };
  const flag01 = (key: string): number | string => {
    const n = field(key);
    if (typeof n === 'string') return n;
    return n === 0 || n === 1 ? n : `${key}: must be 0 or 1, got ${n}`;
  };
  const declarer = seatOrNone('d');
  if (typeof declarer === 'string') return fail(declarer);
  const outcome = parts[i++];
  if (outcome !== 'win' && outcome !== 'loss' && outcome !== 'penalty') return fail(`expected win, loss or penalty after d:, got "${clip(outcome)}"`);
  const value = field('v');
  if (typeof value === 'string') return fail(value);
  const matadors = field('m');
  if (typeof matadors === 'string') return fail(matadors);
  const bidWord = parts[i++];
  if (bidWord !== 'overbid' && bidWord !== 'bidok') return fail(`expected overbid or bidok after m:, got "${clip(bidWord)}"`);
  const numbers: number[] = [];
  for (const [key, read] of [
    ['p', field],
    ['t', field],
    ['s', flag01],
    ['z', flag01],
    ['p0', field],
    ['p1', field],
    ['p2', field],
    ['l', seatOrNone],
    ['to', seatOrNone],
  ] as const) {
    const n = read(key);
    if (typeof n === 'string') return fail(n);
    numbers.push(n);
  }
  let resigned: boolean | null = null;
  if (parts.length === 15) {
    const r = flag01('r');
    if (typeof r === 'string') return fail(r);
    resigned = r === 1;
  }
  const [points, tricks, s, z, p0, p1, p2, left, timeout] = numbers;
  const result: IssResultFields = {
    kind: 'game',
    declarer: declarer as -1 | Seat,
    outcome: outcome as IssOutcome,
    value,
    matadors,
    overbid: bidWord === 'overbid',
    declarerPoints: points,
    declarerTricks: tricks,
    schneider: s === 1,
    schwarz: z === 1,
    penalties: [p0, p1, p2],
    left: left as -1 | Seat,
    timeout: timeout as -1 | Seat,
    resigned,
  };
  return { ok: true, result };
}

export function formatIssResult(result: IssResult): string {
  if (result.kind === 'passed') return 'passed';
  const r = result;
  const text =
    `d:${r.declarer} ${r.outcome} v:${r.value} m:${r.matadors} ${r.overbid ? 'overbid' : 'bidok'}` +
    ` p:${r.declarerPoints} t:${r.declarerTricks} s:${r.schneider ? 1 : 0} z:${r.schwarz ? 1 : 0}` +
    ` p0:${r.penalties[0]} p1:${r.penalties[1]} p2:${r.penalties[2]} l:${r.left} to:${r.timeout}`;
  return r.resigned === null ? text : `${text} r:${r.resigned ? 1 : 0}`;
}

/** Why a recorded result is a server penalty rather than a Skat-order score (D3), or null. */
export function serverPenaltyReason(result: IssResult): string | null {
  if (result.kind === 'passed') return null;
  if (result.outcome === 'penalty') return `server penalty (R[... penalty ...]): no contract was scored by the rules (D3)`;
  if (result.left >= 0) return `seat ${result.left} left the table (l:${result.left}): server penalty, not scored by the rules (D3)`;
  if (result.timeout >= 0) return `seat ${result.timeout} ran out of time (to:${result.timeout}): server penalty, not scored by the rules (D3)`;
  return null;
}

/** D3: why a record ending in `w TI.<seat>` (timeout) or `w LE.<seat>` (left) is not scored. */
export function issAbandonReason(kind: 'timeout' | 'left', seat: Seat): string {
  return kind === 'timeout'
    ? `seat ${seat} ran out of time (w TI.${seat}): server penalty, not scored by the rules (D3)`
    : `seat ${seat} left the table (w LE.${seat}): server penalty, not scored by the rules (D3)`;
}

/**
 * The ISS result fields of a deal the engine has finished (`state.result` set). Penalty fields
 * stay 0 / -1: the engine never scores a time-out or a departure (D3).
 */
export function issResultFromGame(state: GameState): IssResult | null {
  const g = state.result;
  if (!g) return null;
  if (g.kind === 'passedIn' || g.passedIn) return { kind: 'passed' };
  if (g.kind !== 'scored' || g.declarer === null) return null;
  const declarer = g.declarer;
  const defendersResigned = state.resigned.filter((s) => s !== declarer).length >= 2;
  return {
    kind: 'game',
    declarer,
    outcome: g.won ? 'win' : 'loss',
    value: g.score ?? 0,
    matadors: g.matadors ?? 0,
    overbid: g.overbid,
    declarerPoints: g.declarerPoints ?? 0,
    declarerTricks: g.declarerTricks ?? 0,
    schneider: g.schneider,
    schwarz: g.schwarz,
    penalties: [0, 0, 0],
    left: -1,
    timeout: -1,
    resigned: state.resigned.includes(declarer) || defendersResigned,
  };
}

function fail(reason: string): ParsedResult {
  return { ok: false, reason: `result R[...]: ${reason}` };
}

function clip(s: string | undefined): string {
  if (s === undefined) return '';
  return s.length > 20 ? s.slice(0, 20) + '…' : s;
}
