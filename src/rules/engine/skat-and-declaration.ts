import type { Card } from '../card';
import type { Declaration } from '../declaration';
import { judgeDeclaration, judgeDiscard, judgeRedeclaration } from '../declaration-rules';
import type { GameState } from '../game-state';
import type { Move } from '../move';
import { allow, refuse, type Judgement } from '../../kernel/refusal';
import type { Seat } from '../seat';
import { replaceHand, update, withMove, type Draft } from './draft';
import { mustBeDeclarer, notNow } from './move-checks';

// ---------------------------------------------------------------- skat and declaration (R9-R14)

export function pickUpSkat(state: GameState, move: Extract<Move, { kind: 'pickUpSkat' }>, owned: Draft | null): Judgement<GameState> | null {
  if (state.phase !== 'skatDecision') return notNow(state, 'R9', 'picking up the skat');
  const wrong = mustBeDeclarer(state, move.seat, 'R9', 'pick up the skat');
  if (wrong) return wrong;
  const seat = move.seat;
  const hand = [...state.hands[seat], ...state.skat];
  if (owned) {
    // The working hands triple is replay's own; the skat array is shared with `dealt`: replaced, not emptied.
    (owned.hands as unknown as Card[][])[seat] = hand;
    owned.skat = [];
    owned.skatPickedUp = true;
    owned.phase = 'discarding';
    (owned.moves as Move[]).push(move);
    return null;
  }
  return allow(
    update(state, { hands: replaceHand(state.hands, seat, hand), skat: [], skatPickedUp: true, phase: 'discarding', moves: withMove(state.moves, move) }),
  );
}

export function discard(state: GameState, move: Extract<Move, { kind: 'discard' }>, owned: Draft | null): Judgement<GameState> | null {
  if (state.phase !== 'discarding') {
    return state.phase === 'skatDecision' ? refuse('R10', 'the skat must be picked up before discarding') : notNow(state, 'R10', 'discarding');
  }
  const wrong = mustBeDeclarer(state, move.seat, 'R10', 'discard');
  if (wrong) return wrong;
  const held = state.hands[move.seat];
  const judged = judgeDiscard(held, move.cards as readonly unknown[]);
  if (!judged.ok) return judged;
  const [a, b] = judged.value;
  const hand = held.filter((c) => c !== a && c !== b);
  if (owned) {
    (owned.hands as unknown as Card[][])[move.seat] = hand;
    owned.skat = [a, b];
    owned.discarded = [a, b];
    owned.phase = 'declaring';
    (owned.moves as Move[]).push(move);
    return null;
  }
  return allow(
    update(state, {
      hands: replaceHand(state.hands, move.seat, hand),
      skat: [a, b],
      discarded: [a, b],
      phase: 'declaring',
      moves: withMove(state.moves, move),
    }),
  );
}

export function declare(state: GameState, move: Extract<Move, { kind: 'declare' }>, owned: Draft | null): Judgement<GameState> | null {
  if (state.phase === 'discarding') return refuse('R10', 'discard two cards before naming the game');
  if (state.phase === 'playing' && state.declaration) return redeclare(state, move);
  if (state.phase !== 'skatDecision' && state.phase !== 'declaring') return notNow(state, 'R11', 'declaring a game');
  const wrong = mustBeDeclarer(state, move.seat, 'R11', 'declare the game');
  if (wrong) return wrong;
  const judged = judgeDeclaration(move.declaration, state.skatPickedUp);
  if (!judged.ok) return judged;
  const declaration = judged.value;
  if (owned) {
    owned.declaration = declaration;
    owned.phase = 'playing';
    owned.playMode = declaration.gameType;
    owned.cardsShown = declaration.ouvert;
    (owned.moves as Move[]).push(move);
    return null;
  }
  return allow(
    update(state, {
      declaration,
      phase: 'playing',
      playMode: declaration.gameType,
      // R14: in every ouvert game the declarer's cards lie face up.
      cardsShown: declaration.ouvert,
      moves: withMove(state.moves, move),
    }),
  );
}

/** R13: before the first lead, a switch to a game of higher value; otherwise irrevocable. */
function redeclare(state: GameState, move: Extract<Move, { kind: 'declare' }>): Judgement<GameState> {
  if (state.tricks.length > 0 || state.currentTrick) return refuse('R13', 'the declaration is irrevocable once the first card is led');
  const wrong = mustBeDeclarer(state, move.seat, 'R13', 'change the declaration');
  if (wrong) return wrong;
  const judged = judgeDeclaration(move.declaration, state.skatPickedUp);
  if (!judged.ok) return judged;
  const seat = state.declarer as Seat;
  const upgraded = judgeRedeclaration(state.declaration as Declaration, judged.value, [...state.dealt.hands[seat], ...state.dealt.skat]);
  if (!upgraded.ok) return upgraded;
  const declaration = upgraded.value;
  return allow(
    update(state, { declaration, playMode: declaration.gameType, cardsShown: state.cardsShown || declaration.ouvert, moves: withMove(state.moves, move) }),
  );
}
