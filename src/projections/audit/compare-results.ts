import type { GameResult } from '../../rules/game-result';
import type { ResultDifference } from './deal-audit';

/** The fields re-scoring compares; derivation wording is left out (it may be reworded freely). */
export const COMPARED_FIELDS = [
  'kind',
  'passedIn',
  'declarer',
  'declaration',
  'bid',
  'won',
  'gameValue',
  'score',
  'matadors',
  'overbid',
  'declarerPoints',
  'declarerTricks',
  'schneider',
  'schwarz',
  'seatScores',
  'notScoreableReason',
] as const;

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function compareResults(recorded: GameResult | null, recomputed: GameResult | null): ResultDifference[] {
  if (!recorded && !recomputed) return [];
  if (!recorded || !recomputed) return [{ field: 'result', recorded, recomputed }];
  const out: ResultDifference[] = [];
  for (const field of COMPARED_FIELDS) {
    const a = (recorded as unknown as Record<string, unknown>)[field];
    const b = (recomputed as unknown as Record<string, unknown>)[field];
    if (!same(a, b)) out.push({ field, recorded: a ?? null, recomputed: b ?? null });
  }
  return out;
}
