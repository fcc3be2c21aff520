import { openEventStore } from '../event-store/store-url';
import { eventIdFor } from '../event-store/event-ids';
import type { EventStore } from '../event-store/event-store';
import { randomDeal } from '../../test/deal/random-deal';
import { CHECKPOINT_TABLE, openReadModelDb, type ReadModelDb } from './read-model-db';
import { ProjectionRunner } from './runner';
import { REGISTERED_PROJECTIONS } from './registered-projections';
import { DEAL_SUMMARY_TABLE } from './deal-summary/deal-summary-projection';
import { TABLE_INFO_TABLE } from './tables/table-projection';
import { TOURNAMENT_INFO_TABLE } from './tables/tournament-projection';

const dump = (db: ReadModelDb): string =>
  JSON.stringify([DEAL_SUMMARY_TABLE, TABLE_INFO_TABLE, TOURNAMENT_INFO_TABLE].map((t) => db.prepare(`SELECT * FROM ${t} ORDER BY 1`).all()));

async function seed(store: EventStore, from: number, count: number): Promise<void> {
  for (let i = from; i < from + count; i++) {
    const { events } = randomDeal(`r${i}`, `runner-${i}`);
    await store.appendToStream(
      `deal-r${i}`,
      events.map((e, k) => ({ ...e, metadata: { eventId: eventIdFor(`runner-${i}`, k) } })),
      { expectedRevision: 'noStream' },
    );
  }
}

/** How many registered projections read a deal's DealStarted and DealScored: a checkpoint counts each event once per reader. */
const DEAL_READERS = REGISTERED_PROJECTIONS.filter((p) => p.eventTypes.includes('DealStarted') && p.eventTypes.includes('DealScored')).length;

describe('projection runner', () => {
  it('advances the checkpoint with the rows, and picks up only what is new', async () => {
    const store = await openEventStore('sqlite::memory:');
    const db = openReadModelDb('sqlite::memory:');
    const runner = new ProjectionRunner(db, store);
    await seed(store, 0, 5);
    await runner.catchUp();
    const first = runner.checkpoint();
    expect(first.events).toBe(5 * 2 * DEAL_READERS); // DealStarted + DealScored per deal, for each projection reading them
    await seed(store, 5, 3);
    const applied = await runner.catchUp();
    expect(applied.map((e) => e.type)).toEqual(['DealStarted', 'DealScored', 'DealStarted', 'DealScored', 'DealStarted', 'DealScored']);
    expect(runner.checkpoint().events).toBe(8 * 2 * DEAL_READERS);
    expect(db.prepare(`SELECT COUNT(*) FROM ${DEAL_SUMMARY_TABLE}`).pluck().get()).toBe(8);
    await store.dispose();
  });

  it('is idempotent under redelivery: replaying from an older checkpoint leaves the read models unchanged', async () => {
    const store = await openEventStore('sqlite::memory:');
    const db = openReadModelDb('sqlite::memory:');
    const runner = new ProjectionRunner(db, store);
    await seed(store, 0, 6);
    await runner.catchUp();
    const before = dump(db);
    db.prepare(`UPDATE ${CHECKPOINT_TABLE} SET position = NULL, events = 0`).run();
    await runner.catchUp();
    expect(dump(db)).toBe(before);
    await store.dispose();
  });

  it('a rebuild from zero reproduces the live read models', async () => {
    const store = await openEventStore('sqlite::memory:');
    const db = openReadModelDb('sqlite::memory:');
    const runner = new ProjectionRunner(db, store);
    await seed(store, 0, 4);
    await runner.catchUp();
    await seed(store, 4, 4);
    await runner.catchUp();
    const live = dump(db);
    const rebuilt = await runner.rebuild();
    expect(rebuilt).toMatchObject({ events: 16, rows: { 'deal-summaries': 8, tables: 0, tournaments: 0, 'as-of-index': 8 } });
    expect(Object.keys(rebuilt.rows).sort()).toEqual(REGISTERED_PROJECTIONS.map((p) => p.name).sort());
    expect(dump(db)).toBe(live);
    await store.dispose();
  });
});
