import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { readTextForm, writeTextForm, type TextFormEvent } from '../../event-store/sqlite/stored-text-form';
import { runCli } from '../main';
import { eventIdFor } from '../../event-store/event-ids';
import { openEventStore } from '../../event-store/store-url';
import { capturedIo as io } from '../testing/captured-io';

const dir = mkdtempSync(join(tmpdir(), 'skat-verify-cli-'));
const file = join(dir, 'store.db');
const url = `sqlite:${file}`;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  const store = await openEventStore(url);
  const streams = { 'deal-a1': 3, 'deal-a2': 2, 'table-t1': 1 };
  for (const [name, n] of Object.entries(streams)) {
    await store.appendToStream(
      name,
      Array.from({ length: n }, (_, i) => ({ type: 'Noted', data: { i }, metadata: { eventId: eventIdFor(`cmd-${name}`, i) } })),
      { expectedRevision: 'noStream' },
    );
  }
  await store.dispose();
  // Break the table stream's chain: only a check that includes it may report it.
  const db = new Database(file);
  writeTextForm(db, (readTextForm(db, { streamName: 'table-t1', revision: 0 }) as TextFormEvent).position, { data: '{"i":9}' });
  db.close();
});

describe('skat-ledger verify --stream-prefix', () => {
  it('checks only the streams with the prefix and names it (human output)', async () => {
    const t = io();
    expect(await runCli(['verify', '--store', url, '--stream-prefix', 'deal-'], t.io)).toBe(0);
    expect(t.text().stdout).toContain('(streams starting with "deal-"): 2 streams (2 deal), 5 events checked; every hash chain holds');
  });

  it('reports a break inside the prefix with exit 1, and --json carries the prefix', async () => {
    const t = io();
    expect(await runCli(['verify', '--store', url, '--stream-prefix=table-', '--json'], t.io)).toBe(1);
    const report = JSON.parse(t.text().stdout);
    expect(report).toMatchObject({ ok: false, streamPrefix: 'table-', streams: 1, events: 1 });
    expect(report.breaks).toEqual([expect.objectContaining({ streamName: 'table-t1', revision: '0' })]);
  });

  it('without the option checks every stream (the break is found)', async () => {
    const t = io();
    expect(await runCli(['verify', '--store', url, '--json'], t.io)).toBe(1);
    const report = JSON.parse(t.text().stdout);
    expect(report).toMatchObject({ streams: 3, events: 6 });
    expect(report).not.toHaveProperty('streamPrefix');
  });

  it('a prefix no stream has checks nothing and passes', async () => {
    const t = io();
    expect(await runCli(['verify', '--store', url, '--stream-prefix', 'tournament-'], t.io)).toBe(0);
    expect(t.text().stdout).toContain('0 streams, 0 events checked');
  });

  it('refuses an empty or missing prefix with exit 2', async () => {
    const a = io();
    expect(await runCli(['verify', '--store', url, '--stream-prefix='], a.io)).toBe(2);
    expect(a.text().stderr).toMatch(/--stream-prefix needs a non-empty prefix/);
    const b = io();
    expect(await runCli(['verify', '--store', url, '--stream-prefix'], b.io)).toBe(2);
    expect(b.text().stderr).toMatch(/--stream-prefix needs a value/);
  });
});
