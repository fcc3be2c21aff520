import { eventIdFor } from '../../event-store/event-ids';
import type { EventStore } from '../../event-store/event-store';
import { openEventStore } from '../../event-store/store-url';
import type { ReplayFrame } from '../../projections/replay-frames/replay-frame';
import { randomDeal } from '../../../test/deal/random-deal';
import { FrameCache, isSharedFrames } from './frame-cache';
import { Ledger } from '../ledger';

const frames = (n: number) => [{ step: n }] as unknown as ReplayFrame[];

/** Counts the stream reads of deal streams (what a replay costs). */
function counting(store: EventStore): EventStore & { dealReads: number } {
  const counted = Object.create(store) as EventStore & { dealReads: number };
  counted.dealReads = 0;
  counted.readStream = (name, options) => {
    if (name.startsWith('deal-')) counted.dealReads++;
    return store.readStream(name, options);
  };
  return counted;
}

async function appendDeal(store: EventStore, dealId: string, seed: string, upTo?: number): Promise<void> {
  const { events } = randomDeal(dealId, seed);
  const kept = upTo === undefined ? events : events.slice(0, upTo);
  await store.appendToStream(
    `deal-${dealId}`,
    kept.map((e, k) => ({ ...e, metadata: { eventId: eventIdFor(seed, k) } })),
    { expectedRevision: 'noStream' },
  );
}

describe('FrameCache', () => {
  it('keeps the most recently read entries up to its capacity, frozen and shared', () => {
    const cache = new FrameCache(2);
    const a = frames(1);
    cache.set('a', a);
    cache.set('b', frames(2));
    expect(cache.get('a')).toBe(a); // a is now the most recent
    cache.set('c', frames(3));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(a);
    expect(isSharedFrames(a)).toBe(true);
    expect(Object.isFrozen(a)).toBe(true);
  });

  it('keeps nothing, and shares nothing, with capacity 0; refuses a capacity that is no whole number', () => {
    const cache = new FrameCache(0);
    const a = frames(1);
    expect(cache.set('a', a)).toBe(a);
    expect(cache.get('a')).toBeUndefined();
    expect(isSharedFrames(a)).toBe(false);
    expect(() => new FrameCache(-1)).toThrow('whole number');
  });
});

describe("the ledger's frame cache (SKAT_LEDGER_FRAME_CACHE)", () => {
  it("a finished deal's frames are read and folded once per perspective and range, and handed out shared", async () => {
    const base = await openEventStore('sqlite::memory:');
    const store = counting(base);
    await appendDeal(base, 'f1', 'frame-cache-1');
    const ledger = await Ledger.withStore(store);
    const first = await ledger.frames('f1', {}, { kind: 'public' });
    const again = await ledger.frames('f1', {}, { kind: 'public' });
    expect(again).toBe(first);
    expect(isSharedFrames(first)).toBe(true);
    expect(store.dealReads).toBe(1);
    // Another perspective or range is another answer.
    const seat = await ledger.frames('f1', {}, { kind: 'seat', seat: 0 });
    expect(seat).not.toBe(first);
    expect(await ledger.frames('f1', { from: 1, to: 2 }, { kind: 'public' })).toHaveLength(2);
    expect(store.dealReads).toBe(3);
    await ledger.close();
  });

  it('a live deal is never kept; a finished one is asked afresh once its summary moves on', async () => {
    const base = await openEventStore('sqlite::memory:');
    const store = counting(base);
    await appendDeal(base, 'live', 'frame-cache-live', 3);
    await appendDeal(base, 'done', 'frame-cache-done');
    const ledger = await Ledger.withStore(store);
    const live = await ledger.frames('live', {}, { kind: 'all' });
    expect(isSharedFrames(live)).toBe(false);
    expect(await ledger.frames('live', {}, { kind: 'all' })).not.toBe(live);
    const done = await ledger.frames('done', {}, { kind: 'all' });
    const read = await base.readStream('deal-done');
    await base.appendToStream('deal-done', [{ type: 'DealConfirmed', data: { player: 'x' }, metadata: { eventId: eventIdFor('confirm-done', 0) } }], {
      expectedRevision: read.currentRevision,
    });
    const after = await ledger.frames('done', {}, { kind: 'all' });
    expect(after).not.toBe(done);
    expect(await ledger.frames('done', {}, { kind: 'all' })).toBe(after);
    await ledger.close();
  });

  it('with frameCache 0 nothing is kept', async () => {
    const base = await openEventStore('sqlite::memory:');
    const store = counting(base);
    await appendDeal(base, 'z', 'frame-cache-zero');
    const ledger = await Ledger.withStore(store, { frameCache: 0 });
    const first = await ledger.frames('z', {}, { kind: 'public' });
    expect(await ledger.frames('z', {}, { kind: 'public' })).not.toBe(first);
    expect(isSharedFrames(first)).toBe(false);
    expect(store.dealReads).toBe(2);
    await ledger.close();
  });
});
