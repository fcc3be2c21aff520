import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventIdFor } from '../../src/event-store/event-ids';
import type { EventStore, ReadAllOptions, RecordedEvent } from '../../src/event-store/event-store';
import { openSqliteEventStore } from '../../src/event-store/sqlite/sqlite-event-store';
import { openEventStore } from '../../src/event-store/store-url';
import { Ledger } from '../../src/ledger/ledger';
import { CHECKPOINT_TABLE, openReadModelDb } from '../../src/projections/read-model-db';
import { ProjectionRunner } from '../../src/projections/runner';
import { DEAL_SUMMARY_TABLE } from '../../src/projections/deal-summary/deal-summary-projection';
import { randomDeal } from '../deal/random-deal';
import { REGISTERED_PROJECTIONS } from '../../src/projections/registered-projections';

/** How many registered projections read a deal's DealStarted and DealScored: a checkpoint counts each event once per reader. */
const DEAL_READERS = REGISTERED_PROJECTIONS.filter((p) => p.eventTypes.includes('DealStarted') && p.eventTypes.includes('DealScored')).length;

async function appendDeal(store: EventStore, i: number): Promise<void> {
  const { events } = randomDeal(`c${i}`, `skip-${i}`);
  await store.appendToStream(
    `deal-c${i}`,
    events.map((e, k) => ({ ...e, metadata: { eventId: eventIdFor(`skip-${i}`, k) } })),
    { expectedRevision: 'noStream' },
  );
}

/** Counts the log reads a runner makes; `token: false` hides the store's change token. */
function counting(store: EventStore, token = true): EventStore & { reads: number } {
  const counted = Object.create(store) as EventStore & { reads: number };
  counted.reads = 0;
  counted.readAll = (options?: ReadAllOptions): AsyncIterable<RecordedEvent> => {
    counted.reads++;
    return store.readAll(options);
  };
  if (!token) (counted as { changeToken?: unknown }).changeToken = undefined;
  return counted;
}

