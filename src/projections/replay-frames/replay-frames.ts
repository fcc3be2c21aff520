import { withoutWithdrawn } from '../../deal/withdrawals';
import { asDealt } from '../../deal/seen/as-dealt';
import { initialDealState, type DealState } from '../../deal/deal-state';
import { FAIRNESS_EVENT_TYPES, isDealEventType } from '../../deal/events';
import { legalMoves, seatToAct } from '../../deal/engine';
import type { RecordedEvent } from '../../event-store/event-store';
import type { Card } from '../../rules/card';
import type { Move } from '../../rules/move';
import type { BidCall, CompletedTrick, GameState } from '../../rules/game-state';
import type { Seat } from '../../rules/seat';
import type { FrameTrick, Perspective, ReplayFrame, VisibleCards } from './replay-frame';
import { canSeeHand, canSeeSkat, cardsBehindMove } from './visibility';
import { seenFrameOf } from './seen-frame';
import { dealStateAfter, storedDealEvent } from '../../deal/deal-stream';

const SEATS: readonly Seat[] = [0, 1, 2];

/**
 * What the frames of one fold share: the engine keeps an unchanged hand, a completed trick and the
 * bidding as the same objects from state to state, so the frames after them hold one copy each (a
 * replay's views and its answer's text are then built once per copy, not once per frame).
 */
interface SharedParts {
  readonly hands: Map<readonly Card[], VisibleCards>;
  readonly tricks: Map<CompletedTrick, FrameTrick>;
  readonly bidding: Map<readonly BidCall[], readonly BidCall[]>;
}

const newSharedParts = (): SharedParts => ({ hands: new Map(), tricks: new Map(), bidding: new Map() });

function visible(cards: readonly Card[], see: boolean, shared: SharedParts): VisibleCards {
  if (!see) return { cards: [], hiddenCount: cards.length };
  let v = shared.hands.get(cards);
  if (!v) shared.hands.set(cards, (v = { cards: cards.slice(), hiddenCount: 0 }));
  return v;
}

function frameTrick(t: CompletedTrick, p: Perspective, known: Set<Card>, shared: SharedParts): FrameTrick {
  // An unplayed trick shows what the perspective has seen so far, which grows: never shared.
  const filtered = t.unplayed && p.kind !== 'all';
  const kept = filtered ? undefined : shared.tricks.get(t);
  if (kept) return kept;
  const cards = filtered ? t.cards.filter((c) => known.has(c.card)) : t.cards;
  const trick: FrameTrick = {
    leader: t.leader,
    cards: cards.map((c) => ({ seat: c.seat, card: c.card })),
    winner: t.winner,
    points: t.points,
    unplayed: !!t.unplayed,
    hiddenCards: t.cards.length - cards.length,
  };
  if (!filtered) shared.tricks.set(t, trick);
  return trick;
}

function biddingOf(history: readonly BidCall[], shared: SharedParts): readonly BidCall[] {
  let b = shared.bidding.get(history);
  if (!b) shared.bidding.set(history, (b = history.slice()));
  return b;
}

/**
 * One frozen move per seat and card play: a frame of the play lists up to ten of them, and a kept
 * deal (the frame cache's) held a fresh object for each, in every frame, for the collector to mark.
 */
const PLAYS = new Map<string, Move>();
function sharedMove(m: Move): Move {
  if (m.kind !== 'play') return m;
  const key = `${m.seat}${m.card}`;
  let kept = PLAYS.get(key);
  if (!kept) PLAYS.set(key, (kept = Object.freeze({ kind: 'play', seat: m.seat, card: m.card })));
  return kept;
}

/** Cards this perspective has seen so far, to decide what of an unplayed trick it may show. */
function seenCards(p: Perspective, game: GameState, known: Set<Card>): void {
  for (const s of SEATS) if (canSeeHand(p, game, s)) for (const c of game.hands[s]) known.add(c);
  if (canSeeSkat(p, game)) for (const c of game.skat) known.add(c);
}

/** The seat whose move the event records (public: everyone at the table sees who acts). */
function actingSeat(event: RecordedEvent): Seat | null {
  const seat = (event.data as { seat?: unknown } | null)?.seat;
  return seat === 0 || seat === 1 || seat === 2 ? seat : null;
}

