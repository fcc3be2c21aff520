import type { GameResult } from '../rules/game-result';
import type { GameState } from '../rules/game-state';
import type { RuleProfile } from '../rules/variant/rule-profile';
import type { DealStartedData } from './events';

/** Everything the decider needs to know about one deal, folded from its stream. */
export interface DealState {
  readonly started: DealStartedData | null;
  readonly profile: RuleProfile | null;
  /** The engine's state once the cards are dealt. */
  readonly game: GameState | null;
  /** Number of events folded so far (the next event's revision). */
  readonly eventCount: number;
  /** The declarer laid his cards open: ouvert (R14) or a claim (R21/D3). */
  readonly shown: null | 'ouvert' | 'claim';
  /** The result recorded in DealScored, as the engine derived it then. */
  readonly recordedResult: GameResult | null;
  readonly scoredEventId: string | null;
  /** The score entry in force: DealScored's, or the latest correction's. */
  readonly currentScore: number | null;
  readonly currentScoreEventId: string | null;
  readonly corrections: number;
}

export const initialDealState: DealState = {
  started: null,
  profile: null,
  game: null,
  eventCount: 0,
  shown: null,
  recordedResult: null,
  scoredEventId: null,
  currentScore: null,
  currentScoreEventId: null,
  corrections: 0,
};

export const isDealOver = (state: DealState): boolean => state.recordedResult !== null;
