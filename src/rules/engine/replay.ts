import type { DealtCards } from '../dealing';
import type { GameState } from '../game-state';
import type { Move } from '../move';
import { refuse, type Judgement, type Refusal } from '../../kernel/refusal';
import type { ScoreOptions } from '../scoring';
import { isSeat } from '../seat';
import type { RuleProfile } from '../variant/rule-profile';
import { applyMove } from './apply-move';
import { bidCall } from './bidding-move';
import { playCard } from './card-play';
import { describeMove } from './describe-move';
import type { Draft } from './draft';
import { declare, discard, pickUpSkat } from './skat-and-declaration';
import { withScoreOptions } from './score-options';
import { startGame } from './start-game';

/** A replay that stopped: the 0-based index of the refused move (-1: the deal itself) and why. */
export interface ReplayFailure {
  readonly ok: false;
  readonly index: number;
  readonly refusal: Refusal;
}

/**
 * Folds `moves` over a fresh deal, the fast way: the same rules as applyMove, but bids and cards
 * change one working state in place instead of copying it per move (nothing outside can see the
 * intermediate states). The final state is a normal, never-again-changed GameState, equal to the
 * one a fold of applyMove gives (a property test checks this).
 */
export function replayMoves(
  dealt: DealtCards,
  moves: readonly Move[],
  profile: RuleProfile,
  options?: ReplayOptions,
): { readonly ok: true; readonly value: GameState } | ReplayFailure {
  if (options?.derivation === false) {
    // Synchronous and single-threaded: the switch holds for exactly this fold.
    return withScoreOptions(WITHOUT_DERIVATION, () => replayMovesWith(dealt, moves, profile));
  }
  return replayMovesWith(dealt, moves, profile);
}

export interface ReplayOptions {
  /** false: the result's derivation stays empty (bulk checks comparing numbers only); default true. */
  readonly derivation?: boolean;
}

const WITHOUT_DERIVATION: ScoreOptions = { derivation: false };

function replayMovesWith(dealt: DealtCards, moves: readonly Move[], profile: RuleProfile): { readonly ok: true; readonly value: GameState } | ReplayFailure {
  const started = startGame(dealt, profile);
  if (!started.ok) return { ok: false, index: -1, refusal: started.refusal };
  // startGame's state is a fresh object nobody else holds: it becomes the working state.
  let work = started.value as Draft;
  // Own copies: startGame shares the hand arrays with `dealt`, and these will be spliced.
  work.hands = [work.hands[0].slice(), work.hands[1].slice(), work.hands[2].slice()];
  for (let i = 0; i < moves.length; i++) {
    const move = moves[i];
    // Moves come in many shapes, so each field read here is slow: read kind once.
    const kind = move ? move.kind : undefined;
    let r: Judgement<GameState> | null;
    if (kind === 'play' && isSeat(move.seat)) r = playCard(work, move as Extract<Move, { kind: 'play' }>, work);
    else if ((kind === 'bid' || kind === 'hold' || kind === 'pass') && isSeat(move.seat))
      r = bidCall(work, move as Extract<Move, { kind: 'bid' | 'hold' | 'pass' }>, work);
    else if (kind === 'pickUpSkat' && isSeat(move.seat)) r = pickUpSkat(work, move as Extract<Move, { kind: 'pickUpSkat' }>, work);
    else if (kind === 'discard' && isSeat(move.seat)) r = discard(work, move as Extract<Move, { kind: 'discard' }>, work);
    else if (kind === 'declare' && isSeat(move.seat)) r = declare(work, move as Extract<Move, { kind: 'declare' }>, work);
    // Rare moves take the copying path; its result shares arrays only with the discarded `work`.
    else r = applyMove(work, move);
    if (r === null) continue; // changed `work` in place
    if (!r.ok) return { ok: false, index: i, refusal: r.refusal };
    work = r.value as Draft;
  }
  return { ok: true, value: work };
}

/** Folds `moves` over a fresh deal; a refusal says which move (0-based index) failed. */
export function replay(dealt: DealtCards, moves: readonly Move[], profile: RuleProfile): Judgement<GameState> {
  const r = replayMoves(dealt, moves, profile);
  if (r.ok) return r;
  if (r.index < 0) return refuse(r.refusal.ruleId, r.refusal.reason);
  return refuse(r.refusal.ruleId, `move ${r.index} (${describeMove(moves[r.index])}): ${r.refusal.reason}`);
}
