import type { Card } from '../../rules/card';
import type { GameState } from '../../rules/game-state';
import type { Move } from '../../rules/move';
import type { Seat } from '../../rules/seat';
import type { Perspective } from './replay-frame';
import { cardsNamedBy } from '../../deal/moves/move-table';

/**
 * What a perspective may see of a deal at one moment. Played cards and the bidding are public;
 * a seat sees its own hand; everybody sees the declarer's hand once it is shown (ouvert, claim);
 * the declarer sees the skat once he picked it up and his discards; the untouched skat of a hand
 * game is turned up after the game; discards are never public.
 */
export function canSeeHand(p: Perspective, game: GameState, seat: Seat): boolean {
  if (p.kind === 'all') return true;
  if (p.kind === 'seat' && p.seat === seat) return true;
  return game.cardsShown && game.declarer === seat;
}

export function canSeeSkat(p: Perspective, game: GameState): boolean {
  if (p.kind === 'all') return true;
  const over = game.phase === 'finished';
  if (!game.skatPickedUp) return over && game.declaration !== null;
  return p.kind === 'seat' && p.seat === game.declarer;
}

/**
 * The cards a legal move is derived from: the cards it names, and for the declarer's R13 switch
 * (offered only when it is worth more over his hand plus the dealt skat) his dealt hand and the
 * dealt skat. A perspective is shown a move only when it has seen every one of them, so no list
 * of moves tells it anything about cards it may not see.
 */
export function cardsBehindMove(move: Move, game: GameState): readonly Card[] {
  if (move.kind === 'declare' && game.phase === 'playing' && game.declarer !== null) return [...game.dealt.hands[game.declarer], ...game.dealt.skat];
  return cardsOfMove(move);
}

/** The cards a move names, as its definition in the table of moves says (a play, a discard). */
export function cardsOfMove(move: Move): readonly Card[] {
  return cardsNamedBy(move);
}
