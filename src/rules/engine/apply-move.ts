import type { GameState } from '../game-state';
import { inputText } from '../input-text';
import type { Move } from '../move';
import { refuse, type Judgement } from '../../kernel/refusal';
import { isSeat } from '../seat';
import { abandon } from './abandon';
import { bidCall } from './bidding-move';
import { playCard } from './card-play';
import { resign, showCards } from './claims';
import { kontraOrRe } from './kontra-re';
import { declare, discard, pickUpSkat } from './skat-and-declaration';

/** Applies one move; a refusal names the rule and leaves `state` untouched. */
export function applyMove(state: GameState, move: Move): Judgement<GameState> {
  if (!move || typeof move !== 'object') return refuse('D3', 'a move must be an object with a kind');
  if (move.kind !== 'abandon' && !isSeat((move as { seat?: unknown }).seat)) {
    return refuse('R2', `a ${inputText(move.kind)} move needs a seat 0, 1 or 2, got ${inputText((move as { seat?: unknown }).seat)}`);
  }
  switch (move.kind) {
    // Without a working state to change, these always answer with a judgement.
    case 'play':
      return playCard(state, move, null) as Judgement<GameState>;
    case 'bid':
    case 'hold':
    case 'pass':
      return bidCall(state, move, null) as Judgement<GameState>;
    case 'pickUpSkat':
      return pickUpSkat(state, move, null) as Judgement<GameState>;
    case 'discard':
      return discard(state, move, null) as Judgement<GameState>;
    case 'declare':
      return declare(state, move, null) as Judgement<GameState>;
    case 'showCards':
      return showCards(state, move);
    case 'resign':
      return resign(state, move);
    case 'kontra':
    case 're':
      return kontraOrRe(state, move);
    case 'abandon':
      return abandon(state, move);
    default:
      return refuse('D3', `unknown move kind "${inputText((move as { kind?: unknown }).kind)}"`);
  }
}
