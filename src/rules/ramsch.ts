import type { CompletedTrick } from './game-state';
import type { GameResult, DerivationLine } from './game-result';
import type { Card } from './card';
import { sumPoints } from './card';
import { SEAT_NAMES } from './seat';

/**
 * R42 Ramsch (house option, when all pass and the profile says so): everyone for himself, jacks the
 * only trumps (play mode 'ramsch'); the skat goes to the winner of the last trick. The player with
 * the most card points loses that many (all tied players lose); each player without a trick
 * ("Jungfrau") doubles that minus; a player who takes every trick ("Durchmarsch") scores +120.
 */
export function ramschResult(tricks: readonly CompletedTrick[], skat: readonly Card[]): GameResult {
  const points = [0, 0, 0];
  const taken = [0, 0, 0];
  for (const t of tricks) {
    points[t.winner] += t.points;
    taken[t.winner]++;
  }
  const lastWinner = tricks.length ? tricks[tricks.length - 1].winner : null;
  if (lastWinner !== null) points[lastWinner] += sumPoints(skat);
  const derivation: DerivationLine[] = [
    { ruleId: 'R42', text: `Ramsch: points ${points.join(' / ')}, tricks ${taken.join(' / ')}; the skat (${sumPoints(skat)}) went to the last trick's winner` },
  ];
  const seatScores: [number, number, number] = [0, 0, 0];
  const durchmarsch = taken.findIndex((n) => n === tricks.length && tricks.length === 10);
  if (durchmarsch >= 0) {
    seatScores[durchmarsch] = 120;
    derivation.push({ ruleId: 'R42', text: `Durchmarsch: ${SEAT_NAMES[durchmarsch]} took every trick, +120` });
  } else {
    const most = Math.max(...points);
    const jungfrauen = taken.filter((n) => n === 0).length;
    const factor = 2 ** jungfrauen;
    for (let s = 0; s < 3; s++) if (points[s] === most) seatScores[s] = -most * factor;
    const losers = [0, 1, 2].filter((s) => points[s] === most).map((s) => SEAT_NAMES[s]);
    derivation.push({
      ruleId: 'R42',
      text: `${losers.join(' and ')} ${losers.length > 1 ? 'lose' : 'loses'} ${most}${jungfrauen ? ` x ${factor} (${jungfrauen} Jungfrau)` : ''} = -${most * factor}`,
    });
  }
  return {
    kind: 'ramsch',
    passedIn: true,
    declarer: null,
    declaration: null,
    bid: null,
    won: null,
    gameValue: null,
    score: null,
    matadors: null,
    overbid: false,
    declarerPoints: null,
    declarerTricks: null,
    schneider: false,
    schwarz: taken.some((n) => n === 0),
    seatScores,
    notScoreableReason: null,
    derivation,
  };
}
