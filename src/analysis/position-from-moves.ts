import { type Card, sumPoints } from '../rules/card';
import { SUIT_OF_GAME } from '../rules/declaration';
import type { DealtCards } from '../rules/dealing';
import { replayMoves } from '../rules/game';
import type { Move } from '../rules/move';
import type { Seat } from '../rules/seat';
import { playableCards, trickPoints, trickWinnerPosition } from '../rules/trick';
import { getProfile } from '../rules/variant';
import type { RuleProfile } from '../rules/variant/rule-profile';
import type { GameContract } from './game-contract';
import type { SolverPosition } from './solver-position';

export type PositionResult =
  | {
      readonly ok: true;
      readonly position: SolverPosition;
      readonly contract: GameContract;
      /** Cards played so far (0..30). */
      readonly cardsPlayed: number;
      /** Why no card is left to play (all tricks played; null: the declarer took a trick, R18), else null. */
      readonly over: string | null;
    }
  | { readonly ok: false; readonly reason: string };

/** Moves that never change which cards are held: claims, resignations, the server's stops (D3). */
const IGNORED: ReadonlySet<Move['kind']> = new Set(['showCards', 'resign', 'abandon']);

/**
 * The perfect-information position after `moves` of a deal: bidding, skat and declaration go
 * through the rules engine (R5-R14); the card play is then followed card by card with the engine's
 * trick rules (R15-R17), past any early end (a claim, a resignation, R19) so that every remaining
 * trick can be played out. Claims, resignations and time-outs are skipped: they change nothing
 * that is held.
 */
export function positionFromMoves(dealt: DealtCards, moves: readonly Move[], profile: RuleProfile = getProfile('isko')): PositionResult {
  const kept = moves.filter((m) => !IGNORED.has(m.kind));
  const firstPlay = kept.findIndex((m) => m.kind === 'play');
  const prefix = firstPlay < 0 ? kept : kept.slice(0, firstPlay);
  const plays = firstPlay < 0 ? [] : kept.slice(firstPlay);
  const replayed = replayMoves(dealt, prefix, profile);
  if (!replayed.ok) {
    return { ok: false, reason: `move ${replayed.index + 1}: ${replayed.refusal.ruleId}: ${replayed.refusal.reason}` };
  }
  const state = replayed.value;
  if (state.phase !== 'playing' || state.declaration === null || state.playMode === null) {
    return { ok: false, reason: `no game is being played (phase ${state.phase})` };
  }
  if (state.declarer === null) return { ok: false, reason: 'Ramsch has no declarer to analyse (R42)' };
  const declarer = state.declarer;
  const mode = state.playMode;
  const d = state.declaration;
  const hands: Card[][] = [state.hands[0].slice(), state.hands[1].slice(), state.hands[2].slice()];
  let trick: { seat: Seat; card: Card }[] = [];
  let toMove: Seat = 0;
  let declarerPoints = sumPoints(state.skat);
  let defenderPoints = 0;
  let declarerTricks = 0;
  let defenderTricks = 0;
  let over: string | null = null;
  for (let i = 0; i < plays.length; i++) {
    const m = plays[i];
    const where = `card ${i + 1}`;
    if (m.kind !== 'play') return { ok: false, reason: `${where}: a ${m.kind} move during the card play` };
    if (over) return { ok: false, reason: `${where}: ${m.card} is played after the game is over (${over})` };
    if (m.seat !== toMove) return { ok: false, reason: `${where}: R15: it is seat ${toMove}'s turn, not seat ${m.seat}'s` };
    const hand = hands[toMove];
    const at = hand.indexOf(m.card);
    if (at < 0) return { ok: false, reason: `${where}: R15: seat ${toMove} does not hold ${m.card}` };
    if (!playableCards(hand, trick.length ? trick[0].card : null, mode).includes(m.card)) {
      return { ok: false, reason: `${where}: R16: seat ${toMove} must follow ${trick[0].card} and may not play ${m.card}` };
    }
    hand.splice(at, 1);
    trick.push({ seat: toMove, card: m.card });
    if (trick.length < 3) {
      toMove = ((toMove + 1) % 3) as Seat;
      continue;
    }
    const cards = trick.map((t) => t.card);
    const winner = trick[trickWinnerPosition(cards, mode)].seat;
    const pts = trickPoints(cards);
    if (winner === declarer) {
      declarerPoints += pts;
      declarerTricks++;
    } else {
      defenderPoints += pts;
      defenderTricks++;
    }
    trick = [];
    toMove = winner;
    if (declarerTricks + defenderTricks === 10) over = 'all ten tricks are played';
    else if (d.gameType === 'null' && winner === declarer) over = 'the null declarer has taken a trick (R18)';
  }
  const suit = SUIT_OF_GAME[d.gameType];
  const position: SolverPosition = {
    game: d.gameType === 'null' ? 'null' : d.gameType === 'grand' ? 'grand' : 'suit',
    ...(suit ? { trump: suit } : {}),
    declarer,
    hands: [hands[0], hands[1], hands[2]],
    trick,
    toMove,
    declarerPoints,
    defenderPoints,
    declarerTricks,
    defenderTricks,
  };
  const contract: GameContract = {
    declarer,
    declaration: d,
    bid: state.highestBid,
    declarerCardsWithSkat: [...state.dealt.hands[declarer], ...state.dealt.skat],
    profile,
  };
  return { ok: true, position, contract, cardsPlayed: plays.length, over };
}

/** The position after the first `step` moves of a deal (step 0 = none; moves as the deal recorded them). */
export function positionAfter(dealt: DealtCards, moves: readonly Move[], step: number, profile?: RuleProfile): PositionResult {
  if (!Number.isInteger(step) || step < 0 || step > moves.length) {
    return { ok: false, reason: `step must be a whole number from 0 to ${moves.length}, got ${String(step)}` };
  }
  return positionFromMoves(dealt, moves.slice(0, step), profile);
}
