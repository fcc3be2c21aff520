import { dealFromDeck } from '../../src/rules/dealing';
import { seededDeck, seededRandom, type RandomInt } from '../../src/rules/deck';
import { applyMove, legalMoves, type DealtCards } from '../../src/rules/game';
import type { GameState } from '../../src/rules/game-state';
import type { Move } from '../../src/rules/move';
import { startGame } from '../../src/rules/game';
import type { RuleProfile } from '../../src/rules/variant/rule-profile';

/**
 * Plays one random legal deal from a seed: a seeded shuffle, then random choices among
 * legalMoves with a bias so that games run long (cards far more often than claims/resigns).
 * Used by the property tests and the engine benchmark.
 */
export interface RandomGame {
  readonly dealt: DealtCards;
  readonly moves: readonly Move[];
  readonly final: GameState;
  /** Every state along the way, first = the start (only when `keepStates`). */
  readonly states: readonly GameState[];
}

export interface RandomGameOptions {
  /** Chance per card turn that a claim/resign/Kontra is tried instead of a card. */
  readonly interjection?: number;
  readonly keepStates?: boolean;
}

export function randomDeal(seed: string): DealtCards {
  const d = dealFromDeck(seededDeck(seed));
  if (!d.ok) throw new Error(d.refusal.reason);
  return d.value;
}

function pick<T>(xs: readonly T[], random: RandomInt): T {
  return xs[random(xs.length)];
}

function chooseMove(state: GameState, random: RandomInt, interjection: number): Move {
  const legal = legalMoves(state);
  if (state.phase === 'bidding') {
    // Bid on in 60% of turns; sometimes jump two steps above the listed value.
    const bid = legal.find((m) => m.kind === 'bid' || m.kind === 'hold');
    if (bid && random(10) < 6) {
      if (bid.kind === 'bid' && random(4) === 0) return { ...bid, value: nextUp(bid.value) };
      return bid;
    }
    return legal.find((m) => m.kind === 'pass') ?? legal[0];
  }
  if (state.phase === 'playing') {
    const cards = legal.filter((m) => m.kind === 'play');
    const others = legal.filter((m) => m.kind !== 'play');
    if (others.length && (cards.length === 0 || random(1000) < interjection * 1000)) return pick(others, random);
    return pick(cards, random);
  }
  // Pick up the skat in half the games so that discards and non-hand games are common.
  if (state.phase === 'skatDecision' && random(2) === 0) return legal[0];
  return pick(legal, random);
}

const JUMP: Record<number, number> = { 18: 20, 20: 22, 22: 23, 23: 24, 24: 27, 27: 30, 30: 33, 33: 35, 35: 36, 36: 40 };
function nextUp(value: number): number {
  return JUMP[value] ?? value;
}

export function playRandomGame(seed: string, profile: RuleProfile, options: RandomGameOptions = {}): RandomGame {
  const dealt = randomDeal(seed);
  const random = seededRandom(`${seed}/moves`);
  const started = startGame(dealt, profile);
  if (!started.ok) throw new Error(started.refusal.reason);
  let state = started.value;
  const states: GameState[] = options.keepStates ? [state] : [];
  const moves: Move[] = [];
  for (let guard = 0; guard < 200 && legalMoves(state).length > 0; guard++) {
    const move = chooseMove(state, random, options.interjection ?? 0.02);
    const next = applyMove(state, move);
    if (!next.ok) throw new Error(`legal move refused: ${JSON.stringify(move)}: ${next.refusal.ruleId} ${next.refusal.reason}`);
    moves.push(move);
    state = next.value;
    if (options.keepStates) states.push(state);
  }
  return { dealt, moves, final: state, states };
}
