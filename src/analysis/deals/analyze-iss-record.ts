import { issTokensToMoves } from '../../format/iss/iss-moves';
import { readIssRecord } from '../../format/iss/iss-reader';
import type { Card } from '../../rules/card';
import type { Seat } from '../../rules/seat';
import { getProfile } from '../../rules/variant';
import { positionFromMoves } from '../position-from-moves';
import { declarerCanTakeAll, defaultSolver, solveNull, solveValue } from '../solve';
import type { Solver } from '../solver';

/** The answer `analyze iss --json` prints for one record (the output contract). */
export type IssRecordAnalysis =
  | {
      readonly id: string | null;
      /** 0 forehand, 1 middlehand, 2 rearhand: the seat that plays the next card. */
      readonly toMove: Seat;
      /** Suit/grand: the declarer's final card points under perfect play; null: "won" / "lost". */
      readonly value: number | 'won' | 'lost';
      readonly declarerCanTakeAll: boolean | null;
      readonly defendersCanTakeTrick: boolean | null;
      readonly moves: ReadonlyArray<{ readonly card: Card; readonly value: number | 'won' | 'lost' }>;
    }
  | { readonly id: string | null; readonly error: string };

const ISS = getProfile('iss');

/** The ID of a line the reader could not read, if one is written in it. */
function idIn(line: string): string | null {
  const m = /ID\[([^\]]*)\]/.exec(line);
  return m ? m[1] : null;
}

/**
 * Analyses one ISS record line, possibly cut anywhere in the card play (mid-trick too, without
 * R[...]): the position after its last card, solved with all cards open. A record with no card
 * left to play, or one that cannot be read or replayed, gets an error with the reason. Never throws.
 */
export function analyzeIssRecord(line: string, solver: Solver = defaultSolver()): IssRecordAnalysis {
  let id: string | null = null;
  try {
    const read = readIssRecord(line);
    if (!read.ok) return { id: read.error.id ?? idIn(line), error: `malformed record: ${read.error.reason}` };
    id = read.record.header.find((h) => h.key === 'ID')?.value ?? null;
    const converted = issTokensToMoves(read.record.moves);
    if (!converted.ok) return { id, error: `malformed record: move ${converted.tokenIndex + 1}: ${converted.reason}` };
    if (converted.value.unknownCardAt !== null)
      return { id, error: `move ${converted.value.unknownCardAt + 1} plays an unknown card (??): the position is not known` };
    const p = positionFromMoves(converted.value.dealt, converted.value.moves, ISS);
    if (!p.ok) return { id, error: p.reason };
    if (p.over) return { id, error: `no card left to play: ${p.over}` };
    const pos = p.position;
    if (pos.game === 'null') {
      const s = solveNull(pos, solver);
      return {
        id,
        toMove: pos.toMove,
        value: s.won ? 'won' : 'lost',
        declarerCanTakeAll: null,
        defendersCanTakeTrick: null,
        moves: s.moves.map((m) => ({ card: m.card, value: m.won ? 'won' : 'lost' })),
      };
    }
    const s = solveValue(pos, solver);
    const all = declarerCanTakeAll(pos, solver);
    return { id, toMove: pos.toMove, value: s.value, declarerCanTakeAll: all, defendersCanTakeTrick: !all, moves: s.moves };
  } catch (err) {
    // A bug on one record must not stop a run over many: it is that record's error.
    return { id, error: `internal error: ${(err as Error)?.message ?? String(err)}` };
  }
}
