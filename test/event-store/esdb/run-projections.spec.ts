/**
 * "Works the same with each RunProjections setting" (issue #27, point 8): with `System` and `All`
 * the double writes what the standard projections write once started (`$projections-…` events,
 * `$>` links in `$ce-<category>`, `$et-<type>` and `$streams`); the adapter's reads, listings and
 * subscriptions see exactly the ledger's events under every setting.
 */
import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent, RecordedEvent } from '../../../src/event-store/event-store';
import { openEsdbEventStore } from '../../../src/event-store/esdb/esdb-connection';
import { startEsdbTestServer, type EsdbTestServer, type RunProjections } from './esdb-test-server';

const event = (type: string, n: number): NewEvent => ({ type, data: { n }, metadata: { eventId: randomUUID() } });

async function drain<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

describe.each<RunProjections>(['None', 'System', 'All'])('RunProjections=%s', (setting) => {
  let server: EsdbTestServer;
  let store: EventStore;
  beforeAll(async () => {
    server = await startEsdbTestServer({ runProjections: setting });
    store = await openEsdbEventStore(server.connectionString);
  });
  afterAll(async () => {
    await store.dispose();
    await server.stop();
  });

  it('reads, listings and subscriptions see the ledger events only', async () => {
    const deals = [`deal-${randomUUID()}`, `deal-${randomUUID()}`];
    for (const deal of deals)
      await store.appendToStream(deal, [event('DealStarted', 0), event('CardPlayed', 1), event('CardPlayed', 2)], { expectedRevision: 'noStream' });
    await store.appendToStream(`table-${randomUUID()}`, [event('TableOpened', 0)], { expectedRevision: 'noStream' });
    const system = server.log.events.filter((e) => e.streamName.startsWith('$')).length;
    // None: only the fresh node's 3; System/All: also the projections' state and one to three links per event.
    if (setting === 'None') expect(system).toBe(3);
    else expect(system).toBeGreaterThan(3 + 7 * 2);
    const all = await drain(store.readAll());
    expect(all.map((e) => e.type)).toEqual(['DealStarted', 'CardPlayed', 'CardPlayed', 'DealStarted', 'CardPlayed', 'CardPlayed', 'TableOpened']);
    expect((await drain(store.readAll({ eventTypes: ['CardPlayed'] }))).length).toBe(4);
    expect(await drain(store.listStreams('deal-'))).toEqual(deals);
    const received: RecordedEvent[] = [];
    await new Promise<void>((resolve) => {
      const sub = store.subscribeToAll({ onEvent: (e) => void received.push(e), onCaughtUp: () => void sub.close().then(resolve) });
    });
    expect(received.map((e) => e.eventId)).toEqual(all.map((e) => e.eventId));
  });
});
