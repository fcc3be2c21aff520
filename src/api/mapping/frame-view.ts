import type { Move } from '../../rules/move';
import type { Declaration } from '../../rules/declaration';
import type { ReplayFrame } from '../../projections/replay-frames/replay-frame';
import type { CardType } from '../types/card.type';
import type { BidCallType, CompletedTrickType, DeclarationType, MoveType, ReplayFrameType } from '../types/frame.type';
import type { BidCall } from '../../rules/game-state';
import { dealEventTypeOf } from '../types/event-types';
import type { Card } from '../../rules/card';
import type { Seat } from '../../rules/seat';
import type { FrameTrick, VisibleCards } from '../../projections/replay-frames/replay-frame';
import { markImmutable } from '../execution/immutable-values';
import { cardView, cardViews } from './card-view';

/**
 * Views of the parts the frames of one deal share (a hand until it changes, a completed trick, the
 * skat, the auction so far, the players): one view per part, marked immutable, so that the query fast path serialises each once
 * per answer instead of once per frame. Weak: a part's view goes when the frames go.
 */
const handViews = new WeakMap<VisibleCards, CardType[]>();
const trickViews = new WeakMap<FrameTrick, CompletedTrickType>();
const biddingViews = new WeakMap<readonly BidCall[], BidCallType[]>();
const playersViews = new WeakMap<readonly string[], string[]>();

function handView(v: VisibleCards): CardType[] {
  let view = handViews.get(v);
  if (!view) handViews.set(v, (view = markImmutable(cardViews(v.cards))));
  return view;
}

function trickView(t: FrameTrick): CompletedTrickType {
  let view = trickViews.get(t);
  if (!view) {
    view = markImmutable({
      leader: t.leader,
      cards: t.cards.map((c) => ({ seat: c.seat, card: cardView(c.card) })),
      winner: t.winner,
      points: t.points,
      unplayed: t.unplayed,
    });
    trickViews.set(t, view);
  }
  return view;
}

function biddingView(b: readonly BidCall[]): BidCallType[] {
  let view = biddingViews.get(b);
  if (!view) biddingViews.set(b, (view = markImmutable(b.map((c) => ({ seat: c.seat, call: c.call, value: c.value ?? null })))));
  return view;
}

function playersView(p: readonly string[]): string[] {
  let view = playersViews.get(p);
  if (!view) playersViews.set(p, (view = [...p]));
  return view;
}

/** A card play's view, one per seat and card: most legal moves of a replay are plays. */
const playViews = new Map<string, MoveType>();
function playView(seat: Seat, card: Card): MoveType {
  const key = `${seat}${card}`;
  let view = playViews.get(key);
  if (!view) {
    view = markImmutable(Object.freeze({ kind: 'play', seat, value: null, card: cardView(card), cards: null, declaration: null }) as MoveType);
    playViews.set(key, view);
  }
  return view;
}

export function declarationView(d: Declaration): DeclarationType {
  return { game: d.gameType, hand: d.hand, schneiderAnnounced: d.schneiderAnnounced, schwarzAnnounced: d.schwarzAnnounced, ouvert: d.ouvert };
}

export function moveView(m: Move): MoveType {
  if (m.kind === 'play') return playView(m.seat, m.card);
  return {
    kind: m.kind,
    seat: 'seat' in m && m.seat !== undefined ? m.seat : null,
    value: m.kind === 'bid' ? m.value : null,
    card: null,
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
    players: playersView(f.players),
    hands: { forehand: handView(f.hands[0]), middlehand: handView(f.hands[1]), rearhand: handView(f.hands[2]) },
    skat: handView(f.skat),
    hidden: { forehand: f.hands[0].hiddenCount, middlehand: f.hands[1].hiddenCount, rearhand: f.hands[2].hiddenCount, skat: f.skat.hiddenCount },
    bidding: biddingView(f.bidding),
    highestBid: f.highestBid,
    declarer: f.declarer,
    declaration: f.declaration ? declarationView(f.declaration) : null,
    currentTrick: f.currentTrick ? { leader: f.currentTrick.leader, cards: f.currentTrick.cards.map((c) => ({ seat: c.seat, card: cardView(c.card) })) } : null,
    completedTricks: f.completedTricks.map(trickView),
    cardPoints: { declarer: f.cardPoints.declarer, defenders: f.cardPoints.defenders },
    toAct: f.toAct,
    legalMoves: f.legalMoves.map(moveView),
    cardsShown: f.cardsShown,
    finished: f.finished,
  };
}
