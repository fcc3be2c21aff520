import type { Card } from '../../rules/card';
import type { Seat } from '../../rules/seat';

export type Verdict = 'won' | 'lost';

/** The game's outcome under perfect play of both sides with all cards open. */
export interface Outcome {
  /** Suit/grand: the declarer's final card points (skat included); null in null games. */
  readonly value: number | null;
  /** Won or lost as declared and bid (announcements and the bid counted, R22-R33). */
  readonly verdict: Verdict;
}

export interface MoveOutcome extends Outcome {
  readonly card: Card;
}

/** One position of the card play: what it is worth, what the record played, what else was possible. */
export interface AnalyzedStep {
  /** The replay step (frame) of the position, before the move. */
  readonly step: number;
  /** 1-based trick the next card goes to. */
  readonly trick: number;
  readonly toMove: Seat;
  readonly outcome: Outcome;
  /** The card the record plays from here (null when the record ends here: a claim, a cut record). */
  readonly played: Card | null;
  /** The outcome once that card is played. */
  readonly after: Outcome | null;
  /** Every legal card of the side to move, in the order of its hand. */
  readonly alternatives: readonly MoveOutcome[];
}

/** A step where the card played changed the verdict (a declarer's card losing a won game, or a defender's winning it back). */
export interface TurningPoint {
  readonly step: number;
  readonly trick: number;
  readonly seat: Seat;
  readonly card: Card;
  readonly before: Outcome;
  readonly after: Outcome;
  /** A card that would have kept the verdict, when there was one (the best of them). */
  readonly better: MoveOutcome | null;
  readonly text: string;
}

export interface DealAnalysis {
  readonly dealId: string;
  /** The solver's kind of game; null when the deal has no card play to analyse (passed in, Ramsch, not yet declared). */
  readonly game: 'suit' | 'grand' | 'null' | null;
  readonly declarer: Seat | null;
  /** Why nothing was analysed, when `steps` is empty. */
  readonly note: string | null;
  readonly steps: readonly AnalyzedStep[];
  readonly turningPoints: readonly TurningPoint[];
  /** Search effort, for the curious and for the benches. */
  readonly nodes: number;
}
