/**
 * `rebuild` safe while a server runs (#13 item 8): the read models are rebuilt into new tables and
 * swapped in with one transaction, so readers on another connection (the server beside a CLI
 * `rebuild`) see the complete old read models or the complete new ones, never a part, and never
 * an error; a deal recorded during the rebuild is in the read models afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { EventStore, ReadAllOptions, RecordedEvent } from '../../src/event-store/event-store';
import { eventIdFor } from '../../src/event-store/event-ids';
import { openEventStore } from '../../src/event-store/store-url';
import { Ledger } from '../../src/ledger/ledger';
import { CHECKPOINT_TABLE } from '../../src/projections/read-model-db';
import { DEAL_SUMMARY_TABLE, dealSummaryProjection } from '../../src/projections/deal-summary/deal-summary-projection';
import { randomDeal } from '../deal/random-deal';
import { ledgerStore } from '../../src/ledger/store-port';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'skat-rebuild-swap-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function appendDeal(store: EventStore, i: number): Promise<void> {
  const { events } = randomDeal(`s${i}`, `swap-${i}`);
  await store.appendToStream(
    `deal-s${i}`,
    events.map((e, k) => ({ ...e, metadata: { eventId: eventIdFor(`swap-${i}`, k) } })),
    { expectedRevision: 'noStream' },
  );
}

/** The store, read slowly: the rebuild's read of the log waits a timer tick after every event. */
function slowed(store: EventStore): EventStore {
  const slow = Object.create(store) as EventStore;
  slow.readAll = async function* (options?: ReadAllOptions): AsyncIterable<RecordedEvent> {
    for await (const event of store.readAll(options)) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      yield event;
    }
  };
  return slow;
}

it('readers on another connection see whole read models throughout a rebuild; a deal recorded meanwhile is kept', async () => {
  const file = path.join(dir, 'swap.db');
  const url = `sqlite:${file}`;
  const seedStore = await openEventStore(url);
  for (let i = 0; i < 20; i++) await appendDeal(seedStore, i);
  await seedStore.dispose();

  const server = await Ledger.open({ storeUrl: url }); // the running server: its own connections
  expect((await server.deals({}, { first: 1 })).totalCount).toBe(20);
  const reader = new Database(file, { readonly: true });
  const observed = new Set<string>();
  const errors: unknown[] = [];
  let rebuilding = true;
  let serverAnswers = 0;

  const cliStore = await openEventStore(url);
  const cli = await Ledger.withStore(slowed(cliStore), { readModelUrl: url }); // the CLI's `rebuild`
  const rebuild = cli.rebuildProjections().finally(() => (rebuilding = false));

  let recorded = false;
  while (rebuilding) {
    try {
      const count = reader.prepare(`SELECT COUNT(*) FROM ${DEAL_SUMMARY_TABLE}`).pluck().get() as number;
      const events = reader.prepare(`SELECT events FROM ${CHECKPOINT_TABLE} WHERE projection = ?`).pluck().get(dealSummaryProjection.name) as number;
      observed.add(`${count}/${events}`);
      const page = await server.deals({}, { first: 5 });
      if (page.totalCount < 20 || page.items.length !== 5) errors.push(new Error(`partial answer: ${page.totalCount} deals`));
      serverAnswers++;
      if (!recorded && serverAnswers === 3) {
        // A deal recorded by the server while the rebuild reads the log.
        await appendDeal(ledgerStore(server), 20);
        await server.catchUp();
        recorded = true;
      }
    } catch (error) {
      errors.push(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  const result = await rebuild;
  expect(errors).toEqual([]);
  expect(serverAnswers).toBeGreaterThan(3);
  // Only whole states were visible: 20 deals before the recorded one, 21 after, never a part.
  for (const state of observed) expect(['20/', '21/'].some((prefix) => state.startsWith(prefix))).toBe(true);
  expect(result.deals).toBeGreaterThanOrEqual(20);
  expect((await server.deals({}, { first: 1 })).totalCount).toBe(21);
  expect((await cli.deals({}, { first: 1 })).totalCount).toBe(21);
  // The rebuild's tables are gone; the live ones have their indexes.
  const tables = reader.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'rm_%'").pluck().all() as string[];
  expect(tables.filter((name) => name.endsWith('_rebuild'))).toEqual([]);
  const indexes = reader
    .prepare("SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND name NOT LIKE 'sqlite_autoindex%'")
    .pluck()
    .get(DEAL_SUMMARY_TABLE);
  expect(indexes).toBe(7);
  reader.close();
  await cli.close();
  await server.close();
});

it('two rebuilds in a row alternate index names and leave seven indexes and the same rows', async () => {
  const url = `sqlite:${path.join(dir, 'twice.db')}`;
  const ledger = await Ledger.open({ storeUrl: url });
  for (let i = 0; i < 3; i++) await appendDeal(ledgerStore(ledger), i);
  await ledger.catchUp();
  const rows = async () => (await ledger.deals({}, { first: 10 })).items.map((d) => d.dealId).sort();
  const before = await rows();
  await ledger.rebuildProjections();
  await ledger.rebuildProjections();
  expect(await rows()).toEqual(before);
  const db = (ledger as unknown as { db: Database.Database }).db;
  expect(
    db
      .prepare("SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND name NOT LIKE 'sqlite_autoindex%'")
      .pluck()
      .get(DEAL_SUMMARY_TABLE),
  ).toBe(7);
  await ledger.close();
});
