import type { Declaration } from './declaration';
import type { Seat } from './seat';

/** One line of a score derivation, e.g. "with 2, game 3, hand 4 x clubs 12 = 48" (R27/R28). */
export interface DerivationLine {
  readonly ruleId: string;
  readonly text: string;
}

/**
 * The outcome of one deal under a rule profile. Field meanings follow the ISS result string
 * (shared/iss-format.md section 4) so that recorded results can be compared field by field.
 */
export interface GameResult {
  /** scored: a declarer game scored by the rules; passedIn: all passed (R8); ramsch: R42;
   *  notScoreable: abandoned / server penalty (D3), stored and replayable but not scored. */
  readonly kind: 'scored' | 'passedIn' | 'ramsch' | 'notScoreable';
  readonly passedIn: boolean;
  readonly declarer: Seat | null;
  readonly declaration: Declaration | null;
  /** The bid (R6): the last value the declarer said or held; null when passed in. */
  readonly bid: number | null;
  readonly won: boolean | null;
  /** Unsigned game value; for an overbid loss the smallest multiple reaching the bid (R32). */
  readonly gameValue: number | null;
  /** Signed score entered for the declarer: +value won, -2 x value lost (R30/R31), as ISS `v`. */
  readonly score: number | null;
  /** Signed matadors: +n "with n", -n "without n", 0 for null games (R27). */
  readonly matadors: number | null;
  readonly overbid: boolean;
  readonly declarerPoints: number | null;
  readonly declarerTricks: number | null;
  /** Either side schneider (ISS `s`). */
  readonly schneider: boolean;
  /** Either side took no trick (ISS `z`). */
  readonly schwarz: boolean;
  /** Per-seat score of this deal (declarer's score, 0 for defenders; Ramsch: each player's). */
  readonly seatScores: readonly [number, number, number];
  readonly notScoreableReason: string | null;
  readonly derivation: readonly DerivationLine[];
}
