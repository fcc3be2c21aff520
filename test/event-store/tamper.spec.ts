/**
 * Tampering: any byte of an event's data or metadata changed in the SQLite file directly (outside
 * the product) makes `verify` fail and name the event; so do deleted, reordered or re-typed events.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runCli } from '../../src/cli/main';
import { eventIdFor } from '../../src/event-store/event-ids';
import { verifyStore } from '../../src/event-store/integrity/verify-store';
import { openEventStore } from '../../src/event-store/store-url';
import { deleteStoredEvents, readTextForm, writeTextForm, type TextFormEvent } from '../../src/event-store/sqlite/stored-text-form';
import { capturedIo as io } from '../../src/cli/testing/captured-io';

const dir = mkdtempSync(join(tmpdir(), 'skat-tamper-'));
const file = join(dir, 'store.db');
const url = `sqlite:${file}`;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  const store = await openEventStore(url);
  for (let deal = 1; deal <= 3; deal++) {
    await store.appendToStream(
      `skatDeal-${deal}`,
      Array.from({ length: 6 }, (_, i) => ({
        type: i === 0 ? 'DealStarted' : 'CardPlayed',
        data: { deal, seat: ['forehand', 'middlehand', 'rearhand'][i % 3], card: `C${i}`, points: i * 1.5, note: 'Grüß\u0001' },
        metadata: {
          eventId: eventIdFor(`cmd-${deal}`, i),
          commandId: `cmd-${deal}`,
          actorId: 'arbiter-1',
          source: 'import:iss',
          schemaVersion: '1',
          rulesVersion: 'isa-2024',
        },
      })),
      { expectedRevision: 'noStream' },
    );
  }
  await store.dispose();
});

/** Runs `check` against the file as `mutate` left it, then puts the untouched bytes back. */
function withTampered<T>(mutate: (db: Database.Database) => void, check: () => Promise<T>): Promise<T> {
  const pristine = readFileSync(file);
  const db = new Database(file);
  db.pragma('synchronous = OFF'); // the test restores the file anyway; skip the fsyncs
  mutate(db);
  db.close(); // checkpoints the WAL into the file and removes it
  return check().finally(() => {
    for (const side of ['-wal', '-shm']) rmSync(file + side, { force: true });
    writeFileSync(file, pristine);
  });
}

async function verifyFile() {
  const store = await openEventStore(url, { readonly: true });
  try {
    return await verifyStore(store);
  } finally {
    await store.dispose();
  }
}

/** The event the cases alter, in the text form it was hashed over (the file stores it compactly). */
function target(): TextFormEvent {
  const db = new Database(file, { readonly: true });
  const row = readTextForm(db, { streamName: 'skatDeal-2', revision: 3 }) as TextFormEvent;
  db.close();
  return row;
}

const flip = (text: string, i: number) => text.slice(0, i) + String.fromCharCode(text.charCodeAt(i) ^ 1) + text.slice(i + 1);

describe('verify on an untouched store', () => {
  it('every chain holds (3 streams, 18 events, no breaks)', async () => {
    expect(await verifyFile()).toMatchObject({ streams: 3, events: 18, breaks: [] });
  });
});

