import type { DealState } from '../../deal/deal-state';
import { legalMoves } from '../../deal/engine';
import { placedCards, seenSeatToAct, type SeenGame } from '../../deal/seen/seen-game';
import type { RecordedEvent } from '../../event-store/event-store';
import { ALL_CARDS, type Card } from '../../rules/card';
import { GAME_TYPES } from '../../rules/declaration';
import type { Phase } from '../../rules/game-state';
import type { Move } from '../../rules/move';
import type { Seat } from '../../rules/seat';
import type { FrameTrick, ReplayFrame, VisibleCards } from './replay-frame';

/**
 * The frame of a deal recorded as seen while its hands are not all known (issue #23): each hand as
 * far as known (its shown unplayed cards; the rest counted as hidden), the skat once shown, the
 * tricks as played. Nothing in it was hidden at the table, so every perspective gets the same frame.
 * The legal moves are what the information allows: for a card, every card whose place is unknown.
 */
export function seenFrameOf(dealId: string, state: DealState, event: RecordedEvent, step: number, seat: Seat | null): ReplayFrame {
  const g = state.seen as SeenGame;
  const declarer = g.declarer;
  const tricks: FrameTrick[] = g.tricks.map((t) => ({
    leader: t.leader,
    cards: t.cards.map((c) => ({ seat: c.seat, card: c.card })),
    winner: t.winner,
    points: t.points,
    unplayed: false,
    hiddenCards: 0,
  }));
  let declarerPoints = 0;
  let defenderPoints = 0;
  for (const t of g.tricks)
    if (t.winner === declarer) declarerPoints += t.points;
    else defenderPoints += t.points;
  const hand = (s: Seat): VisibleCards => {
    const shown = g.remaining[s] ?? [];
    return { cards: shown.slice(), hiddenCount: 10 - g.played[s].length - shown.length };
  };
  const toAct = seenSeatToAct(g);
  return {
    dealId,
    step,
    event: { id: event.eventId, type: event.type, revision: event.revision.toString(), seat },
    phase: PHASES[g.phase],
    players: state.started ? state.started.players : ['', '', ''],
    hands: [hand(0), hand(1), hand(2)],
    skat: g.skat ? { cards: g.skat.slice(), hiddenCount: 0 } : { cards: [], hiddenCount: 2 },
    bidding: g.bidding.biddingHistory.slice(),
    highestBid: g.highestBid,
    declarer,
    declaration: g.declaration,
    currentTrick: g.currentTrick ? { leader: g.currentTrick.leader, cards: g.currentTrick.cards.map((c) => ({ seat: c.seat, card: c.card })) } : null,
    completedTricks: tricks,
    cardPoints: { declarer: declarerPoints, defenders: defenderPoints },
    toAct,
    legalMoves: toAct === null ? [] : seenMoves(g, toAct),
    cardsShown: g.claimed,
    finished: state.recordedResult !== null,
  };
}

// The play is over while the skat or unplayed cards are still to be shown: 'finished', not yet scored.
const PHASES: Readonly<Record<SeenGame['phase'], Phase>> = {
  bidding: 'bidding',
  skatDecision: 'skatDecision',
  declaring: 'declaring',
  playing: 'playing',
  showing: 'finished',
  passedIn: 'passedIn',
  abandoned: 'abandoned',
};

function seenMoves(g: SeenGame, seat: Seat): Move[] {
  if (g.phase === 'bidding' || g.phase === 'skatDecision') return legalMoves(g.bidding).filter((m) => m.kind !== 'declare' || !m.declaration.ouvert);
  if (g.phase === 'declaring')
    return GAME_TYPES.map((gameType) => ({
      kind: 'declare',
      seat,
      declaration: { gameType, hand: false, schneiderAnnounced: false, schwarzAnnounced: false, ouvert: false },
    }));
  if (g.phase !== 'playing') return [];
  const placed = placedCards(g);
  const skat = g.skat ?? [];
  return ALL_CARDS.filter((c: Card) => !placed.has(c) && !skat.includes(c)).map((card) => ({ kind: 'play', seat, card }));
}
