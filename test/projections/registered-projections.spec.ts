import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DealStartedData } from '../../src/deal/events';
import { eventIdFor } from '../../src/event-store/event-ids';
import type { EventStore, ReadAllOptions, RecordedEvent } from '../../src/event-store/event-store';
import { openSqliteEventStore } from '../../src/event-store/sqlite/sqlite-event-store';
import { Ledger } from '../../src/ledger/ledger';
import { DEAL_SUMMARY_TABLE, dealSummaryProjection } from '../../src/projections/deal-summary/deal-summary-projection';
import { jsonRows } from '../../src/projections/json-rows';
import { checkRegistry, liveTableName, type ProjectionDefinition } from '../../src/projections/projection-definition';
import { openEventStore } from '../../src/event-store/store-url';
import { CHECKPOINT_TABLE, closeReadModelDb, createReadModelSchema, openReadModelDb } from '../../src/projections/read-model-db';
import { REGISTERED_PROJECTIONS } from '../../src/projections/registered-projections';
import { ProjectionRunner } from '../../src/projections/runner';
import { randomDeal } from '../deal/random-deal';
import { startEsdbTestServer } from '../event-store/esdb/esdb-test-server';

/**
 * Issue #16 item 4: projections are registered definitions, each with its own version and tables.
 * This spec registers a small extra projection (deals started per dealer: one definition with its
 * fold, and the registry line is the array below) and shows that bumping its version rebuilds it
 * alone: the deal summaries keep their rows and checkpoints, and only its own event type is read.
 */
interface DealerCount {
  readonly dealer: string;
  readonly deals: number;
}

const dealsPerDealer = (version: number): ProjectionDefinition<DealerCount> => ({
  name: 'deals-per-dealer',
  version,
  tables: [{ name: 'deals_per_dealer', columns: 'dealer TEXT PRIMARY KEY, json TEXT NOT NULL' }],
  eventTypes: ['DealStarted'],
  keysOf: (event) => (event.streamName.startsWith('deal-') ? [(event.data as DealStartedData).dealer] : []),
  // v1 counted deals; v2 counts them twice, so a row from v1 is told from a row of v2.
  fold: (row, event) => ({ dealer: (event.data as DealStartedData).dealer, deals: (row?.deals ?? 0) + version }),
  rows: (db, tables) => jsonRows(db, tables.deals_per_dealer, 'dealer'),
});

async function appendDeals(store: EventStore, from: number, count: number): Promise<void> {
  for (let i = from; i < from + count; i++) {
    const { events } = randomDeal(`p${i}`, `registered-${i}`);
    await store.appendToStream(
      `deal-p${i}`,
      events.map((e, k) => ({ ...e, metadata: { eventId: eventIdFor(`registered-${i}`, k) } })),
      { expectedRevision: 'noStream' },
    );
  }
}

/** Records the event types of each log read and the events it yielded. */
function recording(store: EventStore): EventStore & { reads: { types: readonly string[]; events: number }[] } {
  const recorded = Object.create(store) as EventStore & { reads: { types: readonly string[]; events: number }[] };
  recorded.reads = [];
  recorded.readAll = async function* (options?: ReadAllOptions): AsyncIterable<RecordedEvent> {
    const read = { types: [...(options?.eventTypes ?? [])].sort(), events: 0 };
    recorded.reads.push(read);
    for await (const event of store.readAll(options)) {
      read.events++;
      yield event;
    }
  };
  return recorded;
}

const tablesOf = (db: Database.Database): string[] =>
  db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'rm_%' ORDER BY name").pluck().all() as string[];

const checkpointRows = (db: Database.Database) => db.prepare(`SELECT projection, version, position, events FROM ${CHECKPOINT_TABLE} ORDER BY projection`).all();

