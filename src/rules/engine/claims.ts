import { concedeRemainingTricks, type EndedBy } from '../game-end';
import type { GameState } from '../game-state';
import type { Move } from '../move';
import { allow, refuse, type Judgement } from '../../kernel/refusal';
import { nextSeat, type Seat } from '../seat';
import { update, withMove } from './draft';
import { finish } from './finish';
import { mustBeDeclarer, notNow, who } from './move-checks';

// ---------------------------------------------------------------- claims and resignations (R21, D3)

/**
 * Which side takes the unplayed tricks when `winningSide` has the game: in a null game the
 * declarer wins by taking no trick, so the defenders take them (ISS records this: both defenders
 * resigning a null ouvert leaves the declarer with 0 tricks).
 */
function remainingTaker(state: GameState, winningSide: 'declarer' | 'defenders'): Seat {
  const declarer = state.declarer as Seat;
  const nullGame = state.declaration?.gameType === 'null';
  const declarerTakes = (winningSide === 'declarer') !== nullGame;
  return declarerTakes ? declarer : nextSeat(declarer);
}

function concede(state: GameState, winningSide: 'declarer' | 'defenders', endedBy: EndedBy, extra: Partial<GameState>): GameState {
  const base: GameState = update(state, extra);
  const unplayed = concedeRemainingTricks(base, remainingTaker(state, winningSide));
  return finish(update(base, { hands: [[], [], []], currentTrick: null, tricks: [...state.tricks, ...unplayed] }), endedBy);
}

export function showCards(state: GameState, move: Extract<Move, { kind: 'showCards' }>): Judgement<GameState> {
  if (state.phase !== 'playing') return notNow(state, 'R21', 'showing cards to claim');
  if (state.declarer === null) return refuse('R42', 'in Ramsch there is no declarer to claim the remaining tricks');
  const wrong = mustBeDeclarer(state, move.seat, 'R21', 'show his cards to claim the remaining tricks');
  if (wrong) return wrong;
  const moves = withMove(state.moves, move);
  if (state.profile.claims === 'iss') {
    // D3: on ISS a claim (`SC`) is an offer; play may go on.
    return allow(update(state, { moves, claimed: true, cardsShown: true }));
  }
  // R21 (isko): the claim ends the game with the remaining tricks to the declarer, unless it was
  // unsound (the deal decider judges it with all cards open): then they all go to the defenders.
  return allow(concede(state, move.unsound ? 'defenders' : 'declarer', 'claim', { moves, claimed: true, cardsShown: true }));
}

export function resign(state: GameState, move: Extract<Move, { kind: 'resign' }>): Judgement<GameState> {
  if (state.phase !== 'playing') return notNow(state, 'R21', 'resigning');
  if (state.declarer === null) return refuse('R42', 'in Ramsch nobody can resign: every player plays for himself');
  const seat = move.seat;
  if (state.resigned.includes(seat)) return refuse('R21', `${who(seat)} has already resigned`);
  const resigned = [...state.resigned, seat];
  const moves = withMove(state.moves, move);
  const iss = state.profile.claims === 'iss';
  if (seat === state.declarer) {
    // D3: on ISS no remaining trick goes to anybody; the game is scored from the tricks as played.
    if (iss) return allow(finish(update(state, { moves, resigned }), 'declarerResigned'));
    // R21: the declarer resigns: every remaining trick goes to the defenders.
    return allow(concede(state, 'defenders', 'declarerResigned', { moves, resigned }));
  }
  const defendersResigned = resigned.filter((s) => s !== state.declarer).length;
  if (iss && defendersResigned === 2 && state.declaration?.gameType === 'null') {
    // D3: both defenders resigning a null game: won, with card points and tricks as played.
    return allow(finish(update(state, { moves, resigned }), 'defendersResigned'));
  }
  if (!iss || defendersResigned === 2) {
    // R21: a concession by one defender ends the game (isko); D3: on ISS both defenders must
    // resign, and in a suit or grand game every remaining trick goes to the declarer.
    return allow(concede(state, 'declarer', 'defendersResigned', { moves, resigned }));
  }
  // D3: one defender's resignation alone changes nothing.
  return allow(update(state, { moves, resigned }));
}
