import type { EventStore, RecordedEvent, SubscribeOptions, SubscriptionHandlers } from '../../event-store/event-store';
import { SubscriptionFollower, type SubscriptionFollowerHooks } from './subscription-follower';

const event = (n: number): RecordedEvent => ({
  streamName: `s-${n}`,
  type: 'Noted',
  data: { n },
  metadata: { eventId: `e-${n}` } as RecordedEvent['metadata'],
  eventId: `e-${n}`,
  revision: 0n,
  position: String(n),
});

/** A store whose subscriptions the test drives by hand: each `subscribeToAll` is recorded with its `after`. */
function drivenStore() {
  const opened: { handlers: SubscriptionHandlers; after: string | undefined; closed: boolean }[] = [];
  const store = {
    comparePositions: (a: string, b: string) => Number(a) - Number(b),
    subscribeToAll(handlers: SubscriptionHandlers, options: SubscribeOptions = {}) {
      const entry = { handlers, after: options.after, closed: false };
      opened.push(entry);
      return { close: async () => void (entry.closed = true) };
    },
  } as unknown as EventStore;
  return { store, opened };
}

/** Feeds events to the subscription the way the store does: one at a time, waiting for each handler. */
async function feed(handlers: SubscriptionHandlers, ...ns: number[]): Promise<void> {
  for (const n of ns) await handlers.onEvent(event(n));
}

function follower(store: EventStore, overrides: Partial<SubscriptionFollowerHooks> = {}) {
  const told: number[] = [];
  const applied: number[][] = [];
  const hooks: SubscriptionFollowerHooks = {
    checkpoint: () => '0',
    apply: (events) => (applied.push(events.map((e) => (e.data as { n: number }).n)), true),
    catchUpByReading: async () => undefined,
    deliver: (e) => void told.push((e.data as { n: number }).n),
    ...overrides,
  };
  return { follower: new SubscriptionFollower(store, hooks), told, applied };
}

describe('SubscriptionFollower', () => {
  it('opens one subscription after the checkpoint, applies what arrives in batches, then tells listeners once each, in order', async () => {
    const { store, opened } = drivenStore();
    const { follower: f, told, applied } = follower(store);
    f.start();
    f.start();
    expect(opened).toHaveLength(1);
    expect(opened[0].after).toBe('0');
    await feed(opened[0].handlers, 1, 2, 3);
    await f.settled();
    expect(applied.flat()).toEqual([1, 2, 3]);
    expect(applied.length).toBeLessThanOrEqual(3);
    expect(told).toEqual([1, 2, 3]);
    await f.stop();
    expect(opened[0].closed).toBe(true);
  });

  it('resolves reach once the position is applied, and with false after its bound when it never comes', async () => {
    const { store, opened } = drivenStore();
    const { follower: f } = follower(store);
    f.start();
    const reached = f.reach('2', 60_000);
    await feed(opened[0].handlers, 1, 2);
    await f.settled();
    await expect(reached).resolves.toBe(true);
    await expect(f.reach('1', 60_000)).resolves.toBe(true);
    await expect(f.reach('9', 20)).resolves.toBe(false);
    await f.stop();
  });

  it('catches up by reading when the read models refuse a live batch (their checkpoint moved), and still tells listeners', async () => {
    const { store, opened } = drivenStore();
    let reads = 0;
    const { follower: f, told } = follower(store, { apply: () => false, catchUpByReading: async () => void reads++ });
    f.start();
    await feed(opened[0].handlers, 1, 2);
    await f.settled();
    expect(reads).toBeGreaterThanOrEqual(1);
    expect(told).toEqual([1, 2]);
    await f.stop();
  });

  it('a batch that cannot be applied is neither told nor lost: the subscription starts again after the last batch applied', async () => {
    const { store, opened } = drivenStore();
    let failNext = false;
    const warnings: string[] = [];
    const { follower: f, told } = follower(store, {
      apply: (events) => {
        if (failNext) {
          failNext = false;
          throw new Error('disk full');
        }
        return events.length > 0;
      },
      warn: (e) => void warnings.push(e.message),
    });
    f.start();
    await feed(opened[0].handlers, 1, 2);
    await f.settled();
    failNext = true;
    await feed(opened[0].handlers, 3, 4);
    await f.settled();
    expect(warnings).toEqual(['disk full']);
    expect(opened).toHaveLength(2);
    expect(opened[0].closed).toBe(true);
    expect(opened[1].after).toBe('2');
    // The old subscription's late events are ignored; the new one brings 3 and 4 again.
    await feed(opened[0].handlers, 5);
    await feed(opened[1].handlers, 3, 4);
    await f.settled();
    expect(told).toEqual([1, 2, 3, 4]);
    await f.stop();
  });
});
