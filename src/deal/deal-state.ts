import type { GameResult } from '../rules/game-result';
import type { GameState } from '../rules/game-state';
import type { RuleProfile } from '../rules/variant/rule-profile';
import type { EnteredResult } from '../rules/result-entry';
import type { DealStartedData } from './core-events';
import type { SeenGame } from './seen/seen-game';
import type { ClientSeeds } from '../rules/fair-shuffle';

/** A fairly shuffled deal's commitment, client seeds and (once the deal ended) its revealed seed. */
export interface FairnessState {
  readonly scheme: string;
  readonly commitment: string;
  /** The cards wait for client seeds (until dealt). */
  readonly awaitsClientSeeds: boolean;
  readonly clientSeeds: ClientSeeds;
  /** Recorded after the end (ServerSeedRevealed); null before. */
  readonly serverSeed: string | null;
  /** Why the seed is lost (ServerSeedLost): the deal is unverifiable. */
  readonly lost: string | null;
}

/** One recorded move with what the deal looked like before it, so a withdrawal can restore that. */
export interface RecordedMove {
  /** The move's event and any that came with it (an ouvert declaration's display). */
  readonly eventIds: readonly string[];
  readonly type: string;
  readonly before: { readonly game: GameState; readonly shown: null | 'ouvert' | 'claim'; readonly seen?: SeenGame | null };
}

/** Everything the decider needs to know about one deal, folded from its stream. */
export interface DealState {
  readonly started: DealStartedData | null;
  readonly profile: RuleProfile | null;
  /** The engine's state once the cards are dealt (for a deal recorded as seen: once every card's place is known). */
  readonly game: GameState | null;
  /** Who shuffled the cards dealt (CardsDealt): only given cards can be replaced (L25). */
  readonly dealtBy: 'given' | 'crypto' | 'seeded' | null;
  /** A deal recorded as seen: what is known so far (kept after the hands are revealed). */
  readonly seen: SeenGame | null;
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
  /** The moves in force, oldest first (withdrawn ones removed). */
  readonly moves: readonly RecordedMove[];
  /** Set for a deal entered from its result only (ResultEntered). */
  readonly entered: EnteredResult | null;
  /** A result-only deal whose cards were recorded since (ResultUpgraded): its play follows in the stream. */
  readonly upgraded: boolean;
  /** The result in force: DealScored's, or the latest correction's when it named facts (a score-only correction changes currentScore alone). */
  readonly currentResult: GameResult | null;
  /** Players who confirmed / contested the result, and contests not ruled on yet (by event id). */
  readonly confirmedBy: readonly string[];
  readonly contestedBy: readonly string[];
  readonly openContests: readonly string[];
  /** Fair dealing (ShuffleCommitted and after); null for given, seeded and older server shuffles. */
  readonly fairness: FairnessState | null;
  /** The events that ended the deal after its last move (HandsRevealed, DealPassedIn, DealScored): withdrawn with that move (L24). */
  readonly endEventIds: readonly string[];
}

export const initialDealState: DealState = {
  started: null,
  profile: null,
  game: null,
  dealtBy: null,
  seen: null,
  eventCount: 0,
  shown: null,
  recordedResult: null,
  scoredEventId: null,
  currentScore: null,
  currentScoreEventId: null,
  corrections: 0,
  moves: [],
  entered: null,
  upgraded: false,
  currentResult: null,
  confirmedBy: [],
  contestedBy: [],
  openContests: [],
  fairness: null,
  endEventIds: [],
};
