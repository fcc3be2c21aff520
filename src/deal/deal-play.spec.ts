/** dealPlayOf: what the fold gives for a deal's start, play and results, replayed in place where it can be. */
import { randomDeal } from '../../test/deal/random-deal';
import { dealPlayOf } from './deal-play';
import { foldDealStream } from './deal-stream';
import type { DealEvent } from './events';

const folded = (events: readonly DealEvent[]) => {
  const { started, game, seen, entered, recordedResult } = foldDealStream(events);
  return { started, game, seen, entered, recordedResult };
};

const thrown = (f: () => unknown): string => {
  try {
    f();
  } catch (err) {
    return (err as Error).message;
  }
  return 'nothing thrown';
};

describe('dealPlayOf', () => {
  const deals = Array.from({ length: 150 }, (_, i) => randomDeal(`d${i}`, `seed-${i}`).events);

  it('equals the fold for random deals (R4-R21), finished and at every stage before', () => {
    let plays = 0;
    for (const events of deals) {
      for (let n = 1; n <= events.length; n += 3) expect(dealPlayOf(events.slice(0, n))).toEqual(folded(events.slice(0, n)));
      expect(dealPlayOf(events)).toEqual(folded(events));
      plays += events.filter((e) => e.type === 'CardPlayed').length;
    }
    // Most deals are played out, so the replay covers the card play, not only auctions.
    expect(plays).toBeGreaterThan(150 * 10);
  });

  it('without the derivation: the same but for the replayed result’s text', () => {
    for (const events of deals.slice(0, 40)) {
      const lean = dealPlayOf(events, { derivation: false });
      const full = folded(events);
      expect({ ...lean, game: lean.game && { ...lean.game, result: null } }).toEqual({ ...full, game: full.game && { ...full.game, result: null } });
      if (full.game?.result) expect({ ...lean.game?.result, derivation: [] }).toEqual({ ...full.game.result, derivation: [] });
    }
  });

  it('a withdrawn move (L15) is left to the fold: the play in force, not every move recorded', () => {
    const events = deals.find((e) => e.filter((x) => x.type === 'CardPlayed').length > 5) as DealEvent[];
    const at = events.findIndex((e) => e.type === 'CardPlayed') + 3;
    const withdrawn: DealEvent[] = [
      ...events.slice(0, at),
      { type: 'MoveWithdrawn', data: { withdrawnEventIds: [], moves: 1, by: 'Ulla', byArbiter: false, reason: 'slip' } } as DealEvent,
    ];
    const play = dealPlayOf(withdrawn);
    expect(play).toEqual(folded(withdrawn));
    expect(play.game?.moves.length).toBe(dealPlayOf(events.slice(0, at - 1)).game?.moves.length);
  });

  it('a move the rules refuse is the fold’s own error (R15)', () => {
    const events = deals[0];
    const at = events.findIndex((e) => e.type === 'CardPlayed');
    const bad = events.map((e, i) =>
      i === at + 1 ? ({ ...e, data: { ...(e.data as object), seat: (e.data as { seat: number }).seat === 0 ? 1 : 0 } } as DealEvent) : e,
    );
    const message = thrown(() => foldDealStream(bad));
    expect(message).toMatch(/refused on replay: R15/);
    expect(thrown(() => dealPlayOf(bad))).toBe(message);
    expect(thrown(() => dealPlayOf(events.slice(1)))).toBe(thrown(() => foldDealStream(events.slice(1))));
  });
});
