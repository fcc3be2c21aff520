import type { EventStore, RecordedEvent } from '../../src/event-store/event-store';
import { openSqliteEventStore } from '../../src/event-store/sqlite/sqlite-event-store';
import { Ledger } from '../../src/ledger/ledger';

/**
 * A store that grows along the log: `upTo(position)` appends the events of `full` after the last
 * cut up to `position` (in log order, each as recorded), so at each cut it holds exactly the events
 * up to there, and a ledger over it answers as a store cut there does. One pass over the log for
 * every cut, instead of a new store and a load from zero per cut.
 */
export async function growingCut(full: EventStore): Promise<{ cut: Ledger; upTo: (position: string) => Promise<void> }> {
  const store = openSqliteEventStore(':memory:');
  const cut = await Ledger.withStore(store);
  const events: RecordedEvent[] = [];
  for await (const e of full.readAll()) events.push(e);
  let next = 0;
  const upTo = async (position: string): Promise<void> => {
    for (; next < events.length && full.comparePositions(events[next].position, position) <= 0; next++) {
      const e = events[next];
      // eslint-disable-next-line @typescript-eslint/no-unused-vars
      const { hash, prevHash, ...metadata } = e.metadata;
      await store.appendToStream(e.streamName, [{ type: e.type, data: e.data, metadata: metadata as typeof e.metadata }], {
        expectedRevision: e.revision === 0n ? 'noStream' : e.revision - 1n,
      });
    }
    await cut.appendedInBulk();
  };
  return { cut, upTo };
}
