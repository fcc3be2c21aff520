import { REGISTERED_PROJECTIONS } from '../../src/projections/registered-projections';
import { SHEET_INPUT_KEY_TABLE, SHEET_INPUT_TABLE, SHEET_SNAPSHOT_TABLE } from '../../src/projections/as-of/sheet-inputs';
import { RATING_MODELS } from '../../src/projections/ratings/rating-models';
import { ratingStepsTable, ratingsTable } from '../../src/projections/ratings/ratings-projection';
import { RATING_LOG_TABLE, RATING_SEATS_TABLE } from '../../src/projections/ratings/rating-log';
import { AS_OF_INDEX_TABLE } from '../../src/projections/as-of/as-of-index';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventIdFor } from '../../src/event-store/event-ids';
import { openSqliteEventStore } from '../../src/event-store/sqlite/sqlite-event-store';
import { Ledger } from '../../src/ledger/ledger';
import { openEventStore } from '../../src/event-store/store-url';
import { BINDING_TABLE, CHECKPOINT_TABLE, LEGACY_READ_MODEL_TABLES, openReadModelDb, type ReadModelDb } from '../../src/projections/read-model-db';
import { ProjectionRunner } from '../../src/projections/runner';
import { DEAL_COUNT_TABLE, DEAL_PLAYER_TABLE, DEAL_SUMMARY_TABLE, PLAYER_STAT_TABLE } from '../../src/projections/deal-summary/deal-summary-projection';
import { TABLE_INFO_TABLE } from '../../src/projections/tables/table-projection';
import { TOURNAMENT_INFO_TABLE } from '../../src/projections/tables/tournament-projection';
import { randomDeal } from '../deal/random-deal';

const tablesOf = (file: string): string[] => {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'rm_%' ORDER BY name").pluck().all() as string[];
  } finally {
    db.close();
  }
};

/** A store file as an earlier build left it: events, v1 read-model tables, a v1 checkpoint at the head. */
async function fileOfTheV1Layout(file: string, deals: number): Promise<void> {
  const store = openSqliteEventStore(file);
  for (let i = 0; i < deals; i++) {
    const { events } = randomDeal(`v${i}`, `layout-${i}`);
    await store.appendToStream(
      `deal-v${i}`,
      events.map((e, k) => ({ ...e, metadata: { eventId: eventIdFor(`layout-${i}`, k) } })),
      { expectedRevision: 'noStream' },
    );
  }
  await store.dispose();
  const db = new Database(file);
  db.exec(`
    CREATE TABLE rm_deal_summary_v1 (deal_id TEXT PRIMARY KEY, table_id TEXT, tournament_id TEXT, deal_number INTEGER NOT NULL,
      started_at TEXT NOT NULL, source TEXT NOT NULL, p0 TEXT NOT NULL, p1 TEXT NOT NULL, p2 TEXT NOT NULL,
      status TEXT NOT NULL, game_type TEXT, won INTEGER, json TEXT NOT NULL);
    CREATE INDEX rm_deal_summary_v1_p0 ON rm_deal_summary_v1(p0);
    CREATE TABLE rm_table_v1 (table_id TEXT PRIMARY KEY, tournament_id TEXT, json TEXT NOT NULL);
    CREATE TABLE rm_tournament_v1 (tournament_id TEXT PRIMARY KEY, json TEXT NOT NULL);
    CREATE TABLE rm_checkpoint_v1 (projection TEXT PRIMARY KEY, position TEXT, events INTEGER NOT NULL);
  `);
  const head = db.prepare('SELECT max(position) FROM events').pluck().get() as number;
  db.prepare('INSERT INTO rm_deal_summary_v1 VALUES (?, NULL, NULL, 1, ?, ?, ?, ?, ?, ?, NULL, NULL, ?)').run(
    'v0',
    '2026-01-01',
    'live',
    'Anna',
    'Ben',
    'Cleo',
    'scored',
    '{"dealId":"v0"}',
  );
  db.prepare('INSERT INTO rm_checkpoint_v1 VALUES (?, ?, ?)').run('ledger-projections', String(head), deals * 2);
  db.close();
}

