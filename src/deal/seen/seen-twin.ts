import { ALL_CARDS, type Card } from '../../rules/card';
import type { GameState } from '../../rules/game-state';
import { allow, refuse, type Judgement } from '../../kernel/refusal';
import { LEDGER_RULES as L } from '../ledger-rules';
import { endByRevoke } from '../../rules/revoke';
import { SEAT_NAMES, type Seat } from '../../rules/seat';
import type { DealCommand } from '../commands';
import { initialDealState, type DealState } from '../deal-state';
import type { DealEvent, DealStartedData } from '../events';
import { commandOfMove } from '../moves/move-table';
import type { SeenGame } from './seen-game';

/** An event of the dealt twin and the entry of the seen deal's log it stands for (-1: the start). */
export interface TwinEvent {
  readonly event: DealEvent;
  readonly source: number;
}

export interface DealtTwin {
  readonly events: readonly TwinEvent[];
  readonly game: GameState;
  /** R20: where a failure to follow was found (the play ends there), or null. */
  readonly revoke: { readonly seat: Seat; readonly card: Card; readonly trick: number } | null;
}

/** The deal decider and fold, handed in (decide.ts imports this file; a parameter keeps the import one way). */
export interface TwinDecider {
  decide(command: DealCommand, state: DealState): Judgement<DealEvent[]>;
  evolve(state: DealState, event: DealEvent): DealState;
}

/**
 * The full check of a deal recorded as seen, once every card's place is known: the same deal
 * recorded with the implied hands dealt, move by move, through the deal decider itself. Every move
 * is judged with today's full checks; a card that fails to follow suit is the revoke (R20), which
 * ends the game there. Its events are the deal as a dealt recording would have them, so replay,
 * audit, NDJSON and ISS export treat the seen deal exactly as the dealt one.
 */
export function dealtTwin(
  started: DealStartedData,
  seen: SeenGame,
  dealt: { readonly hands: readonly [readonly Card[], readonly Card[], readonly Card[]]; readonly skat: readonly [Card, Card] },
  decider: TwinDecider,
): Judgement<DealtTwin> {
  const out: TwinEvent[] = [];
  let state: DealState = initialDealState;
  const run = (command: DealCommand, source: number): Judgement<null> => {
    const events = decider.decide(command, state);
    if (!events.ok) return events;
    for (const e of events.value) {
      state = decider.evolve(state, e);
      out.push({ event: e, source });
    }
    return allow(null);
  };
  const start: DealCommand = {
    type: 'StartDeal',
    dealId: started.dealId,
    tableId: started.tableId,
    tournamentId: started.tournamentId,
    dealNumber: started.dealNumber,
    dealer: started.dealer,
    players: started.players,
    sittingOut: started.sittingOut,
    computerSeats: started.computerSeats,
    profileId: started.profileId,
    profileOptions: started.profileOptions,
    startedAt: started.startedAt,
    cards: { kind: 'given', hands: dealt.hands, skat: dealt.skat },
  };
  const begun = run(start, -1);
  if (!begun.ok) return begun;
  const dealId = started.dealId;
  for (let i = 0; i < seen.log.length; i++) {
    const move = seen.log[i];
    if (state.recordedResult) break;
    if (move.kind === 'showSkat' || move.kind === 'showHand') continue;
    if (move.kind === 'callRevoke')
      return refuse(
        'R20',
        `a revoke by ${SEAT_NAMES[move.seat]} was called, but the cards shown show no failure to follow before it: withdraw the call or correct the cards`,
      );
    let command: DealCommand;
    if (move.kind === 'concede') command = { type: 'ConcedeForDefenders', dealId };
    else command = commandOfMove(dealId, move);
    const game = state.game as GameState;
    const done = run(command, i);
    if (!done.ok) {
      // R16 refused with the hands known: the card was a revoke, and R20 ends the game before it.
      if (move.kind === 'play' && done.refusal.ruleId === 'R16') {
        const ended = endByRevoke(game, move.seat, move.card);
        const profile = game.profile;
        out.push({
          event: { type: 'DealScored', data: { result: ended.result!, profileId: profile.id, profileVersion: profile.version } },
          source: seen.log.length,
        });
        return allow({ events: out, game: ended, revoke: { seat: move.seat, card: move.card, trick: game.tricks.length + 1 } });
      }
      return refuse(done.refusal.ruleId, `the cards shown do not fit move ${i + 1} as recorded: ${done.refusal.reason}`);
    }
    if (move.kind === 'pickUpSkat') {
      const discard = discardOf(seen, dealt);
      const put = run({ type: 'DiscardSkat', dealId, seat: move.seat, cards: discard }, i);
      if (!put.ok) return refuse(put.refusal.ruleId, `the discard shown does not fit: ${put.refusal.reason}`);
    }
  }
  if (!state.game || !state.recordedResult) return refuse(L.seen, 'the cards shown leave the deal unfinished');
  // The twin's own DealScored stands for the seen deal's (recorded with the last show).
  const last = out[out.length - 1];
  if (last.event.type === 'DealScored') out[out.length - 1] = { event: last.event, source: seen.log.length };
  return allow({ events: out, game: state.game, revoke: null });
}

/** The declarer's discard: shown, or (played out) the two cards nobody played. */
function discardOf(seen: SeenGame, dealt: { readonly hands: readonly (readonly Card[])[]; readonly skat: readonly Card[] }): [Card, Card] {
  if (seen.discard) return [seen.discard[0], seen.discard[1]];
  const declarer = seen.declarer as Seat;
  const twelve = [...dealt.hands[declarer], ...dealt.skat];
  const kept = new Set([...seen.played[declarer], ...(seen.remaining[declarer] ?? [])]);
  // Which of the two went away first is nothing anybody saw: deck order.
  const rest = twelve.filter((c) => !kept.has(c)).sort((a, b) => ALL_CARDS.indexOf(a) - ALL_CARDS.indexOf(b));
  return [rest[0], rest[1]];
}
