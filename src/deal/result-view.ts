import type { GameType } from '../rules/declaration';
import type { DerivationLine, GameResult } from '../rules/game-result';
import type { Seat } from '../rules/seat';
import type { ScoreCorrectedData } from './events';

/**
 * A deal's result as its readers show it (the deal summary, the GraphQL mapping, the NDJSON record
 * and the audit): the engine's result (DealScored), with the arbiter's corrections (ScoreCorrected)
 * folded in. One fold, so the readers cannot disagree on what a correction changes.
 */
export interface DealResultView {
  readonly status: GameResult['kind'];
  readonly passedIn: boolean;
  readonly declarer: Seat | null;
  readonly gameType: GameType | null;
  readonly hand: boolean;
  readonly ouvert: boolean;
  readonly schneiderAnnounced: boolean;
  readonly schwarzAnnounced: boolean;
  readonly bid: number | null;
  readonly won: boolean | null;
  readonly gameValue: number | null;
  /** The score in force: the engine's, or the latest correction's. */
  readonly score: number | null;
  /** The engine's score, once a correction replaced it. */
  readonly originalScore: number | null;
  readonly corrected: boolean;
  readonly correctionReason: string | null;
  readonly correctedBy: string | null;
  readonly seatScores: readonly [number, number, number] | null;
  readonly matadors: number | null;
  readonly overbid: boolean;
  readonly declarerPoints: number | null;
  readonly declarerTricks: number | null;
  readonly schneider: boolean;
  readonly schwarz: boolean;
  readonly notScoreableReason: string | null;
  /** The rule-by-rule derivation; a correction adds its R34 line and, with facts, the derivation of the corrected result. */
  readonly derivation: readonly DerivationLine[];
}

/** The view of a result as the engine derived it (DealScored, or the audit's recorded and recomputed results). */
export function resultView(r: GameResult): DealResultView {
  const d = r.declaration;
  return {
    status: r.kind,
    passedIn: r.passedIn,
    declarer: r.declarer,
    gameType: d?.gameType ?? null,
    hand: d?.hand ?? false,
    ouvert: d?.ouvert ?? false,
    schneiderAnnounced: d?.schneiderAnnounced ?? false,
    schwarzAnnounced: d?.schwarzAnnounced ?? false,
    bid: r.bid,
    won: r.won,
    gameValue: r.gameValue,
    score: r.score,
    originalScore: null,
    corrected: false,
    correctionReason: null,
    correctedBy: null,
    seatScores: r.seatScores,
    matadors: r.matadors,
    overbid: r.overbid,
    declarerPoints: r.declarerPoints,
    declarerTricks: r.declarerTricks,
    schneider: r.schneider,
    schwarz: r.schwarz,
    notScoreableReason: r.notScoreableReason,
    derivation: r.derivation,
  };
}

function withDeclarerScore(view: DealResultView, score: number): DealResultView['seatScores'] {
  if (view.declarer === null) return view.seatScores;
  const scores: [number, number, number] = view.seatScores ? [view.seatScores[0], view.seatScores[1], view.seatScores[2]] : [0, 0, 0];
  scores[view.declarer] = score;
  return scores;
}

/** An arbiter's correction (R34) applied to the result in force: corrected facts bring a whole result, a score alone changes the declarer's entry. */
export function correctedView(view: DealResultView, c: ScoreCorrectedData): DealResultView {
  // The derivation keeps the original lines, then the correction, then how the new score comes about.
  const note = { ruleId: 'R34', text: `corrected by ${c.arbiter} from ${c.previousScore ?? '–'} to ${c.correctedScore}: ${c.reason}` };
  const r = c.result;
  const derivation = [...view.derivation, note, ...(r ? r.derivation : [])];
  const correction = {
    originalScore: view.corrected ? view.originalScore : view.score,
    corrected: true,
    correctionReason: c.reason,
    correctedBy: c.arbiter,
  };
  if (r) {
    // Corrected facts carry a whole result: the game, the declarer (a passed-in deal the list got wrong may become a game) and every seat's score.
    return { ...resultView(r), ...correction, derivation, score: r.kind === 'scored' ? c.correctedScore : r.score, won: c.won ?? r.won };
  }
  return { ...view, ...correction, derivation, score: c.correctedScore, won: c.won ?? view.won, seatScores: withDeclarerScore(view, c.correctedScore) };
}

/** The result in force: the engine's result with every correction folded in, oldest first. */
export function resultInForce(scored: GameResult, corrections: readonly ScoreCorrectedData[]): DealResultView {
  return corrections.reduce((view, c) => correctedView(view, c), resultView(scored));
}