describe('tampering with the SQLite file directly', () => {
  it("changing any single character of one event's data is caught and names that event", async () => {
    const row = target();
    for (let i = 0; i < row.data.length; i++) {
      const report = await withTampered((db) => writeTextForm(db, row.position, { data: flip(row.data, i) }), verifyFile);
      expect({ i, named: report.breaks.map((b) => [b.streamName, b.revision, b.eventId]) }).toEqual({
        i,
        named: expect.arrayContaining([['skatDeal-2', '3', row.eventId]]),
      });
    }
  });

  it("changing any single character of one event's metadata is caught and names that event", async () => {
    const row = target();
    for (let i = 0; i < row.metadata.length; i++) {
      const report = await withTampered((db) => writeTextForm(db, row.position, { metadata: flip(row.metadata, i) }), verifyFile);
      const named = report.breaks.filter((b) => b.streamName === 'skatDeal-2' && b.revision === '3' && b.eventId === row.eventId);
      expect({ i, caught: named.length > 0 }).toEqual({ i, caught: true });
    }
  });

  it('value-preserving rewrites of the stored JSON (escapes, spaces, key order) are caught too', async () => {
    const row = target();
    const rewrites = [
      row.data.replace('"C3"', '"\\u00433"'), // the same string, spelled with an escape
      row.data.replace(',', ', '), // a space after a comma
      JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(row.data)).reverse())),
    ];
    for (const rewrite of rewrites) {
      expect(JSON.parse(rewrite)).toEqual(JSON.parse(row.data));
      expect(rewrite).not.toBe(row.data);
      const report = await withTampered((db) => writeTextForm(db, row.position, { data: rewrite }), verifyFile);
      expect(report.breaks.map((b) => b.reason)).toEqual([expect.stringMatching(/canonical form/)]);
      expect(report.breaks[0].eventId).toBe(row.eventId);
    }
  });

  it('a truncated stream (last event gone) and an emptied stream are caught by the stream record', async () => {
    const truncated = await withTampered((db) => deleteStoredEvents(db, { streamName: 'skatDeal-3', revision: 5 }), verifyFile);
    expect(truncated.breaks).toEqual([
      expect.objectContaining({ streamName: 'skatDeal-3', revision: '4', reason: expect.stringMatching(/recorded as 5 but its events end at 4/) }),
    ]);
    const emptied = await withTampered((db) => deleteStoredEvents(db, { streamName: 'skatDeal-3' }), verifyFile);
    expect(emptied.breaks).toEqual([expect.objectContaining({ streamName: 'skatDeal-3', reason: expect.stringMatching(/has no events/) })]);
  });

  it('a changed type, a changed event id, a deleted and a re-ordered event are each caught', async () => {
    const row = target();
    const cases: ((db: Database.Database) => void)[] = [
      (db) => writeTextForm(db, row.position, { type: 'DealScored' }),
      (db) => writeTextForm(db, row.position, { eventId: '00000000-0000-4000-8000-000000000000' }),
      (db) => deleteStoredEvents(db, { position: row.position }),
      (db) => {
        const other = readTextForm(db, { streamName: 'skatDeal-2', revision: 4 }) as TextFormEvent;
        writeTextForm(db, row.position, { data: other.data, metadata: other.metadata });
      },
    ];
    for (const mutate of cases) {
      const report = await withTampered(mutate, verifyFile);
      expect(report.breaks.length).toBeGreaterThan(0);
      expect(report.breaks.every((b) => b.streamName === 'skatDeal-2')).toBe(true);
    }
  });
});

describe('skat-ledger verify (CLI)', () => {
  it('exits 0 on an intact store and says so', async () => {
    const t = io();
    expect(await runCli(['verify', '--store', url], t.io)).toBe(0);
    expect(t.text().stdout).toMatch(/3 streams \([^)]*\), 18 events checked; every hash chain holds/);
  });

  it('exits 1 on a tampered store and names stream, revision and event id (human and --json)', async () => {
    const row = target();
    const tamper = (db: Database.Database) => writeTextForm(db, row.position, { data: row.data.replace('"C3"', '"C4"') });
    const human = io();
    expect(await withTampered(tamper, () => runCli(['verify', '--store', url], human.io))).toBe(1);
    expect(human.text().stdout).toContain(`stream skatDeal-2  revision 3  event ${row.eventId}`);
    const json = io();
    expect(await withTampered(tamper, () => runCli(['verify', '--store', url, '--json'], json.io))).toBe(1);
    const parsed = JSON.parse(json.text().stdout);
    expect(parsed.ok).toBe(false);
    expect(parsed.breaks).toEqual([{ streamName: 'skatDeal-2', revision: '3', eventId: row.eventId, reason: expect.stringMatching(/hash does not match/) }]);
  });

  it('takes the store from SKAT_LEDGER_STORE when --store is absent', async () => {
    const t = io();
    expect(await runCli(['verify', '--json'], { ...t.io, env: { SKAT_LEDGER_STORE: url } })).toBe(0);
    expect(JSON.parse(t.text().stdout)).toMatchObject({ ok: true, streams: 3, events: 18 });
  });

  it('exits 2 with a clear error for a missing file (and does not create it), an unknown URL and a bad option', async () => {
    const missing = join(dir, 'absent', 'none.db');
    const a = io();
    expect(await runCli(['verify', '--store', `sqlite:${missing}`], a.io)).toBe(2);
    expect(a.text().stderr).toMatch(/does not exist/);
    expect(existsSync(missing)).toBe(false);
    const b = io();
    expect(await runCli(['verify', '--store', 'postgres://x/y'], b.io)).toBe(2);
    expect(b.text().stderr).toMatch(/unknown store URL postgres:\/\/x\/y .*sqlite:<path>/);
    const c = io();
    expect(await runCli(['verify', '--frobnicate'], c.io)).toBe(2);
  });
});