function frameOf(dealId: string, state: DealState, event: RecordedEvent, step: number, p: Perspective, known: Set<Card>, shared: SharedParts): ReplayFrame {
  const game = state.game as GameState;
  const started = state.started;
  const declarer = game.declarer;
  const tricks: FrameTrick[] = game.tricks.map((t) => frameTrick(t, p, known, shared));
  let declarerPoints = 0;
  let defenderPoints = 0;
  for (const t of game.tricks)
    if (declarer !== null && t.winner === declarer) declarerPoints += t.points;
    else if (declarer !== null) defenderPoints += t.points;
  const toAct = seatToAct(game);
  const seeCard = (c: Card): boolean => p.kind === 'all' || known.has(c);
  const moves =
    toAct === null
      ? []
      : legalMoves(game)
          .filter((m) => cardsBehindMove(m, game).every(seeCard))
          .map(sharedMove);
  return {
    dealId,
    step,
    event: { id: event.eventId, type: event.type, revision: event.revision.toString(), seat: actingSeat(event) },
    phase: game.phase,
    players: started ? started.players : ['', '', ''],
    hands: [
      visible(game.hands[0], canSeeHand(p, game, 0), shared),
      visible(game.hands[1], canSeeHand(p, game, 1), shared),
      visible(game.hands[2], canSeeHand(p, game, 2), shared),
    ],
    skat: visible(game.skat, canSeeSkat(p, game), shared),
    bidding: biddingOf(game.biddingHistory, shared),
    highestBid: game.highestBid,
    declarer,
    declaration: game.declaration,
    currentTrick: game.currentTrick ? { leader: game.currentTrick.leader, cards: game.currentTrick.cards.map((c) => ({ seat: c.seat, card: c.card })) } : null,
    completedTricks: tricks,
    cardPoints: { declarer: declarerPoints, defenders: defenderPoints },
    toAct,
    legalMoves: moves,
    cardsShown: game.cardsShown,
    // An upgraded result-only deal had its result before its cards: its play is finished when the play is.
    finished: game.result !== null || (state.recordedResult !== null && !state.upgraded),
  };
}

/**
 * The replay frames of a deal: step 0 is the dealt position (CardsDealt), then one frame per
 * later deal event (other event types in the stream make no frame). A pure fold of the deal's events; `from`/`to` are inclusive step numbers,
 * `eventId` asks for the one frame of that event.
 */
export function replayFrames(
  dealId: string,
  events: readonly RecordedEvent[],
  perspective: Perspective,
  range: { from?: number; to?: number; eventId?: string } = {},
): ReplayFrame[] {
  const from = range.from ?? 0;
  const to = range.to ?? Number.MAX_SAFE_INTEGER;
  const frames: ReplayFrame[] = [];
  const known = new Set<Card>();
  const shared = newSharedParts();
  let state: DealState = initialDealState;
  let step = -1;
  // A withdrawn move counts as not made: no frame, and the frames after it follow from the moves in force.
  // A complete deal recorded as seen replays as its dealt twin.
  for (const event of asDealt(withoutWithdrawn(events), storedDealEvent)) {
    // Other events in a deal stream (e.g. an import's provenance record) are no step of play.
    if (!isDealEventType(event.type)) continue;
    const before = state.game;
    // Cards seen before a claim or resignation may be shown in the tricks it completes.
    if (before) seenCards(perspective, before, known);
    state = dealStateAfter(state, event);
    if (!state.game && state.seen) {
      // A deal recorded as seen and still open: its hands as far as known (the same for every perspective).
      step++;
      if (step > to) break;
      const frame = seenFrameOf(dealId, state, event, step, actingSeat(event));
      if (range.eventId !== undefined) {
        if (event.eventId === range.eventId) return [frame];
        continue;
      }
      if (step >= from) frames.push(frame);
      continue;
    }
    // Fair dealing's commitment, client seeds and reveal are no step of play.
    if (!state.game || FAIRNESS_EVENT_TYPES.includes(event.type)) continue;
    step++;
    if (step > to) break;
    seenCards(perspective, state.game, known);
    for (const t of state.game.tricks) if (!t.unplayed) for (const c of t.cards) known.add(c.card);
    if (state.game.currentTrick) for (const c of state.game.currentTrick.cards) known.add(c.card);
    // `eventId`: only the frame that event made (a live subscriber's), and nothing after it.
    if (range.eventId !== undefined) {
      if (event.eventId === range.eventId) return [frameOf(dealId, state, event, step, perspective, known, shared)];
      continue;
    }
    if (step >= from) frames.push(frameOf(dealId, state, event, step, perspective, known, shared));
  }
  return frames;
}
