import { allow, refuse, type Judgement } from '../kernel/refusal';
import type { Card } from '../rules/card';
import type { GameState } from '../rules/game-state';
import type { ReplaceHands } from './commands';
import type { DealState } from './deal-state';
import { resolveDeal } from './dealing';
import { applyMove, startGame } from './engine';
import type { DealEvent } from './events';
import { LEDGER_RULES as L } from './ledger-rules';

type Dealt = { readonly hands: readonly [readonly Card[], readonly Card[], readonly Card[]]; readonly skat: readonly [Card, Card] };

/**
 * The deal as if `cards` had been dealt: the moves in force (`game.moves`) replayed over them.
 * The states after 0, 1, … n of those moves (a recorded move's `before` is one of them); the first
 * move the new cards do not allow refuses. At most the auction and the declaration: a bounded replay.
 */
export function redealt(game: GameState, cards: Dealt): Judgement<GameState[]> {
  const start = startGame({ hands: cards.hands, skat: cards.skat }, game.profile);
  if (!start.ok) return start;
  const states = [start.value];
  for (const m of game.moves) {
    const next = applyMove(states[states.length - 1], m);
    if (!next.ok) return refuse(next.refusal.ruleId, `the ${m.kind} recorded so far does not fit the new cards: ${next.refusal.reason}`);
    states.push(next.value);
  }
  return allow(states);
}

const sameCards = (a: Dealt, b: Dealt): boolean =>
  a.skat.every((c) => b.skat.includes(c)) && a.hands.every((h, s) => h.length === b.hands[s].length && h.every((c) => b.hands[s].includes(c)));

/** L25: a mistyped hand of a dealt deal, replaced in place before the first card (the moves so far must fit the new cards). */
export function decideReplaceHands(command: ReplaceHands, state: DealState, actorId: string): Judgement<DealEvent[]> {
  const reason = typeof command.reason === 'string' ? command.reason.trim() : '';
  if (!reason || command.reason.length > 1000) return refuse(L.reasonRequired, 'replacing the hands needs a reason of 1-1000 characters');
  if (state.seen && !state.game)
    return refuse(L.replaceHands, 'the deal is recorded as seen: no hand was entered, so none is replaced (a wrong card is withdrawn with Undo)');
  const game = state.game;
  if (!game) return refuse(L.notStarted, `deal ${command.dealId} has no cards dealt`);
  if (state.seen || state.dealtBy !== 'given')
    return refuse(L.replaceHands, 'the server shuffled this deal: its cards are as dealt and cannot be replaced (abandon it as a misdeal, R4)');
  const played = game.tricks.length + (game.currentTrick?.cards.length ? 1 : 0);
  if (played > 0)
    return refuse(
      L.replaceHands,
      `a card has been played (trick ${played}): the hands can be replaced only before the first card; abandon the deal as a misdeal (R4)`,
    );
  if (state.shown) return refuse(L.replaceHands, "the declarer's cards were laid open as recorded: the hands can no longer be replaced");
  if (!command.cards || command.cards.kind !== 'given') return refuse(L.replaceHands, 'the new cards are given: three hands of ten and the skat (R4)');
  const cards = resolveDeal(command.cards);
  if (!cards.ok) return cards;
  if (sameCards(cards.value, game.dealt)) return refuse(L.replaceHands, 'these are the cards dealt already: nothing to replace');
  const replayed = redealt(game, cards.value);
  if (!replayed.ok) return replayed;
  return allow([{ type: 'HandsReplaced', data: { hands: cards.value.hands, skat: cards.value.skat, reason, by: actorId } }]);
}
