import { ALL_CARDS, type Card } from '../../src/rules/card';
import type { DealtCards } from '../../src/rules/dealing';
import { applyMove, legalMoves, startGame } from '../../src/rules/game';
import type { GameState } from '../../src/rules/game-state';
import type { Move } from '../../src/rules/move';
import type { RuleProfile } from '../../src/rules/variant/rule-profile';

/** mulberry32: a small seeded generator, so every generated file is reproducible. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomDeal(rand: () => number): DealtCards {
  const deck: Card[] = ALL_CARDS.slice();
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return { hands: [deck.slice(0, 10), deck.slice(10, 20), deck.slice(20, 30)], skat: [deck[30], deck[31]] };
}

export interface RandomGame {
  readonly dealt: DealtCards;
  readonly moves: Move[];
  readonly state: GameState;
}

/**
 * One random legal deal played to its end with the engine's legalMoves: short auctions, mostly
 * pick-up games, and now and then a claim (SC), resignations (RE) or a time-out, so that every
 * path of the ISS reader and verifier is exercised.
 */
export function playRandomGame(rand: () => number, profile: RuleProfile): RandomGame {
  const dealt = randomDeal(rand);
  const started = startGame(dealt, profile);
  if (!started.ok) throw new Error(started.refusal.reason);
  let state = started.value;
  const moves: Move[] = [];
  const abandonAt = rand() < 0.01 ? 1 + Math.floor(rand() * 30) : -1;
  while (state.phase !== 'finished' && state.phase !== 'passedIn' && state.phase !== 'abandoned') {
    let move: Move;
    if (moves.length === abandonAt) {
      move = { kind: 'abandon', reason: rand() < 0.5 ? 'timeout' : 'left', seat: Math.floor(rand() * 3) as 0 | 1 | 2 };
    } else {
      move = choose(legalMoves(state), state, rand);
    }
    const next = applyMove(state, move);
    if (!next.ok) throw new Error(`generator chose an illegal move: ${next.refusal.ruleId} ${next.refusal.reason}`);
    state = next.value;
    moves.push(move);
  }
  return { dealt, moves, state };
}

function choose(options: readonly Move[], state: GameState, rand: () => number): Move {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const of = (kind: Move['kind']) => options.filter((m) => m.kind === kind);
  switch (state.phase) {
    case 'bidding': {
      const pass = of('pass');
      const others: Move[] = options.filter((m) => m.kind !== 'pass');
      return pass.length && (rand() < 0.45 || others.length === 0) ? pass[0] : pick(others);
    }
    case 'skatDecision':
      return rand() < 0.85 ? of('pickUpSkat')[0] : pick(of('declare'));
    case 'playing': {
      const r = rand();
      if (r < 0.004 && of('showCards').length) return of('showCards')[0];
      if (r < 0.01 && of('resign').length) return pick(of('resign'));
      return pick(of('play'));
    }
    default:
      return pick(options);
  }
}
