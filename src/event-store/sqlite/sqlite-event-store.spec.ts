/** SQLite-specific behaviour; the port's contract itself is test/event-store/conformance.ts. */
import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { CorruptEventError, InvalidEventError, StoreConfigError, StoreUnavailableError } from '../errors';
import type { NewEvent, RecordedEvent } from '../event-store';
import { verifyStore } from '../integrity/verify-store';
import { createUpcasterRegistry } from '../versioning/upcasting';
import { openSqliteEventStore, SqliteEventStore } from './sqlite-event-store';
import { writeTextForm } from './stored-text-form';

const dir = mkdtempSync(join(tmpdir(), 'skat-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let fileCounter = 0;
const freshFile = () => join(dir, `store-${++fileCounter}.db`);
const ev = (data: unknown = { x: 1 }, type = 'CardPlayed'): NewEvent => ({ type, data, metadata: { eventId: randomUUID() } });
const evs = (n: number) => Array.from({ length: n }, (_, i) => ev({ i, pad: 'p'.repeat(200) }));
const collect = async <T>(it: AsyncIterable<T>) => {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
};

/**
 * chmod 444 makes a file read-only for everyone but root; as root (containers) the immutable
 * attribute does the same. Fails loudly if neither works, rather than testing nothing.
 */
function makeReadOnly(file: string): () => void {
  chmodSync(file, 0o444);
  if (process.getuid?.() !== 0) return () => chmodSync(file, 0o644);
  execFileSync('chattr', ['+i', file]);
  return () => {
    execFileSync('chattr', ['-i', file]);
    chmodSync(file, 0o644);
  };
}

describe('SQLite event store', () => {
  it('runs in WAL mode with synchronous=NORMAL and a busy timeout', async () => {
    const db = new Database(freshFile());
    const store = new SqliteEventStore(db, { busyTimeoutMs: 1234 });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(1234);
    await store.dispose();
  });

  it('releaseMemory keeps a small page cache until its restore, which gives the configured one back', async () => {
    const db = new Database(freshFile());
    const store = new SqliteEventStore(db, { cacheSizeKiB: 8192 });
    await store.appendToStream('s-1', evs(3), { expectedRevision: 'noStream' });
    const restore = store.releaseMemory();
    expect(db.pragma('cache_size', { simple: true })).toBe(-2048);
    // Reading and writing still work while it is small.
    expect((await store.readStream('s-1')).events).toHaveLength(3);
    await store.appendToStream('s-1', evs(1), { expectedRevision: 2n });
    restore();
    expect(db.pragma('cache_size', { simple: true })).toBe(-8192);
    restore();
    expect(db.pragma('cache_size', { simple: true })).toBe(-8192);
    await store.dispose();
    // After dispose, a late restore does nothing (the connection is closed).
    expect(() => store.releaseMemory()).toThrow(StoreUnavailableError);
  });

  it('positions are decimal strings that only grow; bad positions are refused by name', async () => {
    const store = openSqliteEventStore(':memory:');
    const a = await store.appendToStream('s-1', evs(2), { expectedRevision: 'noStream' });
    const b = await store.appendToStream('s-2', evs(1), { expectedRevision: 'noStream' });
    expect([a.position, b.position]).toEqual(['2', '3']);
    expect(store.comparePositions('10', '9')).toBe(1);
    expect(store.comparePositions('0', '1')).toBe(-1);
    expect(() => store.comparePositions('abc', '1')).toThrow(/"abc" is not a position/);
    await expect(collect(store.readAll({ after: '-1' }))).rejects.toThrow(InvalidEventError);
    await expect(collect(store.readAll({ after: '1:2' }))).rejects.toThrow(/not a position/);
    await store.dispose();
  });

  it('pages through the log, streams and subscriptions (page size 7)', async () => {
    const store = openSqliteEventStore(':memory:', { pageSize: 7 });
    for (let s = 0; s < 10; s++) await store.appendToStream(`deal-${s}`, evs(5), { expectedRevision: 'noStream' });
    await store.appendToStream('other-1', evs(3), { expectedRevision: 'noStream' });
    expect(await collect(store.readAll())).toHaveLength(53);
    const deals = await collect(store.readAll({ streamPrefixes: ['deal-'] }));
    expect(deals.map((e) => Number(e.position))).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await collect(store.readAll({ after: '20', maxCount: 15 }))).toHaveLength(15);
    expect(await collect(store.listStreams())).toHaveLength(11);
    expect(await collect(store.listStreams('deal-'))).toEqual(Array.from({ length: 10 }, (_, i) => `deal-${i}`));
    const received: RecordedEvent[] = [];
    await new Promise<void>((resolve) => {
      const sub = store.subscribeToAll({ onEvent: (e) => void received.push(e), onCaughtUp: () => void sub.close().then(resolve) });
    });
    expect(received).toHaveLength(53);
    await store.dispose();
  });

  it('a filtered subscription reports a checkpoint at the head even when nothing matched', async () => {
    const store = openSqliteEventStore(':memory:');
    await store.appendToStream('noise-1', evs(4), { expectedRevision: 'noStream' });
    const checkpoints: string[] = [];
    let caughtUpAt: string | undefined;
    await new Promise<void>((resolve) => {
      const sub = store.subscribeToAll(
        {
          onEvent: () => undefined,
          onCheckpoint: (p) => checkpoints.push(p),
          onCaughtUp: (p) => {
            caughtUpAt = p;
            void sub.close().then(resolve);
          },
        },
        { streamPrefixes: ['deal-'] },
      );
    });
    expect(checkpoints).toEqual(['4']);
    expect(caughtUpAt).toBe('4');
    await store.dispose();
  });

  it('a subscription sees appends made through another connection to the same file (polling)', async () => {
    const file = freshFile();
    const reader = openSqliteEventStore(file, { pollIntervalMs: 20 });
    const writer = openSqliteEventStore(file);
    const received: RecordedEvent[] = [];
    let caught!: () => void;
    const caughtUp = new Promise<void>((r) => (caught = r));
    let got!: () => void;
    const gotTwo = new Promise<void>((r) => (got = r));
    const sub = reader.subscribeToAll({
      onEvent: (e) => {
        received.push(e);
        if (received.length === 2) got();
      },
      onCaughtUp: () => caught(),
    });
    await caughtUp;
    await writer.appendToStream('deal-1', evs(2), { expectedRevision: 'noStream' });
    await gotTwo;
    expect(received.map((e) => e.streamName)).toEqual(['deal-1', 'deal-1']);
    await sub.close();
    await Promise.all([reader.dispose(), writer.dispose()]);
  });

  it('store objects on one file in one process wake each other at once (no waiting for the poll)', async () => {
    const file = freshFile();
    const reader = openSqliteEventStore(file, { pollIntervalMs: 600_000 });
    const writer = openSqliteEventStore(file, { pollIntervalMs: 600_000 });
    let caught!: () => void;
    const caughtUp = new Promise<void>((r) => (caught = r));
    let got!: (e: RecordedEvent) => void;
    const first = new Promise<RecordedEvent>((r) => (got = r));
    const sub = reader.subscribeToAll({ onEvent: (e) => got(e), onCaughtUp: () => caught() });
    await caughtUp;
    await writer.appendToStream('deal-1', evs(1), { expectedRevision: 'noStream' });
    expect((await first).streamName).toBe('deal-1');
    await sub.close();
    await Promise.all([reader.dispose(), writer.dispose()]);
  });

  it('a full disk refuses the append with a clear error and writes none of it', async () => {
    const db = new Database(freshFile());
    const store = new SqliteEventStore(db);
    await store.appendToStream('deal-1', evs(3), { expectedRevision: 'noStream' });
    const pages = db.pragma('page_count', { simple: true }) as number;
    db.pragma(`max_page_count = ${pages + 2}`);
    const err = await store.appendToStream('deal-2', evs(400), { expectedRevision: 'noStream' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreUnavailableError);
    expect((err as Error).message).toMatch(/append to deal-2: the disk is full \(nothing was written\)/);
    expect((await store.readStream('deal-2')).exists).toBe(false);
    expect((await store.readStream('deal-1')).events).toHaveLength(3);
    db.pragma('max_page_count = 1073741823');
    await store.appendToStream('deal-2', evs(400), { expectedRevision: 'noStream' });
    expect((await verifyStore(store)).breaks).toEqual([]);
    await store.dispose();
  });

  it('a store opened read-only reads but refuses appends clearly', async () => {
    const file = freshFile();
    const writer = openSqliteEventStore(file);
    await writer.appendToStream('deal-1', evs(1), { expectedRevision: 'noStream' });
    await writer.dispose();
    const reader = openSqliteEventStore(file, { readonly: true });
    expect((await reader.readStream('deal-1')).events).toHaveLength(1);
    await expect(reader.appendToStream('deal-1', evs(1), { expectedRevision: 0n })).rejects.toThrow(/append to deal-1: the store was opened read-only/);
    await reader.dispose();
  });

  it('a read-only database file is refused at open with a clear error; read-only mode still reads it', async () => {
    const file = freshFile();
    const writer = openSqliteEventStore(file);
    await writer.appendToStream('deal-1', evs(1), { expectedRevision: 'noStream' });
    await writer.dispose();
    const undo = makeReadOnly(file);
    try {
      expect(() => openSqliteEventStore(file)).toThrow(StoreUnavailableError);
      expect(() => openSqliteEventStore(file)).toThrow(/cannot open SQLite store .*: the database file is read-only/);
      const reader = openSqliteEventStore(file, { readonly: true });
      expect((await reader.readStream('deal-1')).events).toHaveLength(1);
      await reader.dispose();
    } finally {
      undo();
    }
  });

  it('a missing file is refused (and not created) when it must exist', () => {
    const file = join(dir, 'nowhere', 'none.db');
    expect(() => openSqliteEventStore(file, { mustExist: true })).toThrow(StoreUnavailableError);
    expect(() => openSqliteEventStore(file, { readonly: true })).toThrow(/the file does not exist/);
    expect(existsSync(file)).toBe(false);
  });

  it('files that are not event stores are refused by name', async () => {
    const text = freshFile();
    writeFileSync(text, 'this is not a database, just some text that is long enough to look like a header '.repeat(20));
    expect(() => openSqliteEventStore(text)).toThrow(/not a valid SQLite database/);
    const foreign = freshFile();
    const db = new Database(foreign);
    db.exec('CREATE TABLE customers (id INTEGER)');
    db.close();
    expect(() => openSqliteEventStore(foreign)).toThrow(StoreConfigError);
    expect(() => openSqliteEventStore(foreign)).toThrow(/not a Skat Ledger event store/);
    const future = freshFile();
    await openSqliteEventStore(future).dispose();
    const raw = new Database(future);
    raw.pragma('user_version = 99');
    raw.close();
    expect(() => openSqliteEventStore(future)).toThrow(/schema version 99/);
  });

  it('a write lock held too long by another process is a clear error, not a hang', async () => {
    const file = freshFile();
    const store = openSqliteEventStore(file, { busyTimeoutMs: 50 });
    const other = new Database(file);
    other.exec('BEGIN IMMEDIATE');
    await expect(store.appendToStream('deal-1', evs(1), { expectedRevision: 'noStream' })).rejects.toThrow(/locked by another writer/);
    other.exec('ROLLBACK');
    other.close();
    await store.appendToStream('deal-1', evs(1), { expectedRevision: 'noStream' });
    await store.dispose();
  });

  it('an event id already used in another stream is refused, naming where it is', async () => {
    const store = openSqliteEventStore(':memory:');
    const e = ev();
    await store.appendToStream('deal-1', [e], { expectedRevision: 'noStream' });
    const err = await store.appendToStream('deal-2', [ev(), e], { expectedRevision: 'noStream' }).catch((x: unknown) => x);
    expect(err).toBeInstanceOf(InvalidEventError);
    expect((err as Error).message).toMatch(/already recorded \(stream deal-1, revision 0\)/);
    expect((await store.readStream('deal-2')).exists).toBe(false);
    await store.dispose();
  });

  it('appendMany is one transaction: a conflict or a reused id in a later batch leaves every batch unwritten', async () => {
    const store = openSqliteEventStore(':memory:');
    await store.appendToStream('taken', evs(1), { expectedRevision: 'noStream' });
    const conflict = await store
      .appendMany([
        { streamName: 'first', events: evs(2), expectedRevision: 'noStream' },
        { streamName: 'taken', events: evs(1), expectedRevision: 'noStream' },
      ])
      .catch((e: unknown) => e);
    expect((conflict as Error).name).toBe('ConcurrencyError');
    const reused = ev();
    const idTwice = await store
      .appendMany([
        { streamName: 'first', events: [reused], expectedRevision: 'noStream' },
        { streamName: 'second', events: [{ ...reused }], expectedRevision: 'noStream' },
      ])
      .catch((e: unknown) => e);
    expect(idTwice).toBeInstanceOf(InvalidEventError);
    expect((idTwice as Error).message).toMatch(/already recorded \(stream first, revision 0\)/);
    for (const s of ['first', 'second']) expect((await store.readStream(s)).exists).toBe(false);
    expect(await collect(store.listStreams())).toEqual(['taken']);
    await store.dispose();
  });

  it('prepareNewStream: a batch sealed ahead is stored exactly as the same append, all or nothing, and a repeat is recognised', async () => {
    const clock = () => new Date('2026-12-01T08:00:00.000Z');
    const sealedStore = openSqliteEventStore(':memory:', { now: clock });
    const plainStore = openSqliteEventStore(':memory:', { now: clock });
    const events = evs(3);
    const sealed = sealedStore.prepareNewStream('deal-a', events);
    expect(sealed.size).toBe(3);
    await sealedStore.appendMany([sealed]);
    await plainStore.appendMany([{ streamName: 'deal-a', events, expectedRevision: 'noStream' }]);
    const rows = async (store: SqliteEventStore) => (await store.readStream('deal-a', { raw: true })).events.map((e) => [e.eventId, e.type, e.storedForm]);
    expect(await rows(sealedStore)).toEqual(await rows(plainStore));
    expect((await verifyStore(sealedStore)).breaks).toEqual([]);
    // The same sealed batch again reports the original result and writes nothing (a retried flush).
    expect(await sealedStore.appendMany([sealed])).toEqual([{ nextExpectedRevision: 2n, position: '3' }]);
    // Other events for a stream that exists now: a conflict, and the batch before it is not written either.
    const late = sealedStore.prepareNewStream('deal-a', evs(1));
    const refused = await sealedStore.appendMany([sealedStore.prepareNewStream('deal-c', evs(1)), late]).catch((e: unknown) => e);
    expect((refused as Error).name).toBe('ConcurrencyError');
    expect((await sealedStore.readStream('deal-c')).exists).toBe(false);
    // Another store appends the rebuilt events (chained afresh).
    await plainStore.appendMany([sealedStore.prepareNewStream('deal-d', evs(2))]);
    expect((await plainStore.readStream('deal-d')).events).toHaveLength(2);
    expect(() => sealedStore.newStreamSealing.adopt('deal-e', ['x'], 'nothex')).toThrow(InvalidEventError);
    expect(() => sealedStore.prepareNewStream('deal-e', [])).toThrow(InvalidEventError);
    await sealedStore.dispose();
    await plainStore.dispose();
  });

  it('a smaller event size limit is honoured', async () => {
    const store = openSqliteEventStore(':memory:', { maxEventBytes: 1000 });
    await expect(store.appendToStream('deal-1', [ev({ s: 'x'.repeat(2000) })], { expectedRevision: 'any' })).rejects.toThrow(/over the limit of 1000 bytes/);
    await store.dispose();
  });

  it('unreadable stored JSON is a CorruptEventError naming the event; raw reads hand the bytes to verify', async () => {
    const file = freshFile();
    const store = openSqliteEventStore(file);
    const e = ev();
    await store.appendToStream('deal-1', [e], { expectedRevision: 'noStream' });
    const raw = new Database(file);
    writeTextForm(raw, 1, { data: '{broken' });
    raw.close();
    const err = await store.readStream('deal-1').catch((x: unknown) => x);
    expect(err).toBeInstanceOf(CorruptEventError);
    expect((err as Error).message).toContain(`Stream deal-1 revision 0 (event ${e.metadata.eventId})`);
    const rawRead = await store.readStream('deal-1', { raw: true });
    expect(rawRead.events[0].storedForm?.data).toBe('{broken');
    const report = await verifyStore(store);
    expect(report.breaks).toEqual([{ streamName: 'deal-1', revision: '0', eventId: e.metadata.eventId, reason: 'stored data is not valid JSON' }]);
    await store.dispose();
  });

  it('lazyMetadata: readAll gives the same events, metadata parsed on first access', async () => {
    const store = openSqliteEventStore(':memory:');
    await store.appendToStream('deal-1', evs(3), { expectedRevision: 'noStream' });
    await store.appendToStream('deal-2', [ev({ y: 2 }, 'DealStarted')], { expectedRevision: 'noStream' });
    const eager = await collect(store.readAll());
    const lazy = await collect(store.readAll({ lazyMetadata: true }));
    expect(lazy.map((e) => [e.streamName, e.type, e.data, e.eventId, e.revision, e.position, e.metadata])).toEqual(
      eager.map((e) => [e.streamName, e.type, e.data, e.eventId, e.revision, e.position, e.metadata]),
    );
    expect(lazy[0].metadata).toBe(lazy[0].metadata); // parsed once
    expect(lazy[3].metadata.hash).toMatch(/^[0-9a-f]{64}$/);
    await store.dispose();
  });

  it('lazyMetadata: a store with upcasters still upcasts (it needs the metadata at once)', async () => {
    const upcasters = createUpcasterRegistry([
      { eventType: 'CardPlayed', fromVersion: '1', toVersion: '2', upcast: (data) => ({ ...(data as object), v2: true }) },
    ]);
    const store = openSqliteEventStore(':memory:', { upcasters });
    await store.appendToStream('deal-1', [ev()], { expectedRevision: 'noStream' });
    const [lazy] = await collect(store.readAll({ lazyMetadata: true }));
    expect(lazy.data).toEqual({ x: 1, v2: true });
    expect(lazy.metadata.schemaVersion).toBe('2');
    await store.dispose();
  });

  it('lazyMetadata: unreadable metadata is a CorruptEventError naming the event when it is read', async () => {
    const file = freshFile();
    const store = openSqliteEventStore(file);
    const e = ev();
    await store.appendToStream('deal-1', [e], { expectedRevision: 'noStream' });
    const raw = new Database(file);
    writeTextForm(raw, 1, { metadata: '[oops' });
    raw.close();
    await expect(collect(store.readAll())).rejects.toBeInstanceOf(CorruptEventError);
    const [lazy] = await collect(store.readAll({ lazyMetadata: true }));
    expect(lazy.data).toEqual({ x: 1 });
    expect(() => lazy.metadata).toThrow(CorruptEventError);
    expect(() => lazy.metadata).toThrow(`Stream deal-1 revision 0 (event ${e.metadata.eventId})`);
    await store.dispose();
  });

  it('after dispose every call fails clearly and open subscriptions are closed', async () => {
    const store = openSqliteEventStore(':memory:');
    let caught!: () => void;
    const caughtUp = new Promise<void>((r) => (caught = r));
    store.subscribeToAll({ onEvent: () => undefined, onCaughtUp: () => caught() });
    await caughtUp;
    await store.dispose();
    await expect(store.appendToStream('deal-1', evs(1), { expectedRevision: 'any' })).rejects.toThrow(/closed/);
    await expect(store.readStream('deal-1')).rejects.toThrow(StoreUnavailableError);
  });

  it('refuses a bad expected revision, stream name, direction or count', async () => {
    const store = openSqliteEventStore(':memory:');
    await expect(store.appendToStream('d-1', evs(1), { expectedRevision: -1n })).rejects.toThrow(TypeError);
    await expect(store.appendToStream('d-1', evs(1), { expectedRevision: 3 as unknown as bigint })).rejects.toThrow(/expectedRevision/);
    await expect(store.appendToStream('', evs(1), { expectedRevision: 'any' })).rejects.toThrow(/stream name/);
    await expect(store.readStream('d-1', { direction: 'sideways' as 'forwards' })).rejects.toThrow(/direction/);
    await expect(store.readStream('d-1', { maxCount: -2 })).rejects.toThrow(/maxCount/);
    await expect(store.readStream('d-1', { fromRevision: 2 as unknown as bigint })).rejects.toThrow(/fromRevision/);
    await store.dispose();
  });
});
