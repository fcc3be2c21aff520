/** The events(type_id, position) index and type-filtered pages (the migration of older files: compact-migration.spec). */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import type { NewEvent, ReadAllOptions, RecordedEvent } from '../event-store';
import { MAX_SEEK_TYPES, pageQuery } from './page-query';
import { SCHEMA_VERSION } from './schema';
import { openSqliteEventStore, SqliteEventStore } from './sqlite-event-store';

const dir = mkdtempSync(join(tmpdir(), 'skat-sqlite-index-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let fileCounter = 0;
const freshFile = () => join(dir, `store-${++fileCounter}.db`);
const TYPES = ['DealStarted', 'BidMade', 'CardPlayed', 'DealScored', 'TableOpened'];
const ev = (type: string, i: number): NewEvent => ({ type, data: { i }, metadata: { eventId: randomUUID() } });
const collect = async (it: AsyncIterable<RecordedEvent>) => {
  const out: RecordedEvent[] = [];
  for await (const x of it) out.push(x);
  return out;
};
const indexes = (db: Database.Database) =>
  db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'events' AND sql IS NOT NULL").pluck().all();

/** A store with interleaved streams and types: every 5th event a DealStarted, and so on. */
async function fill(store: SqliteEventStore, streams: number, perStream: number): Promise<void> {
  for (let r = 0; r < perStream; r++) {
    for (let s = 0; s < streams; s++) {
      await store.appendToStream(`${s % 2 ? 'deal' : 'table'}-${s}`, [ev(TYPES[(r * 3 + s) % TYPES.length], r)], {
        expectedRevision: r === 0 ? 'noStream' : BigInt(r - 1),
      });
    }
  }
}

/** What a filtered read must return: the unfiltered log, filtered in memory (an empty list filters nothing). */
function expected(all: readonly RecordedEvent[], options: ReadAllOptions): RecordedEvent[] {
  const after = Number(options.after ?? 0);
  const rows = all.filter(
    (e) =>
      Number(e.position) > after &&
      (!options.eventTypes?.length || options.eventTypes.includes(e.type)) &&
      (!options.streamPrefixes?.length || options.streamPrefixes.some((p) => e.streamName.startsWith(p))),
  );
  return options.maxCount === undefined ? rows : rows.slice(0, options.maxCount);
}

describe('SQLite event store: type index', () => {
  it('a new file gets the current schema version and the events(type_id, position) index', async () => {
    const file = freshFile();
    await openSqliteEventStore(file).dispose();
    const db = new Database(file, { readonly: true });
    expect(SCHEMA_VERSION).toBe(3);
    expect(db.pragma('user_version', { simple: true })).toBe(3);
    expect(indexes(db)).toContain('events_type_position');
    db.close();
  });

  it('the filtered page query seeks the index per type and never scans the log (EXPLAIN QUERY PLAN)', async () => {
    const file = freshFile();
    await openSqliteEventStore(file).dispose();
    const db = new Database(file, { readonly: true });
    const plan = (prefixes: string[], types: string[]) => {
      const q = pageQuery(
        prefixes,
        types.map((_, i) => i + 1),
      );
      return (db.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...q.params(0, 1000)) as { detail: string }[]).map((r) => r.detail);
    };
    for (const [prefixes, types] of [
      [[], ['DealStarted', 'DealScored', 'ScoreCorrected', 'TableOpened', 'TournamentCreated', 'TournamentTableAdded']],
      [[], ['DealScored']],
      [['deal-'], ['DealStarted', 'DealScored']],
    ] as [string[], string[]][]) {
      const detail = plan(prefixes, types);
      // One index range per type (covering unless the stream name must be read for a prefix).
      const ranges = detail.filter((d) => /^SEARCH t USING (COVERING )?INDEX events_type_position \(type_id=\? AND position>\?\)$/.test(d));
      expect(ranges).toHaveLength(types.length);
      expect(detail).toContain('SEARCH e USING INTEGER PRIMARY KEY (rowid=?)');
      expect(detail.filter((d) => /^SCAN (e|t)\b/.test(d))).toEqual([]);
    }
    // Without a type filter the log is read in rowid order from the position on.
    expect(plan(['deal-'], []).filter((d) => /^(SEARCH|SCAN) e\b/.test(d))).toEqual(['SEARCH e USING INTEGER PRIMARY KEY (rowid>?)']);
    db.close();
  });

  it('filtered reads equal the whole log filtered in memory, for any types, prefixes, position, count and page size', async () => {
    const file = freshFile();
    const seeded = openSqliteEventStore(file);
    await fill(seeded, 5, 8);
    const all = await collect(seeded.readAll());
    await seeded.dispose();
    const stores = new Map<string, SqliteEventStore>();
    // tailScanRows 0: every page seeks per type; 1000: every page (the log holds 40) scans the tail; 3: both within one read.
    const storeWithPages = (pageSize: number, tailScanRows: number) => {
      let s = stores.get(`${pageSize}/${tailScanRows}`);
      if (!s) stores.set(`${pageSize}/${tailScanRows}`, (s = openSqliteEventStore(file, { readonly: true, pageSize, tailScanRows })));
      return s;
    };
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.option(fc.array(fc.constantFrom(...TYPES, 'Unknown'), { maxLength: 7 }), { nil: undefined }),
          fc.option(fc.array(fc.constantFrom('deal-', 'table-', 'deal-3', 'nope'), { maxLength: 2 }), { nil: undefined }),
          fc.option(fc.integer({ min: 0, max: all.length + 1 }), { nil: undefined }),
          fc.option(fc.integer({ min: 0, max: 12 }), { nil: undefined }),
          fc.integer({ min: 1, max: 6 }),
          fc.constantFrom(0, 3, 1000),
          async (eventTypes, streamPrefixes, after, maxCount, pageSize, tailScanRows) => {
            const options: ReadAllOptions = { eventTypes, streamPrefixes, after: after === undefined ? undefined : String(after), maxCount };
            const read = await collect(storeWithPages(pageSize, tailScanRows).readAll(options));
            expect(read).toEqual(expected(all, options));
          },
        ),
        { numRuns: 200 },
      );
    } finally {
      for (const s of stores.values()) await s.dispose();
    }
  });

  it('a filtered subscription pages through the index too (types across page boundaries)', async () => {
    const store = openSqliteEventStore(freshFile(), { pageSize: 2 });
    await fill(store, 3, 5);
    const all = await collect(store.readAll());
    const seen: RecordedEvent[] = [];
    await new Promise<void>((resolve, reject) => {
      const sub = store.subscribeToAll(
        { onEvent: (e) => void seen.push(e), onCaughtUp: () => void sub.close().then(resolve, reject), onError: reject },
        { eventTypes: ['DealScored', 'BidMade'] },
      );
    });
    expect(seen).toEqual(expected(all, { eventTypes: ['DealScored', 'BidMade'] }));
    await store.dispose();
  });

  it(`more than ${MAX_SEEK_TYPES} types fall back to one scan with IN (same results)`, async () => {
    const many = Array.from({ length: MAX_SEEK_TYPES + 1 }, (_, i) => (i < TYPES.length ? TYPES[i] : `T${i}`));
    expect(
      pageQuery(
        [],
        many.map((_, i) => i + 1),
      ).sql,
    ).toMatch(/position > \? AND e.type_id IN \(/);
    const store = openSqliteEventStore(freshFile(), { pageSize: 3 });
    await fill(store, 2, 4);
    const all = await collect(store.readAll());
    expect(await collect(store.readAll({ eventTypes: many }))).toEqual(all);
    await store.dispose();
  });
});
