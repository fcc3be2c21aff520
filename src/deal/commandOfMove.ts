import type { Move } from '../rules/move';
import type { DealCommand } from './commands';

/** The deal command for an engine move: how the ISS importer and generators drive the decider. */
export function commandOfMove(dealId: string, move: Move): DealCommand {
  switch (move.kind) {
    case 'bid':
      return { type: 'CallBid', dealId, seat: move.seat, value: move.value };
    case 'hold':
      return { type: 'HoldBid', dealId, seat: move.seat };
    case 'pass':
      return { type: 'PassBid', dealId, seat: move.seat };
    case 'pickUpSkat':
      return { type: 'TakeSkat', dealId, seat: move.seat };
    case 'discard':
      return { type: 'DiscardSkat', dealId, seat: move.seat, cards: move.cards };
    case 'declare':
      return { type: 'DeclareGame', dealId, seat: move.seat, declaration: move.declaration };
    case 'showCards':
      return { type: 'ShowCards', dealId, seat: move.seat };
    case 'play':
      return { type: 'PlayCard', dealId, seat: move.seat, card: move.card };
    case 'resign':
      return { type: 'Resign', dealId, seat: move.seat };
    case 'kontra':
      return { type: 'CallKontra', dealId, seat: move.seat };
    case 're':
      return { type: 'CallRe', dealId, seat: move.seat };
    case 'abandon':
      return move.seat === undefined
        ? { type: 'AbandonDeal', dealId, reason: move.reason }
        : { type: 'AbandonDeal', dealId, reason: move.reason, seat: move.seat };
  }
}
