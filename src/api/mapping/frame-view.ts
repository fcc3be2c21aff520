import type { Move } from '../../rules/move';
import type { Declaration } from '../../rules/declaration';
import type { ReplayFrame } from '../../projections/replay-frames/replay-frame';
import type { DeclarationType, MoveType, ReplayFrameType } from '../types/frame.type';
import { dealEventTypeOf } from '../types/event-types';
import { cardView, cardViews } from './card-view';

export function declarationView(d: Declaration): DeclarationType {
  return { game: d.gameType, hand: d.hand, schneiderAnnounced: d.schneiderAnnounced, schwarzAnnounced: d.schwarzAnnounced, ouvert: d.ouvert };
}

export function moveView(m: Move): MoveType {
  return {
    kind: m.kind,
    seat: 'seat' in m && m.seat !== undefined ? m.seat : null,
    value: m.kind === 'bid' ? m.value : null,
    card: m.kind === 'play' ? cardView(m.card) : null,
    cards: m.kind === 'discard' ? cardViews(m.cards) : null,
    declaration: m.kind === 'declare' ? declarationView(m.declaration) : null,
  };
}

export function frameView(f: ReplayFrame): ReplayFrameType {
  return {
    dealId: f.dealId,
    step: f.step,
    event: { id: f.event.id, type: dealEventTypeOf(f.event.type), revision: f.event.revision, seat: f.event.seat },
    phase: f.phase,
    players: [...f.players],
    hands: { forehand: cardViews(f.hands[0].cards), middlehand: cardViews(f.hands[1].cards), rearhand: cardViews(f.hands[2].cards) },
    skat: cardViews(f.skat.cards),
    hidden: { forehand: f.hands[0].hiddenCount, middlehand: f.hands[1].hiddenCount, rearhand: f.hands[2].hiddenCount, skat: f.skat.hiddenCount },
    bidding: f.bidding.map((b) => ({ seat: b.seat, call: b.call, value: b.value ?? null })),
    highestBid: f.highestBid,
    declarer: f.declarer,
    declaration: f.declaration ? declarationView(f.declaration) : null,
    currentTrick: f.currentTrick ? { leader: f.currentTrick.leader, cards: f.currentTrick.cards.map((c) => ({ seat: c.seat, card: cardView(c.card) })) } : null,
    completedTricks: f.completedTricks.map((t) => ({
      leader: t.leader,
      cards: t.cards.map((c) => ({ seat: c.seat, card: cardView(c.card) })),
      winner: t.winner,
      points: t.points,
      unplayed: t.unplayed,
    })),
    cardPoints: { declarer: f.cardPoints.declarer, defenders: f.cardPoints.defenders },
    toAct: f.toAct,
    legalMoves: f.legalMoves.map(moveView),
    cardsShown: f.cardsShown,
    finished: f.finished,
  };
}
