import type { GameState } from '../../rules/game-state';
import type { RuleProfile } from '../../rules/variant/rule-profile';
import { readIssRecord } from './iss-reader';
import type { IssRecord, IssResult } from './iss-record';
import { replayIssRecord } from './iss-replay';

/**
 * What a record line is, decided once for `iss verify` and `import iss` alike: the same lines
 * are rejected, with the same reason, and the same accepted.
 * - `rejected`: unreadable, a header the ledger cannot key a deal by, no result, or moves that
 *   break a rule, go on after the deal's end or stop before it (truncated);
 * - `accepted`: `decided` (the engine finished the deal; its result can be compared with the
 *   record's) or `notScoreable` (time-out, departure, server penalty: stored, never scored, D3).
 */
export type IssLineJudgement =
  | { readonly kind: 'rejected'; readonly id: string | null; readonly reason: string }
  | {
      readonly kind: 'accepted';
      readonly id: string;
      readonly record: IssRecord & { readonly result: IssResult };
      /** The replayed deal; its result carries no derivation (the judgement compares numbers). */
      readonly state: GameState | null;
      /** Set for a record not scoreable by the rules (D3), with the reason. */
      readonly notScoreable: string | null;
      /** Moves before a time-out or departure that could not be replayed, or null. */
      readonly unreplayed: string | null;
    };

const NUMBERS_ONLY = { derivation: false } as const;

/** A plain identifier: the ID and SE of a record become parts of stream ids. */
export const ISS_PLAIN_ID = /^[0-9A-Za-z_.:-]{1,64}$/;

const DT = /^(\d{4})-(\d{2})-(\d{2})\/(\d{2}):(\d{2}):(\d{2})\/UTC$/;

/** `2010-12-06/18:59:24/UTC` → `2010-12-06T18:59:24Z`, or null when it is not a valid time. */
export function issTimeToIso(dt: string): string | null {
  const m = DT.exec(dt);
  if (!m) return null;
  // Checked by arithmetic (a Date per record is a measurable part of verifying a dump).
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  if (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6]) > 59) return null;
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`;
}

function daysIn(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Why the header cannot key a deal (ID, DT, the three players, SE), or null. */
export function issHeaderProblem(record: IssRecord): string | null {
  const field = (key: string): string | undefined => record.header.find((h) => h.key === key)?.value;
  const recordId = field('ID');
  if (recordId === undefined || !ISS_PLAIN_ID.test(recordId)) return 'ID[...] is missing or not a plain identifier';
  const dt = field('DT');
  if (dt === undefined) return 'DT[...] (start time) is missing';
  if (issTimeToIso(dt) === null) return `DT[${dt}] is not a time YYYY-MM-DD/HH:MM:SS/UTC`;
  const names = [field('P0'), field('P1'), field('P2')];
  if (names.some((n) => n === undefined || n === '')) return 'P0, P1 and P2 (the three players) must all be named';
  if (names[0] === names[1] || names[0] === names[2] || names[1] === names[2]) return `the three players must be different, got ${names.join(', ')}`;
  const series = field('SE');
  if (series !== undefined && !ISS_PLAIN_ID.test(series)) return `SE[${series}] is not a plain identifier`;
  return null;
}

/** Judges one record line (without its line break) under `profile`. Never throws. */
export function judgeIssLine(text: string, profile: RuleProfile): IssLineJudgement {
  let id: string | null = null;
  try {
    const read = readIssRecord(text);
    if (!read.ok) return { kind: 'rejected', id: read.error.id, reason: read.error.reason };
    const record = read.record;
    id = record.header.find((h) => h.key === 'ID')?.value ?? null;
    const header = issHeaderProblem(record);
    if (header) return { kind: 'rejected', id, reason: header };
    if (!record.result) return { kind: 'rejected', id, reason: 'no R[...] result' };
    const withResult = record as IssRecord & { readonly result: IssResult };
    // Numbers only: the derivation's text is written by the deal decider when a deal is recorded.
    const replayed = replayIssRecord(record, profile, NUMBERS_ONLY);
    if (replayed.kind === 'malformed') return { kind: 'rejected', id, reason: replayed.reason };
    if (replayed.kind === 'notScoreable') {
      return { kind: 'accepted', id: id as string, record: withResult, state: replayed.state, notScoreable: replayed.reason, unreplayed: replayed.unreplayed };
    }
    return { kind: 'accepted', id: id as string, record: withResult, state: replayed.state, notScoreable: null, unreplayed: null };
  } catch (err) {
    // An engine bug on one record must not stop the run; it is reported as that record's problem.
    const e = err as Error;
    return { kind: 'rejected', id, reason: `internal error while replaying: ${e?.name ?? 'Error'}: ${e?.message ?? String(err)}` };
  }
}
