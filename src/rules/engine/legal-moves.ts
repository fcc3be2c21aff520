import { legalBidCalls } from '../bidding';
import { GAME_TYPES, type Declaration } from '../declaration';
import type { GameState } from '../game-state';
import type { Move } from '../move';
import type { Seat } from '../seat';
import { playableCards } from '../trick';
import { applyMove } from './apply-move';
import { seatToAct } from './turn';

/**
 * Every move the seats may make now (for replay frames). Bids are listed compactly: the next legal
 * value and pass, or hold and pass. The server's `abandon` is always possible before the end and
 * is not listed.
 */
export function legalMoves(state: GameState): Move[] {
  const seat = seatToAct(state);
  if (seat === null) return [];
  switch (state.phase) {
    case 'bidding':
      return legalBidCalls(state.auction!).map((c): Move =>
        c.call === 'bid' ? { kind: 'bid', seat: c.seat, value: c.value! } : c.call === 'hold' ? { kind: 'hold', seat: c.seat } : { kind: 'pass', seat: c.seat },
      );
    case 'skatDecision':
      return [{ kind: 'pickUpSkat', seat }, ...declarationsFor(true).map((declaration): Move => ({ kind: 'declare', seat, declaration }))];
    case 'discarding': {
      const held = state.hands[seat];
      const out: Move[] = [];
      for (let i = 0; i < held.length; i++) for (let j = i + 1; j < held.length; j++) out.push({ kind: 'discard', seat, cards: [held[i], held[j]] });
      return out;
    }
    case 'declaring':
      return declarationsFor(false).map((declaration): Move => ({ kind: 'declare', seat, declaration }));
    case 'playing':
      return playingMoves(state, seat);
    default:
      return [];
  }
}

function playingMoves(state: GameState, seat: Seat): Move[] {
  const led = state.currentTrick ? state.currentTrick.cards[0].card : null;
  const out: Move[] = playableCards(state.hands[seat], led, state.playMode!).map((card): Move => ({ kind: 'play', seat, card }));
  const declarer = state.declarer;
  if (declarer === null) return out;
  out.push({ kind: 'showCards', seat: declarer });
  for (const s of [0, 1, 2] as const) if (!state.resigned.includes(s)) out.push({ kind: 'resign', seat: s });
  const beforeFirstCard = state.tricks.length === 0 && state.currentTrick === null;
  if (state.profile.houseOptions?.kontraRe && beforeFirstCard) {
    if (!state.kontra) for (const s of [0, 1, 2] as const) if (s !== declarer) out.push({ kind: 'kontra', seat: s });
    if (state.kontra && !state.re) out.push({ kind: 're', seat: declarer });
  }
  if (beforeFirstCard && state.declaration) {
    // R13: switching to a game of higher value before the first lead.
    for (const declaration of declarationsFor(!state.skatPickedUp)) {
      if (applyMove(state, { kind: 'declare', seat: declarer, declaration }).ok) out.push({ kind: 'declare', seat: declarer, declaration });
    }
  }
  return out;
}

/** All legal declarations in one form each (announcements complete per R12). */
function declarationsFor(hand: boolean): Declaration[] {
  const out: Declaration[] = [];
  for (const gameType of GAME_TYPES) {
    if (gameType === 'null') {
      out.push({ gameType, hand, ouvert: false, schneiderAnnounced: false, schwarzAnnounced: false });
      out.push({ gameType, hand, ouvert: true, schneiderAnnounced: false, schwarzAnnounced: false });
      continue;
    }
    out.push({ gameType, hand, ouvert: false, schneiderAnnounced: false, schwarzAnnounced: false });
    if (hand) {
      out.push({ gameType, hand, ouvert: false, schneiderAnnounced: true, schwarzAnnounced: false });
      out.push({ gameType, hand, ouvert: false, schneiderAnnounced: true, schwarzAnnounced: true });
      out.push({ gameType, hand, ouvert: true, schneiderAnnounced: true, schwarzAnnounced: true });
    }
  }
  return out;
}
