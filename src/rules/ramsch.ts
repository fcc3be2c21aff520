import type { Card } from './card';
import { sumPoints } from './card';
import type { CompletedTrick } from './game-state';
import type { GameResult } from './game-result';
import { EMPTY_RESULT } from './game-end';
import { type RamschTally, scoreRamsch } from './ramsch-scoring';

/**
 * R42 Ramsch play (house option, when all pass and the profile says so): everyone for himself,
 * jacks the only trumps (play mode 'ramsch'), and the skat goes to the winner of the last trick.
 * This file tallies the played tricks; scoring (losers, Jungfrau, Durchmarsch) is ramsch-scoring.ts.
 */
export function ramschTally(tricks: readonly CompletedTrick[], skat: readonly Card[]): RamschTally {
  const points: [number, number, number] = [0, 0, 0];
  const taken: [number, number, number] = [0, 0, 0];
  for (const t of tricks) {
    points[t.winner] += t.points;
    taken[t.winner]++;
  }
  if (tricks.length) points[tricks[tricks.length - 1].winner] += sumPoints(skat);
  return { points, tricks: taken };
}

export function ramschResult(tricks: readonly CompletedTrick[], skat: readonly Card[]): GameResult {
  const tally = ramschTally(tricks, skat);
  const score = scoreRamsch(tally);
  const last = tricks[tricks.length - 1];
  return {
    ...EMPTY_RESULT,
    kind: 'ramsch',
    passedIn: true,
    schwarz: tally.tricks.some((n) => n === 0),
    seatScores: score.seatScores,
    notScoreableReason: null,
    derivation: [
      { ruleId: 'R42', text: `the skat (${skat.join(' ')}, ${sumPoints(skat)} points) goes to the winner of the last trick, seat ${last ? last.winner : '-'}` },
      ...score.derivation,
    ],
  };
}