describe('registered projections, each with its own version (#16 item 4)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'skat-registered-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("after one projection's version changes, only its tables are rebuilt on start, from its own event types", async () => {
    const file = path.join(dir, 'bump.db');
    const store = openSqliteEventStore(file);
    await appendDeals(store, 0, 6);
    const v1 = [...REGISTERED_PROJECTIONS, dealsPerDealer(1)];
    const first = openReadModelDb(`sqlite:${file}`, v1);
    await new ProjectionRunner(first, store, v1).catchUp(false);
    const countsV1 = first
      .prepare(`SELECT json FROM ${liveTableName(dealsPerDealer(1), 'deals_per_dealer')}`)
      .pluck()
      .all() as string[];
    expect(countsV1.map((j) => (JSON.parse(j) as DealerCount).deals).reduce((a, b) => a + b, 0)).toBe(6);
    // A mark in a deal summary's row that a rebuild of the deal summaries would overwrite.
    first.prepare(`UPDATE ${DEAL_SUMMARY_TABLE} SET source = 'untouched'`).run();
    const before = checkpointRows(first).filter((r) => (r as { projection: string }).projection !== 'deals-per-dealer');
    closeReadModelDb(first);

    // The next start: the same registry with the extra projection at version 2.
    const v2 = [...REGISTERED_PROJECTIONS, dealsPerDealer(2)];
    const second = openReadModelDb(`sqlite:${file}`, v2);
    expect(tablesOf(second)).not.toContain('rm_deals_per_dealer_v1');
    expect(tablesOf(second)).toContain('rm_deals_per_dealer_v2');
    const reads = recording(store);
    const runner = new ProjectionRunner(second, reads, v2);
    await runner.catchUp(false);
    // It alone read the log, and only its event type: one DealStarted per deal.
    expect(reads.reads[0]).toEqual({ types: ['DealStarted'], events: 6 });
    expect(reads.reads.slice(1).every((r) => r.events === 0)).toBe(true);
    const countsV2 = second.prepare('SELECT json FROM rm_deals_per_dealer_v2').pluck().all() as string[];
    expect(countsV2.map((j) => (JSON.parse(j) as DealerCount).deals).reduce((a, b) => a + b, 0)).toBe(12);
    // The others kept their rows and their checkpoints.
    expect(second.prepare(`SELECT DISTINCT source FROM ${DEAL_SUMMARY_TABLE}`).pluck().all()).toEqual(['untouched']);
    expect(checkpointRows(second).filter((r) => (r as { projection: string }).projection !== 'deals-per-dealer')).toEqual(before);

    // From here on all of them go on together.
    await appendDeals(store, 6, 2);
    reads.reads.length = 0;
    await runner.catchUp(false);
    expect(reads.reads).toHaveLength(1);
    expect(reads.reads[0].types).toEqual([...new Set([...runner.eventTypes])].sort());
    expect(second.prepare(`SELECT COUNT(*) FROM ${DEAL_SUMMARY_TABLE}`).pluck().get()).toBe(8);
    const positions = new Set(runner.checkpoints().map((c) => c.position));
    expect(positions.size).toBe(1);
    closeReadModelDb(second);
    await store.dispose();
  });

  it('a projection no longer registered loses its tables and checkpoint at the next start; the others keep theirs', async () => {
    const file = path.join(dir, 'removed.db');
    const store = openSqliteEventStore(file);
    await appendDeals(store, 0, 3);
    const withExtra = [...REGISTERED_PROJECTIONS, dealsPerDealer(1)];
    const first = openReadModelDb(`sqlite:${file}`, withExtra);
    await new ProjectionRunner(first, store, withExtra).catchUp(false);
    closeReadModelDb(first);
    const ledger = await Ledger.open({ storeUrl: `sqlite:${file}` });
    expect((await ledger.deals({}, { first: 5 })).totalCount).toBe(3);
    await ledger.close();
    const db = new Database(file, { readonly: true });
    expect(tablesOf(db)).not.toContain('rm_deals_per_dealer_v1');
    expect((checkpointRows(db) as { projection: string }[]).map((r) => r.projection)).toEqual(REGISTERED_PROJECTIONS.map((p) => p.name).sort());
    db.close();
    await store.dispose();
  });

  it("a file of the build before per-projection versions keeps its rows: its one checkpoint becomes each projection's own", async () => {
    const file = path.join(dir, 'shared-checkpoint.db');
    const store = openSqliteEventStore(file);
    await appendDeals(store, 0, 4);
    const db = openReadModelDb(`sqlite:${file}`);
    await new ProjectionRunner(db, store).catchUp(false);
    db.prepare(`UPDATE ${DEAL_SUMMARY_TABLE} SET source = 'untouched'`).run();
    const { position, events } = db.prepare(`SELECT position, events FROM ${CHECKPOINT_TABLE} WHERE projection = ?`).get(dealSummaryProjection.name) as {
      position: string;
      events: number;
    };
    // As that build left the file: one checkpoint row of all read models in rm_checkpoint_v5.
    db.exec(`DROP TABLE ${CHECKPOINT_TABLE}; CREATE TABLE rm_checkpoint_v5 (projection TEXT PRIMARY KEY, position TEXT, events INTEGER NOT NULL);`);
    db.prepare('INSERT INTO rm_checkpoint_v5 VALUES (?, ?, ?)').run('ledger-projections', position, events);
    closeReadModelDb(db);

    const reads = recording(store);
    const ledger = await Ledger.withStore(reads, { readModelUrl: `sqlite:${file}` });
    expect((await ledger.deals({}, { first: 10 })).totalCount).toBe(4);
    expect(ledger.readModelsRebuiltAtStart).toBeUndefined();
    expect(reads.reads.every((r) => r.events === 0)).toBe(true);
    await ledger.close();
    const after = new Database(file, { readonly: true });
    expect(tablesOf(after)).not.toContain('rm_checkpoint_v5');
    expect(after.prepare(`SELECT DISTINCT source FROM ${DEAL_SUMMARY_TABLE}`).pluck().all()).toEqual(['untouched']);
    expect((checkpointRows(after) as { position: string }[]).map((r) => r.position)).toEqual(REGISTERED_PROJECTIONS.map(() => position));
    after.close();
  });

  it('refuses a registry that could not work: a name twice, a version that is no whole number, a table of another projection', () => {
    expect(() => checkRegistry([dealsPerDealer(1), dealsPerDealer(2)])).toThrow('registered twice');
    expect(() => checkRegistry([dealsPerDealer(0)])).toThrow('whole number from 1');
    expect(() => checkRegistry([dealsPerDealer(1), { ...dealsPerDealer(1), name: 'copy' }])).toThrow('belongs to another projection');
    expect(() => openReadModelDb('sqlite::memory:', [...REGISTERED_PROJECTIONS, dealSummaryProjection])).toThrow('registered twice');
  });
});

