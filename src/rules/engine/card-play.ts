import { ALL_CARDS, type Card, cardIndex, isCard, pointsOfIndex } from '../card';
import { type EndedBy, scoringFactsOf } from '../game-end';
import type { CompletedTrick, GameState, PlayedCard } from '../game-state';
import { inputText } from '../input-text';
import type { Move } from '../move';
import { ramschResult } from '../ramsch';
import { allow, refuse, type Judgement } from '../../kernel/refusal';
import { scoreGame } from '../scoring';
import type { Seat } from '../seat';
import { classOfIndex, followSuitReason, holdsClass, modeIndex, winnerPositionOfThree } from '../trick';
import { draft, replaceHand, withMove, withoutAt, type Draft } from './draft';
import { finish } from './finish';
import { notNow, who } from './move-checks';
import { currentScoreOptions } from './score-options';
import { playerToAct } from './turn';

// ---------------------------------------------------------------- play (R15-R19)

export function playCard(state: GameState, move: Extract<Move, { kind: 'play' }>, owned: Draft | null): Judgement<GameState> | null {
  if (state.phase !== 'playing' || state.playMode === null) return notNow(state, 'R15', 'playing a card');
  const seat = move.seat;
  const card = move.card;
  const trick = state.currentTrick;
  const toAct = trick ? (((trick.leader + trick.cards.length) % 3) as Seat) : playerToAct(state);
  if (seat !== toAct) return refuse('R15', `it is ${who(toAct)}'s turn to ${trick ? 'play' : 'lead'}, not ${who(seat)}'s`);
  const hand = state.hands[seat];
  let at = -1;
  for (let i = 0; i < hand.length; i++) {
    if (hand[i] === card) {
      at = i;
      break;
    }
  }
  if (at < 0) {
    if (typeof card !== 'string' || !isCard(card)) return refuse('R1', `"${inputText(card)}" is not a card`);
    return refuse('R15', `${who(seat)} does not hold ${card}`);
  }
  const m = modeIndex(state.playMode);
  const index = cardIndex(card);
  if (trick) {
    // R16: follow the led class (suit, or trumps with the jacks) if able.
    const led = trick.cards[0].card;
    const ledClass = classOfIndex(m, cardIndex(led));
    if (classOfIndex(m, index) !== ledClass && holdsClass(hand, ledClass, m)) {
      return refuse('R16', followSuitReason(who(seat), hand, led, card, state.playMode));
    }
  }
  const played = PLAYED_CARDS[seat * ALL_CARDS.length + index];
  let next: Draft;
  if (owned) {
    next = owned;
    // Close the gap by hand: splice would allocate an array of the removed card.
    const h = hand as Card[];
    for (let i = at + 1; i < h.length; i++) h[i - 1] = h[i];
    h.pop();
    (next.moves as Move[]).push(move);
  } else {
    next = draft(state);
    next.hands = replaceHand(state.hands, seat, withoutAt(hand, at));
    next.moves = withMove(state.moves, move);
  }
  if (!trick) {
    next.currentTrick = { leader: seat, cards: [played] };
    return owned ? null : allow(next);
  }
  if (trick.cards.length < 2) {
    // A new array of the exact size, even for replay's own trick: cheaper than growing one by push.
    next.currentTrick = { leader: trick.leader, cards: [trick.cards[0], played] };
    return owned ? null : allow(next);
  }

  // R17: the trick is complete.
  const first = trick.cards[0].card;
  const second = trick.cards[1].card;
  const firstIndex = cardIndex(first);
  const secondIndex = cardIndex(second);
  const winner = ((trick.leader + winnerPositionOfThree(firstIndex, secondIndex, index, m)) % 3) as Seat;
  const points = pointsOfIndex(firstIndex) + pointsOfIndex(secondIndex) + pointsOfIndex(index);
  const completed: CompletedTrick = { leader: trick.leader, cards: [trick.cards[0], trick.cards[1], played], winner, points };
  const tricks = owned ? (state.tricks as CompletedTrick[]) : state.tricks.slice();
  tricks.push(completed);
  next.currentTrick = null;
  next.tricks = tricks;
  const after: GameState = next;
  const d = state.declaration;
  if (d) {
    // R18: null is lost as soon as the declarer takes a trick.
    if (d.gameType === 'null' && winner === state.declarer) return end(after, 'nullTrickTaken', owned);
    // R19: schwarz announced / suit or grand ouvert is lost the moment the defenders take a trick.
    if (d.schwarzAnnounced && winner !== state.declarer) return end(after, 'defendersTookTrick', owned);
    // R19/D3: the ISS server stops a schneider-announced game once the defenders hold more than 30.
    if (
      d.schneiderAnnounced &&
      winner !== state.declarer &&
      state.profile.schneiderAnnouncedEnd === 'defendersOver30' &&
      defenderTrickPoints(tricks, state.declarer) > 30
    ) {
      return end(after, 'defendersOver30', owned);
    }
  }
  if (tricks.length === 10) return end(after, 'allTricks', owned);
  return owned ? null : allow(after);
}

/** Card points of the tricks the defenders took (the skat is the declarer's, R22). */
function defenderTrickPoints(tricks: readonly CompletedTrick[], declarer: Seat | null): number {
  let points = 0;
  for (const t of tricks) if (t.winner !== declarer) points += t.points;
  return points;
}

/**
 * A card as played: {seat, card} objects are immutable, so one per seat and card is shared by every
 * trick of every deal (a replay allocates none).
 */
const PLAYED_CARDS: readonly PlayedCard[] = [0, 1, 2].flatMap((seat) => ALL_CARDS.map((card): PlayedCard => ({ seat: seat as Seat, card })));

/** finish, in place for replay's own working state (null: done), else as a new state. */
function end(state: GameState, endedBy: EndedBy, owned: Draft | null): Judgement<GameState> | null {
  if (!owned) return allow(finish(state, endedBy));
  owned.phase = 'finished';
  owned.endedBy = endedBy;
  owned.result =
    owned.declarer === null ? ramschResult(owned.tricks, owned.skat) : scoreGame(scoringFactsOf(owned, endedBy), owned.profile, currentScoreOptions());
  return null;
}
