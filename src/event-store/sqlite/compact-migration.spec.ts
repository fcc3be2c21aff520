/** Files of the text layout (schema versions 1 and 2) migrated to the compact one (version 3). */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { StoreConfigError } from '../errors';
import { eventIdFor, streamEventIdFor } from '../event-ids';
import type { NewEvent, RecordedEvent } from '../event-store';
import { verifyStore } from '../integrity/verify-store';
import { SCHEMA_V2_SQL, SKAT_LEDGER_APPLICATION_ID } from './schema';
import { openSqliteEventStore, SqliteEventStore } from './sqlite-event-store';

const dir = mkdtempSync(join(tmpdir(), 'skat-sqlite-migrate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let fileCounter = 0;
const freshFile = () => join(dir, `store-${++fileCounter}.db`);
const collect = async (it: AsyncIterable<RecordedEvent>) => {
  const out: RecordedEvent[] = [];
  for await (const x of it) out.push(x);
  return out;
};

/** Imports' ids (the k-th event of a command), live commands' (scoped to the stream) and random ones, interleaved. */
async function fill(store: SqliteEventStore): Promise<void> {
  const data = (i: number) => ({ card: 'SA', seat: i % 3, trick: i, note: 'Grüß\u0001', big: 2 ** 40 + i, ratio: i / 3, at: '2010-12-06T18:59:24Z' });
  for (let d = 0; d < 3; d++) {
    const commandId = `import:iss:${d}`;
    await store.appendToStream(
      `deal-${d}`,
      Array.from({ length: 5 }, (_, i) => ({
        type: i ? 'CardPlayed' : 'DealStarted',
        data: data(i),
        metadata: { eventId: eventIdFor(commandId, i), commandId, source: 'import:iss' },
      })),
      { expectedRevision: 'noStream' },
    );
    await store.appendToStream(
      `table-${d}`,
      [
        {
          type: 'Noted',
          data: { d },
          metadata: { eventId: streamEventIdFor(`table-${d}`, `c${d}`, 0), commandId: `c${d}`, occurredAt: `2026-01-0${d + 1}T10:00:00.123Z` },
        },
      ],
      { expectedRevision: 'any' },
    );
    await store.appendToStream(`deal-${d}`, [{ type: 'Free', data: { lone: '\ud800' }, metadata: { eventId: randomUUID() } }], { expectedRevision: 4n });
  }
}

/** The same events in the text layout of version 2: the rows the store wrote before the compact one. */
async function writeTextLayout(from: SqliteEventStore, file: string, version = 2): Promise<void> {
  const db = new Database(file);
  db.exec(SCHEMA_V2_SQL);
  if (version === 1) db.exec('DROP INDEX events_type_position');
  db.pragma(`application_id = ${SKAT_LEDGER_APPLICATION_ID}`);
  db.pragma(`user_version = ${version}`);
  const events = db.prepare('INSERT INTO events (position, stream_name, revision, event_id, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const streams = db.prepare('INSERT INTO streams (stream_name, current_revision, last_hash) VALUES (?, ?, ?)');
  for await (const name of from.listStreams()) {
    const read = await from.readStream(name, { raw: true });
    const last = read.events[read.events.length - 1];
    streams.run(name, Number(read.currentRevision), last.metadata.hash);
  }
  for (const e of await collect(from.readAll())) {
    const raw = (await from.readStream(e.streamName, { raw: true, fromRevision: e.revision, maxCount: 1 })).events[0];
    events.run(Number(e.position), e.streamName, Number(e.revision), e.eventId, e.type, raw.storedForm?.data, raw.storedForm?.metadata);
  }
  db.close();
}

async function textLayoutFile(version = 2): Promise<{ file: string; before: RecordedEvent[] }> {
  const source = openSqliteEventStore(':memory:');
  await fill(source);
  const before = await collect(source.readAll());
  const file = freshFile();
  await writeTextLayout(source, file, version);
  await source.dispose();
  return { file, before };
}

describe('SQLite event store: migration of the text layout', () => {
  it.each([1, 2])('a version %i file opened for writing reads the same events at the same positions, every chain holds, appends go on', async (version) => {
    const { file, before } = await textLayoutFile(version);
    const store = openSqliteEventStore(file);
    expect(await collect(store.readAll())).toEqual(before);
    expect((await verifyStore(store)).breaks).toEqual([]);
    const next = await store.appendToStream('deal-0', [{ type: 'Noted', data: null, metadata: { eventId: randomUUID() } }], { expectedRevision: 5n });
    expect(Number(next.position)).toBeGreaterThan(Number(before[before.length - 1].position));
    await store.dispose();
    const db = new Database(file, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(3);
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name LIKE '%_text'").pluck().get()).toBe(0);
    db.close();
  });

  it('a damaged file keeps its damage: verify names the same events after the migration as before', async () => {
    const { file } = await textLayoutFile();
    const db = new Database(file);
    db.prepare(`UPDATE events SET data = replace(data, '"SA"', '"SK"') WHERE stream_name = 'deal-1' AND revision = 2`).run();
    db.prepare(`UPDATE events SET data = replace(data, ',', ', ') WHERE stream_name = 'deal-2' AND revision = 3`).run();
    db.prepare(`UPDATE events SET metadata = replace(metadata, 'import:iss"', 'import:isx"') WHERE stream_name = 'deal-0' AND revision = 1`).run();
    db.prepare(`DELETE FROM events WHERE stream_name = 'table-2'`).run();
    db.close();
    const store = openSqliteEventStore(file);
    const breaks = (await verifyStore(store)).breaks.map((b) => [b.streamName, b.revision, b.reason]);
    expect(breaks).toEqual([
      ['deal-0', '1', expect.stringMatching(/hash does not match/)],
      ['deal-1', '2', expect.stringMatching(/hash does not match/)],
      ['deal-2', '3', expect.stringMatching(/canonical form/)],
      ['table-2', '-1', expect.stringMatching(/has no events/)],
    ]);
    await store.dispose();
  });

  it('a read-only open refuses a file of the text layout and names the command that migrates it; the file is untouched', async () => {
    const { file } = await textLayoutFile();
    const bytes = readFileSync(file);
    const open = () => openSqliteEventStore(file, { readonly: true });
    expect(open).toThrow(StoreConfigError);
    expect(open).toThrow(/text layout of an earlier version.*skat-ledger migrate-store/);
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  it('a migration that fails part way (the disk full) leaves the file as it was; the next open migrates it', async () => {
    const { file, before } = await textLayoutFile();
    const db = new Database(file);
    const pages = db.pragma('page_count', { simple: true }) as number;
    db.pragma(`max_page_count = ${pages + 2}`);
    expect(() => new SqliteEventStore(db)).toThrow(/full/i);
    db.close();
    const check = new Database(file, { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(2);
    expect(check.prepare('SELECT count(*) FROM events').pluck().get()).toBe(before.length);
    check.close();
    const store = openSqliteEventStore(file);
    expect(await collect(store.readAll())).toEqual(before);
    await store.dispose();
  });

  it('stores what it cannot derive as it was given: random ids, a lone surrogate in the data', async () => {
    const store = openSqliteEventStore(freshFile());
    const event: NewEvent = { type: 'Free', data: { lone: '\udc00x', n: -0, f: 1e-7 }, metadata: { eventId: randomUUID(), commandId: 'not-the-source' } };
    await store.appendToStream('s-1', [event], { expectedRevision: 'noStream' });
    const [read] = (await store.readStream('s-1')).events;
    expect(read.data).toEqual({ lone: '\udc00x', n: 0, f: 1e-7 });
    expect(read.eventId).toBe(event.metadata.eventId);
    expect((await verifyStore(store)).breaks).toEqual([]);
    await store.dispose();
  });
});