describe('catch-up skips the log read when nothing changed (change token)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'skat-catchup-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the SQLite store token changes on its own appends and on commits by another connection to the file', async () => {
    const file = path.join(dir, 'token.db');
    const a = openSqliteEventStore(file);
    const b = openSqliteEventStore(file);
    const before = b.changeToken();
    expect(b.changeToken()).toBe(before);
    await appendDeal(a, 0);
    const seenByB = b.changeToken();
    expect(seenByB).not.toBe(before);
    const beforeOwn = a.changeToken();
    await appendDeal(a, 1);
    expect(a.changeToken()).not.toBe(beforeOwn);
    expect(b.changeToken()).not.toBe(seenByB);
    await a.dispose();
    await b.dispose();
  });

  it.each([
    ['in the store file', true],
    ['in memory', false],
  ])(
    'a ledger over one store object sees a deal appended through another store object on the same file at its next query (read models %s)',
    async (_where, sameFile) => {
      const file = path.join(dir, `two-stores-${sameFile ? 'same' : 'memory'}.db`);
      const writer = openSqliteEventStore(file);
      const reader = openSqliteEventStore(file);
      const ledger = await Ledger.withStore(reader, { readModelUrl: sameFile ? `sqlite:${file}` : 'sqlite::memory:' });
      await appendDeal(writer, 0);
      expect((await ledger.deal('c0'))?.dealId).toBe('c0');
      // Quiet queries in between (skipped reads) do not hide the next foreign append.
      for (let k = 0; k < 3; k++) expect((await ledger.deals({}, { first: 10 })).items.length).toBe(1);
      await appendDeal(writer, 1);
      expect((await ledger.deal('c1'))?.dealId).toBe('c1');
      expect((await ledger.deals({}, { first: 10 })).items.length).toBe(2);
      await ledger.close();
      await writer.dispose();
    },
  );

  it('a deal appended by another process (as a CLI import would) is seen at the next query', async () => {
    const file = path.join(dir, 'other-process.db');
    const ledger = await Ledger.open({ storeUrl: `sqlite:${file}` });
    for (let k = 0; k < 3; k++) expect((await ledger.deals({}, { first: 10 })).totalCount).toBe(0);
    const script = `
      const { openSqliteEventStore } = require(${JSON.stringify(path.resolve(__dirname, '../../src/event-store/sqlite/sqlite-event-store'))});
      const { eventIdFor } = require(${JSON.stringify(path.resolve(__dirname, '../../src/event-store/event-ids'))});
      const { randomDeal } = require(${JSON.stringify(path.resolve(__dirname, '../deal/random-deal'))});
      const store = openSqliteEventStore(${JSON.stringify(file)});
      const { events } = randomDeal('x1', 'other-process');
      store.appendToStream('deal-x1', events.map((e, k) => ({ ...e, metadata: { eventId: eventIdFor('other-process', k) } })), { expectedRevision: 'noStream' })
        .then(() => store.dispose());`;
    execFileSync(process.execPath, ['-r', 'ts-node/register/transpile-only', '-e', script], {
      cwd: path.resolve(__dirname, '../..'),
      env: { ...process.env, TS_NODE_TRANSPILE_ONLY: 'true' },
    });
    expect((await ledger.deal('x1'))?.dealId).toBe('x1');
    expect((await ledger.deals({}, { first: 10 })).totalCount).toBe(1);
    await ledger.close();
  }, 30000);

  it('once caught up, repeated catch-ups read nothing until something is appended', async () => {
    const store = counting(await openEventStore('sqlite::memory:'));
    const runner = new ProjectionRunner(openReadModelDb('sqlite::memory:'), store);
    await appendDeal(store, 0);
    await runner.catchUp();
    await runner.catchUp(); // the first run's own read-model writes changed the token: one empty read
    const settled = store.reads;
    for (let k = 0; k < 5; k++) expect(await runner.catchUp()).toEqual([]);
    expect(store.reads).toBe(settled);
    await appendDeal(store, 1);
    expect((await runner.catchUp()).map((e) => e.streamName)).toEqual(['deal-c1', 'deal-c1']);
    expect(store.reads).toBe(settled + 1);
    await store.dispose();
  });

  it('a read model changed behind the runner (checkpoint reset) is caught up again', async () => {
    const store = await openEventStore('sqlite::memory:');
    const db = openReadModelDb('sqlite::memory:');
    const runner = new ProjectionRunner(db, store);
    await appendDeal(store, 0);
    await runner.catchUp();
    await runner.catchUp();
    db.prepare(`UPDATE ${CHECKPOINT_TABLE} SET position = NULL, events = 0`).run();
    expect((await runner.catchUp()).length).toBe(2);
    expect(runner.checkpoint().events).toBe(2 * DEAL_READERS); // the deal's two events, once per projection reading them
    await store.dispose();
  });

  it('a rebuild reads the log again even though nothing was appended', async () => {
    const store = await openEventStore('sqlite::memory:');
    const runner = new ProjectionRunner(openReadModelDb('sqlite::memory:'), store);
    await appendDeal(store, 0);
    await runner.catchUp();
    await runner.catchUp();
    expect(await runner.rebuild()).toMatchObject({ events: 2, rows: { 'deal-summaries': 1, tables: 0, tournaments: 0, 'as-of-index': 1 } });
    await store.dispose();
  });

  it('a closed store makes the next catch-up reject with the store error (not throw, not skip)', async () => {
    const store = await openEventStore('sqlite::memory:');
    const runner = new ProjectionRunner(openReadModelDb('sqlite::memory:'), store);
    await appendDeal(store, 0);
    await runner.catchUp();
    await runner.catchUp();
    await store.dispose();
    let pending: Promise<unknown> | undefined;
    expect(() => {
      pending = runner.catchUp();
    }).not.toThrow();
    await expect(pending).rejects.toThrow(/closed/);
  });

  it('a rebuild that fails part way gives back the connection settings and rejects with the error', async () => {
    const file = path.join(dir, 'failing-rebuild.db');
    const store = openSqliteEventStore(file);
    for (let i = 0; i < 3; i++) await appendDeal(store, i);
    const failing = Object.create(store) as EventStore;
    failing.readAll = async function* (options?: ReadAllOptions): AsyncIterable<RecordedEvent> {
      let n = 0;
      for await (const e of store.readAll(options)) {
        if (++n > 3) throw new Error('disk went away');
        yield e;
      }
    };
    const db = openReadModelDb(`sqlite:${file}`);
    const settings = () => [db.pragma('cache_size', { simple: true }), db.pragma('wal_autocheckpoint', { simple: true })];
    const before = settings();
    await expect(new ProjectionRunner(db, failing).rebuild()).rejects.toThrow('disk went away');
    expect(settings()).toEqual(before);
    // What the failed rebuild wrote is consistent (rows and checkpoint together); a catch-up completes it.
    const runner = new ProjectionRunner(db, store);
    await runner.catchUp();
    expect(runner.checkpoint().events).toBe(6 * DEAL_READERS); // three deals' two events, once per projection reading them
    expect(db.prepare(`SELECT COUNT(*) FROM ${DEAL_SUMMARY_TABLE}`).pluck().get()).toBe(3);
    db.close();
    await store.dispose();
  });

  it('a store without a change token is read on every catch-up', async () => {
    const store = counting(await openEventStore('sqlite::memory:'), false);
    const runner = new ProjectionRunner(openReadModelDb('sqlite::memory:'), store);
    await appendDeal(store, 0);
    for (let k = 0; k < 4; k++) await runner.catchUp();
    expect(store.reads).toBe(4);
    await store.dispose();
  });
});