describe('a projection rebuilt alone over EventStoreDB (test double)', () => {
  it('reads its own event type up to where the others are, then all go on together from one position', async () => {
    const server = await startEsdbTestServer();
    const store = await openEventStore(server.connectionString);
    try {
      await appendDeals(store, 0, 4);
      const db = openReadModelDb('sqlite::memory:', [...REGISTERED_PROJECTIONS, dealsPerDealer(1)]);
      await new ProjectionRunner(db, store, [...REGISTERED_PROJECTIONS, dealsPerDealer(1)]).catchUp(false);
      // Two more deals the v1 runner never saw, then the start with v2: the others catch up too.
      await appendDeals(store, 4, 2);
      const v2 = [...REGISTERED_PROJECTIONS, dealsPerDealer(2)];
      createReadModelSchema(db, v2);
      const reads = recording(store);
      const runner = new ProjectionRunner(db, reads, v2);
      await runner.catchUp(false);
      expect(reads.reads[0].types).toEqual(['DealStarted']);
      // It stopped at the others' checkpoint (the 4 deals they held), and the 2 new deals were read once, by all together.
      expect(reads.reads[0].events).toBeLessThanOrEqual(5);
      const counts = db.prepare('SELECT json FROM rm_deals_per_dealer_v2').pluck().all() as string[];
      expect(counts.map((j) => (JSON.parse(j) as DealerCount).deals).reduce((a, b) => a + b, 0)).toBe(12);
      expect(db.prepare(`SELECT COUNT(*) FROM ${DEAL_SUMMARY_TABLE}`).pluck().get()).toBe(6);
      expect(new Set(runner.checkpoints().map((c) => c.position)).size).toBe(1);
      db.close();
    } finally {
      await store.dispose();
      await server.stop();
    }
  });
});
