import type { GameState } from '../game-state';
import type { Move } from '../move';
import { allow, refuse, type Judgement } from '../../kernel/refusal';
import { update, withMove } from './draft';
import { notNow } from './move-checks';

// ---------------------------------------------------------------- Kontra / Re (R40)

export function kontraOrRe(state: GameState, move: Extract<Move, { kind: 'kontra' | 're' }>): Judgement<GameState> {
  const word = move.kind === 'kontra' ? 'Kontra' : 'Re';
  if (!state.profile.houseOptions?.kontraRe) return refuse('R40', `${word} is a house option that the "${state.profile.id}" profile does not allow`);
  if (state.phase !== 'playing') return notNow(state, 'R40', word);
  if (state.declarer === null) return refuse('R40', `there is no declarer to say ${word} against in Ramsch`);
  if (state.tricks.length > 0 || state.currentTrick) return refuse('R40', `${word} must be said before the first card is played`);
  if (move.kind === 'kontra') {
    if (move.seat === state.declarer) return refuse('R40', 'only a defender may say Kontra');
    if (state.kontra) return refuse('R40', 'Kontra has already been said');
    return allow(update(state, { kontra: true, moves: withMove(state.moves, move) }));
  }
  if (move.seat !== state.declarer) return refuse('R40', 'only the declarer may answer Kontra with Re');
  if (!state.kontra) return refuse('R40', 'Re answers a Kontra; none has been said');
  if (state.re) return refuse('R40', 'Re has already been said');
  return allow(update(state, { re: true, moves: withMove(state.moves, move) }));
}
