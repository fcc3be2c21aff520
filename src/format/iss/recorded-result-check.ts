import type { GameResult } from '../../rules/game-result';
import type { IssResult } from './iss-record';
import { compareIssResults, type IssMismatch } from './iss-verify';

/**
 * An imported deal keeps two results: the record's own `R[...]` (what the server wrote) and the
 * engine's (DealScored, decided by the rules when the deal was imported). Summaries, score sheets
 * and statistics use the engine's; this says whether the record's agrees, field by field as
 * `iss verify` compares them (d, win/loss, v, m, overbid, p, t, s, z, passed).
 */
export interface RecordedResultCheck {
  /** The result the ledger scores with: always the engine's. */
  readonly uses: 'engine';
  /** null: nothing to compare (no engine result, or a deal not scoreable by the rules, D3). */
  readonly agrees: boolean | null;
  /** The fields that differ, by their ISS keys, with the record's and the engine's value. */
  readonly mismatches: readonly IssMismatch[];
  /** `recorded result agrees`, `recorded result disagrees: v, p`, or why nothing was compared. */
  readonly text: string;
}

/** What the check reads of the engine's result (a deal summary carries the same fields). */
export type EngineResultFacts = Pick<
  GameResult,
  | 'kind'
  | 'passedIn'
  | 'declarer'
  | 'won'
  | 'score'
  | 'matadors'
  | 'overbid'
  | 'declarerPoints'
  | 'declarerTricks'
  | 'schneider'
  | 'schwarz'
  | 'notScoreableReason'
>;

/** The engine's result in the record's terms (the fields `iss verify` compares), or null. */
function issResultOfScore(g: EngineResultFacts): IssResult | null {
  if (g.kind === 'passedIn' || g.passedIn) return { kind: 'passed' };
  if (g.kind !== 'scored' || g.declarer === null) return null;
  return {
    kind: 'game',
    declarer: g.declarer,
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
    resigned: null,
  };
}

export function checkRecordedResult(recorded: IssResult | null, engine: EngineResultFacts | null): RecordedResultCheck {
  if (recorded === null) return { uses: 'engine', agrees: null, mismatches: [], text: 'the record has no result of its own' };
  if (engine === null) return { uses: 'engine', agrees: null, mismatches: [], text: 'the engine has no result to compare with' };
  const mine = issResultOfScore(engine);
  if (mine === null)
    return {
      uses: 'engine',
      agrees: null,
      mismatches: [],
      text: `not compared: the deal is not scoreable by the rules (${engine.notScoreableReason ?? engine.kind})`,
    };
  const mismatches = compareIssResults(recorded, mine);
  return mismatches.length === 0
    ? { uses: 'engine', agrees: true, mismatches, text: 'recorded result agrees' }
    : { uses: 'engine', agrees: false, mismatches, text: `recorded result disagrees: ${mismatches.map((m) => m.field).join(', ')}` };
}

/** The check with the record's own `v` and `p`, as deal summaries and the audit show it. */
export interface RecordedResultSummary extends RecordedResultCheck {
  /** The record's own signed value `v`; null when it records no game (passed in, or no result). */
  readonly recordedValue: number | null;
  /** The record's own declarer card points `p`; null as for recordedValue. */
  readonly recordedDeclarerPoints: number | null;
}

export function summariseRecordedResult(recorded: IssResult | null, engine: EngineResultFacts | null): RecordedResultSummary {
  const game = recorded?.kind === 'game' ? recorded : null;
  return { ...checkRecordedResult(recorded, engine), recordedValue: game?.value ?? null, recordedDeclarerPoints: game?.declarerPoints ?? null };
}