describe('the current read-model layout on a file an earlier build wrote', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'skat-rm-layout-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the v1 tables are dropped and the current read models catch up from the start of the log (never empty with a checkpoint at the end)', async () => {
    const file = path.join(dir, 'v1.db');
    await fileOfTheV1Layout(file, 5);
    expect(tablesOf(file)).toEqual(['rm_checkpoint_v1', 'rm_deal_summary_v1', 'rm_table_v1', 'rm_tournament_v1']);
    const ledger = await Ledger.open({ storeUrl: `sqlite:${file}` });
    const page = await ledger.deals({}, { first: 10 });
    expect(page.totalCount).toBe(5);
    expect(page.items.map((d) => d.dealId).sort()).toEqual(['v0', 'v1', 'v2', 'v3', 'v4']);
    expect(page.items.every((d) => d.status !== 'inProgress' && Array.isArray(d.players))).toBe(true);
    await ledger.close();
    const names = tablesOf(file);
    for (const legacy of LEGACY_READ_MODEL_TABLES) expect(names).not.toContain(legacy);
    expect(names).toEqual(
      [
        BINDING_TABLE,
        CHECKPOINT_TABLE,
        DEAL_SUMMARY_TABLE,
        DEAL_PLAYER_TABLE,
        DEAL_COUNT_TABLE,
        PLAYER_STAT_TABLE,
        TABLE_INFO_TABLE,
        TOURNAMENT_INFO_TABLE,
        AS_OF_INDEX_TABLE,
        SHEET_INPUT_TABLE,
        SHEET_INPUT_KEY_TABLE,
        SHEET_SNAPSHOT_TABLE,
        ...RATING_MODELS.map(ratingsTable),
        ...RATING_MODELS.map(ratingStepsTable),
        RATING_LOG_TABLE,
        RATING_SEATS_TABLE,
      ].sort(),
    );
    const db = new Database(file, { readonly: true });
    expect(db.prepare(`SELECT events FROM ${CHECKPOINT_TABLE} WHERE projection = ?`).pluck().get('deal-summaries')).toBe(10);
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name LIKE 'rm_deal_summary_v1%'").pluck().get()).toBe(0);
    db.close();
  });

  it('a rebuild leaves the same rows as the catch-up did, and the connection settings as they were', async () => {
    const file = path.join(dir, 'rebuild.db');
    await fileOfTheV1Layout(file, 4);
    const ledger = await Ledger.open({ storeUrl: `sqlite:${file}` });
    const dump = (): string => {
      const db = new Database(file, { readonly: true });
      try {
        return JSON.stringify([DEAL_SUMMARY_TABLE, TABLE_INFO_TABLE, TOURNAMENT_INFO_TABLE].map((t) => db.prepare(`SELECT * FROM ${t} ORDER BY 1`).all()));
      } finally {
        db.close();
      }
    };
    const live = dump();
    const rm = (ledger as unknown as { db: Database.Database }).db;
    const settings = () => [
      rm.pragma('cache_size', { simple: true }),
      rm.pragma('wal_autocheckpoint', { simple: true }),
      rm.pragma('synchronous', { simple: true }),
    ];
    const before = settings();
    expect(await ledger.rebuildProjections()).toEqual({ events: 8, deals: 4 });
    expect(dump()).toBe(live);
    expect(settings()).toEqual(before);
    await ledger.close();
  });

  it('empty read models load like a rebuild: the same rows as applying the log event by event, and every index', async () => {
    const store = await openEventStore('sqlite::memory:');
    for (let i = 0; i < 6; i++) {
      const { events } = randomDeal(`e${i}`, `empty-${i}`);
      await store.appendToStream(
        `deal-e${i}`,
        events.map((e, k) => ({ ...e, metadata: { eventId: eventIdFor(`empty-${i}`, k) } })),
        { expectedRevision: 'noStream' },
      );
    }
    const rows = (db: ReadModelDb) =>
      JSON.stringify(
        [DEAL_SUMMARY_TABLE, TABLE_INFO_TABLE, TOURNAMENT_INFO_TABLE, CHECKPOINT_TABLE].map((t) => db.prepare(`SELECT * FROM ${t} ORDER BY 1`).all()),
      );
    const indexes = (db: ReadModelDb) => db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' ORDER BY name").all();
    const eventByEvent = openReadModelDb('sqlite::memory:');
    await new ProjectionRunner(eventByEvent, store).catchUp(true); // collecting: the incremental path
    const loaded = openReadModelDb('sqlite::memory:');
    const runner = new ProjectionRunner(loaded, store);
    await runner.catchUp(false);
    expect(runner.lastRunEvents).toBe(12);
    expect(rows(loaded)).toBe(rows(eventByEvent));
    expect(indexes(loaded)).toEqual(indexes(eventByEvent));
    expect(indexes(loaded).length).toBeGreaterThanOrEqual(6);
    await store.dispose();
  });

  it('read models with rows but no checkpoint row are caught up in place (nothing dropped)', async () => {
    const store = await openEventStore('sqlite::memory:');
    const { events } = randomDeal('k0', 'kept-0');
    await store.appendToStream(
      'deal-k0',
      events.map((e, k) => ({ ...e, metadata: { eventId: eventIdFor('kept-0', k) } })),
      { expectedRevision: 'noStream' },
    );
    const db = openReadModelDb('sqlite::memory:');
    const runner = new ProjectionRunner(db, store);
    await runner.catchUp(false);
    const before = db.prepare(`SELECT * FROM ${DEAL_SUMMARY_TABLE}`).all();
    db.prepare(`DELETE FROM ${CHECKPOINT_TABLE}`).run();
    await runner.catchUp(false);
    expect(db.prepare(`SELECT * FROM ${DEAL_SUMMARY_TABLE}`).all()).toEqual(before);
    // The deal's two events, once per projection reading them.
    expect(runner.checkpoint().events).toBe(
      2 * REGISTERED_PROJECTIONS.filter((p) => p.eventTypes.includes('DealStarted') && p.eventTypes.includes('DealScored')).length,
    );
    await store.dispose();
  });
});
