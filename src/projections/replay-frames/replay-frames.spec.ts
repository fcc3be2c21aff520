import { eventIdFor } from '../../event-store/event-ids';
import type { RecordedEvent } from '../../event-store/event-store';
import { randomDeal } from '../../../test/deal/random-deal';
import type { Card } from '../../rules/card';
import type { ReplayFrame, Perspective } from './replay-frame';
import { replayFrames } from './replay-frames';
import { cardsOfMove } from './visibility';

function recorded(dealId: string, events: { type: string; data: unknown }[]): RecordedEvent[] {
  return events.map((e, i) => ({
    streamName: `deal-${dealId}`,
    type: e.type,
    data: e.data,
    metadata: { eventId: eventIdFor(dealId, i) },
    eventId: eventIdFor(dealId, i),
    revision: BigInt(i),
    position: String(i),
  }));
}

const cardsIn = (f: ReplayFrame): Card[] => [
  ...f.hands.flatMap((h) => h.cards),
  ...f.skat.cards,
  ...f.completedTricks.flatMap((t) => t.cards.map((c) => c.card)),
  ...(f.currentTrick?.cards.map((c) => c.card) ?? []),
  ...f.legalMoves.flatMap((m) => cardsOfMove(m)),
];

describe('replay frames', () => {
  const deals = Array.from({ length: 30 }, (_, i) => {
    const d = randomDeal(`f${i}`, `frames-${i}`);
    return { id: `f${i}`, events: recorded(`f${i}`, d.events) };
  });

  it('step 0 is the dealt position; every later event is one step with its id, type and revision', () => {
    const { id, events } = deals[0];
    const frames = replayFrames(id, events, { kind: 'all' });
    expect(frames[0]).toMatchObject({ step: 0, event: { type: 'CardsDealt', revision: '1' }, phase: 'bidding', toAct: 1 });
    expect(frames[0].hands.map((h) => h.cards.length)).toEqual([10, 10, 10]);
    expect(frames).toHaveLength(events.length - 1);
    expect(frames[frames.length - 1].finished).toBe(true);
    expect(replayFrames(id, events, { kind: 'all' }, { from: 2, to: 3 }).map((f) => f.step)).toEqual([2, 3]);
  });

  it('a finished game shows completed tricks with winners and points adding up per side', () => {
    for (const { id, events } of deals) {
      const last = replayFrames(id, events, { kind: 'all' }).pop()!;
      const played = last.completedTricks.reduce((s, t) => s + t.points, 0);
      expect(last.cardPoints.declarer + last.cardPoints.defenders).toBe(last.declarer === null ? 0 : played);
    }
  });

  it('hidden information: no perspective ever sees a card it may not (R9/R10/R14, D3)', () => {
    const perspectives: Perspective[] = [{ kind: 'public' }, { kind: 'seat', seat: 0 }, { kind: 'seat', seat: 1 }, { kind: 'seat', seat: 2 }];
    let checked = 0;
    for (const { id, events } of deals) {
      const truth = replayFrames(id, events, { kind: 'all' });
      for (const p of perspectives) {
        const frames = replayFrames(id, events, p);
        const seenBefore = new Set<Card>();
        frames.forEach((f, i) => {
          const t = truth[i];
          // Played cards and the shown declarer's hand are public; a seat sees its own hand.
          const allowed = new Set<Card>([
            ...t.completedTricks.filter((x) => !x.unplayed).flatMap((x) => x.cards.map((c) => c.card)),
            ...(t.currentTrick?.cards.map((c) => c.card) ?? []),
          ]);
          for (let s = 0; s < 3; s++) {
            const own = p.kind === 'seat' && p.seat === s;
            const shown = t.cardsShown && t.declarer === s;
            if (own || shown) t.hands[s].cards.forEach((c) => allowed.add(c));
            expect(f.hands[s].cards.length + f.hands[s].hiddenCount).toBe(t.hands[s].cards.length);
            if (!own && !shown) expect(f.hands[s].cards).toEqual([]);
          }
          const declarerSeesSkat = p.kind === 'seat' && p.seat === t.declarer && events.some((e) => e.type === 'SkatTaken');
          const handGameOver = t.phase === 'finished' && t.declaration !== null && !events.some((e) => e.type === 'SkatTaken');
          if (declarerSeesSkat || handGameOver) t.skat.cards.forEach((c) => allowed.add(c));
          else expect(f.skat.cards).toEqual([]);
          // Cards seen earlier (a shown hand) may appear in unplayed tricks of a claim.
          const bad = cardsIn(f).filter((c) => !allowed.has(c) && !seenBefore.has(c));
          expect(bad).toEqual([]);
          // Cards a perspective saw legitimately stay known (e.g. a shown hand, later in unplayed tricks of a claim).
          for (const c of cardsIn(f)) if (allowed.has(c)) seenBefore.add(c);
          checked++;
        });
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('a seat sees its own hand and, during bidding, its legal calls; the public sees no cards before play', () => {
    const { id, events } = deals[0];
    const seat1 = replayFrames(id, events, { kind: 'seat', seat: 1 })[0];
    const all = replayFrames(id, events, { kind: 'all' })[0];
    expect(seat1.hands[1].cards).toEqual(all.hands[1].cards);
    expect(seat1.legalMoves).toEqual(all.legalMoves);
    const pub = replayFrames(id, events, { kind: 'public' })[0];
    expect(cardsIn(pub)).toEqual([]);
    expect(pub.hands.map((h) => h.hiddenCount)).toEqual([10, 10, 10]);
    expect(pub.skat.hiddenCount).toBe(2);
  });

  it("R13: the declaration switch list reaches only perspectives that saw the declarer's hand and the skat it is computed from", () => {
    let offered = 0;
    for (const { id, events } of deals) {
      const truth = replayFrames(id, events, { kind: 'all' });
      const handGame = !events.some((e) => e.type === 'SkatTaken');
      for (const p of [{ kind: 'public' }, { kind: 'seat', seat: 0 }, { kind: 'seat', seat: 1 }, { kind: 'seat', seat: 2 }] as Perspective[]) {
        replayFrames(id, events, p).forEach((f, i) => {
          const switches = f.legalMoves.filter((m) => m.kind === 'declare' && f.phase === 'playing');
          const mayKnow = p.kind === 'seat' && p.seat === truth[i].declarer && !handGame;
          if (mayKnow) expect(switches).toEqual(truth[i].legalMoves.filter((m) => m.kind === 'declare' && f.phase === 'playing'));
          else expect(switches).toEqual([]);
          offered += switches.length;
        });
      }
    }
    expect(offered).toBeGreaterThan(0);
  });
});
