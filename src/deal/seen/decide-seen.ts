import type { Declaration } from '../../rules/declaration';
import { abandonReasonText } from '../engine';
import { notScoreableResult, PASSED_IN_RESULT } from '../../rules/game-end';
import type { GameState } from '../../rules/game-state';
import { allow, refuse, type Judgement } from '../../kernel/refusal';
import { nextSeat, type Seat } from '../../rules/seat';
import type { DealCommand } from '../commands';
import type { DealState } from '../deal-state';
import type { DealEvent } from '../events';
import { LEDGER_RULES as L } from '../ledger-rules';
import { applySeen, impliedDeal, type SeenGame, type SeenMove } from './seen-game';
import { dealtTwin, type TwinDecider } from './seen-twin';

/** The move a command of a deal recorded as seen stands for, and the events that record it (before the move is judged). */
function seenMoveOf(command: DealCommand, g: SeenGame): { move: SeenMove; events: (after: SeenGame) => DealEvent[] } | null {
  switch (command.type) {
    case 'CallBid':
      return {
        move: { kind: 'bid', seat: command.seat, value: command.value },
        events: () => [{ type: 'BidCalled', data: { seat: command.seat, value: command.value } }],
      };
    case 'HoldBid':
      return { move: { kind: 'hold', seat: command.seat }, events: () => [{ type: 'BidHeld', data: { seat: command.seat, value: g.highestBid } }] };
    case 'PassBid':
      return { move: { kind: 'pass', seat: command.seat }, events: () => [{ type: 'BidPassed', data: { seat: command.seat } }] };
    case 'TakeSkat':
      // The skat's cards are not seen at the pick-up: they are recorded when shown.
      return { move: { kind: 'pickUpSkat', seat: command.seat }, events: () => [{ type: 'SkatTaken', data: { seat: command.seat, skat: [] } }] };
    case 'DiscardSkat':
      return { move: { kind: 'discard', seat: command.seat, cards: command.cards }, events: () => [] };
    case 'DeclareGame':
      return {
        move: { kind: 'declare', seat: command.seat, declaration: command.declaration },
        events: (after) => [{ type: 'GameDeclared', data: { seat: command.seat, declaration: after.declaration as Declaration } }],
      };
    case 'PlayCard':
      return {
        move: { kind: 'play', seat: command.seat, card: command.card },
        events: () => [{ type: 'CardPlayed', data: { seat: command.seat, card: command.card, trick: g.tricks.length + 1 } }],
      };
    case 'Resign':
      return { move: { kind: 'resign', seat: command.seat }, events: () => [{ type: 'GameResigned', data: { seat: command.seat } }] };
    case 'ShowCards':
      // The cards of a claim are recorded when turned over (ShowHand); the claim is judged with all of them known.
      return { move: { kind: 'showCards', seat: command.seat }, events: () => [{ type: 'CardsShown', data: { seat: command.seat, cards: [], why: 'claim' } }] };
    case 'ConcedeForDefenders':
      return {
        move: { kind: 'concede' },
        events: (after) => {
          const first = nextSeat(g.declarer as Seat);
          const seats = [first, nextSeat(first)].filter((s) => !g.resigned.includes(s) && after.resigned.includes(s));
          return [{ type: 'DefendersConceded', data: { seats: after.profile.claims === 'iss' ? seats : seats.slice(0, 1) } }];
        },
      };
    case 'AbandonDeal':
      return {
        move: command.seat === undefined ? { kind: 'abandon', reason: command.reason } : { kind: 'abandon', reason: command.reason, seat: command.seat },
        events: () => [{ type: 'DealAbandoned', data: { reason: command.reason, seat: command.seat ?? null, note: command.note ?? '' } }],
      };
    case 'CallKontra':
      return { move: { kind: 'kontra', seat: command.seat }, events: () => [] };
    case 'CallRe':
      return { move: { kind: 're', seat: command.seat }, events: () => [] };
    case 'ShowSkat':
      return {
        move: { kind: 'showSkat', skat: command.skat, ...(command.discard ? { discard: command.discard } : {}) },
        events: () => [{ type: 'SkatShown', data: { skat: command.skat, discard: command.discard ?? null } }],
      };
    case 'ShowHand':
      return {
        move: { kind: 'showHand', seat: command.seat, cards: command.cards },
        events: () => [{ type: 'HandShown', data: { seat: command.seat, cards: command.cards } }],
      };
    case 'CallRevoke':
      return { move: { kind: 'callRevoke', seat: command.seat }, events: () => [{ type: 'RevokeCalled', data: { seat: command.seat } }] };
    default:
      return null;
  }
}

/**
 * decide for a deal recorded as seen (no hands known): each move is judged against what the
 * information allows; once every card's place is known the whole deal is checked through its
 * dealt twin, and the hands it implies and the result it gives are recorded.
 */
export function decideSeen(command: DealCommand, state: DealState, decider: TwinDecider): Judgement<DealEvent[]> {
  const g = state.seen as SeenGame;
  const started = state.started;
  if (!started) return refuse(L.notStarted, `deal ${command.dealId} has not been started`);
  const made = seenMoveOf(command, g);
  if (!made) return refuse(L.badCommand, `unknown deal command ${String((command as { type?: unknown }).type)}`);
  const next = applySeen(g, made.move);
  if (!next.ok) return next;
  const after = next.value;
  const events = made.events(after);
  const placeholder = { declarer: after.declarer, declaration: after.declaration, highestBid: after.highestBid } as GameState;
  if (after.phase === 'passedIn')
    return allow([
      ...events,
      { type: 'DealPassedIn', data: { dealNumber: started.dealNumber } },
      { type: 'DealScored', data: { result: PASSED_IN_RESULT, profileId: after.profile.id, profileVersion: after.profile.version } },
    ]);
  if (after.phase === 'abandoned')
    return allow([
      ...events,
      {
        type: 'DealScored',
        data: {
          result: notScoreableResult(placeholder, made.move.kind === 'abandon' ? abandonReasonText(made.move) : 'abandoned'),
          profileId: after.profile.id,
          profileVersion: after.profile.version,
        },
      },
    ]);
  const dealt = impliedDeal(after);
  if (!dealt) return allow(events);
  // Every card's place is known: the whole deal checked as dealt (R16 every card, R20 a revoke, R27 matadors over the 12 cards).
  const twin = dealtTwin(started, after, dealt, decider);
  if (!twin.ok) return refuse(twin.refusal.ruleId === 'R16' || twin.refusal.ruleId === 'R20' ? twin.refusal.ruleId : L.seen, twin.refusal.reason);
  const result = twin.value.game.result;
  if (!result) return refuse(L.seen, 'the cards shown leave the deal unfinished');
  return allow([
    ...events,
    { type: 'HandsRevealed', data: { hands: dealt.hands, skat: dealt.skat } },
    { type: 'DealScored', data: { result, profileId: after.profile.id, profileVersion: after.profile.version } },
  ]);
}
