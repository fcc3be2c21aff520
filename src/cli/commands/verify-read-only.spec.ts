/**
 * `skat-ledger verify` on a SQLite store that cannot be written (issue 13, item 8): a store in a
 * read-only folder, and a read-only file, are checked without creating or changing any file.
 *
 * The tests run as root here, where chmod stops no write. Each test therefore proves that the
 * folder really refuses writes (a probe file must fail) before it verifies: with chmod when not
 * root, else with the immutable flag (chattr +i), else by running the CLI as user `nobody`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { eventIdFor } from '../../event-store/event-ids';
import { openEventStore } from '../../event-store/store-url';
import { runCliCaptured } from '../testing/captured-io';

const root = mkdtempSync(join(tmpdir(), 'skat-verify-ro-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const NOBODY = 65534;
const cliMain = resolve(__dirname, '..', '..', '..', 'dist', 'cli', 'main.js');

type Technique = 'chmod' | 'immutable' | 'nobody';
interface Locked {
  readonly technique: Technique;
  undo(): void;
}

/** Can this process create a file in `dir`? */
function canWrite(dir: string): boolean {
  const probe = join(dir, '.probe');
  try {
    writeFileSync(probe, 'x');
    rmSync(probe);
    return true;
  } catch {
    return false;
  }
}

/** Makes `dir` (and the files named) read-only in a way that really stops this process, or `nobody`. */
function lockDown(dir: string, files: readonly string[]): Locked {
  for (const f of files) chmodSync(f, 0o444);
  chmodSync(dir, 0o555);
  const unchmod = () => {
    chmodSync(dir, 0o755);
    for (const f of files) chmodSync(f, 0o644);
  };
  if (!canWrite(dir)) return { technique: 'chmod', undo: unchmod };
  try {
    execFileSync('chattr', ['+i', ...files, dir], { stdio: 'ignore' });
    if (!canWrite(dir)) {
      return {
        technique: 'immutable',
        undo: () => {
          execFileSync('chattr', ['-i', ...files, dir], { stdio: 'ignore' });
          unchmod();
        },
      };
    }
    execFileSync('chattr', ['-i', ...files, dir], { stdio: 'ignore' });
  } catch {
    /* no chattr, or a file system without the flag */
  }
  // Root without the immutable flag: chmod does stop an unprivileged user.
  return { technique: 'nobody', undo: unchmod };
}

/** Runs `verify --json` as this process, or as `nobody` when only that user is stopped by the modes. */
async function verify(locked: Locked, url: string): Promise<{ code: number; stdout: string; stderr: string }> {
  if (locked.technique !== 'nobody') return runCliCaptured(['verify', '--store', url, '--json']);
  const run = spawnSync(process.execPath, [cliMain, 'verify', '--store', url, '--json'], {
    uid: NOBODY,
    gid: NOBODY,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '' },
    timeout: 60_000,
  });
  return { code: run.status ?? -1, stdout: run.stdout, stderr: run.stderr };
}

/** What a folder holds, byte for byte: any file created, removed or changed shows. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    out[name] = `${createHash('sha256').update(readFileSync(p)).digest('hex')} ${statSync(p).mtimeMs}`;
  }
  return out;
}

/** A folder (traversable by `nobody`) with a store of three streams written through the product. */
async function storeIn(name: string): Promise<{ dir: string; file: string; url: string }> {
  const dir = join(root, name);
  execFileSync('mkdir', ['-p', dir]);
  chmodSync(root, 0o755);
  const file = join(dir, 'store.db');
  const url = `sqlite:${file}`;
  const store = await openEventStore(url);
  for (const [stream, n] of Object.entries({ 'deal-a1': 3, 'deal-a2': 2, 'table-t1': 1 })) {
    await store.appendToStream(
      stream,
      Array.from({ length: n }, (_, i) => ({ type: 'Noted', data: { i }, metadata: { eventId: eventIdFor(`cmd-${stream}`, i) } })),
      { expectedRevision: 'noStream' },
    );
  }
  await store.dispose();
  return { dir, file, url };
}

describe('skat-ledger verify on a store that cannot be written', () => {
  it('a store closed by the product verifies in a read-only folder, read-only itself, and no file is created or changed', async () => {
    const { dir, file, url } = await storeIn('closed');
    // The last writer left it in rollback-journal mode: nothing beside the file.
    expect(readdirSync(dir)).toEqual(['store.db']);
    const before = snapshot(dir);
    const locked = lockDown(dir, [file]);
    try {
      const r = await verify(locked, url);
      expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
      expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, streams: 3, events: 6, breaks: [] });
      expect(snapshot(dir)).toEqual(before);
    } finally {
      locked.undo();
    }
  });

  it('a read-only file in a writable folder verifies without creating a -wal or -shm beside it', async () => {
    const { dir, file, url } = await storeIn('file-only');
    const before = snapshot(dir);
    chmodSync(file, 0o444);
    try {
      const r = await runCliCaptured(['verify', '--store', url, '--json']);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, events: 6 });
      expect(snapshot(dir)).toEqual(before);
    } finally {
      chmodSync(file, 0o644);
    }
  });

  it('a store a writer still holds open (WAL with its -shm) verifies in a read-only folder, the events still in the WAL included', async () => {
    const { dir, file, url } = await storeIn('writer-open');
    const writer = await openEventStore(url);
    try {
      await writer.appendToStream('deal-a3', [{ type: 'Noted', data: { i: 0 }, metadata: { eventId: eventIdFor('cmd-deal-a3', 0) } }], {
        expectedRevision: 'noStream',
      });
      expect(readdirSync(dir).sort()).toEqual(['store.db', 'store.db-shm', 'store.db-wal']);
      const before = snapshot(dir);
      const locked = lockDown(dir, [file]);
      try {
        const r = await verify(locked, url);
        expect(r.code).toBe(0);
        expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, streams: 4, events: 7 });
        expect(Object.keys(snapshot(dir))).toEqual(Object.keys(before));
      } finally {
        locked.undo();
      }
    } finally {
      await writer.dispose();
    }
  });

  it('a WAL-mode file without its -shm in a read-only folder is refused with exit 2 and says why and what to do', async () => {
    const { dir, file, url } = await storeIn('wal-at-rest');
    // As an older version left a cleanly closed store: WAL mode in the header, no -wal or -shm.
    const old = new Database(file);
    old.pragma('journal_mode = WAL');
    old.close();
    expect(readdirSync(dir)).toEqual(['store.db']);
    const before = snapshot(dir);
    const locked = lockDown(dir, [file]);
    try {
      const r = await verify(locked, url);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`cannot open SQLite store ${file} read-only: the file is in WAL mode and SQLite cannot create ${file}-shm beside it`);
      expect(r.stderr).toMatch(/open it once where it can be written .* or copy it to a writable folder/);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(snapshot(dir)).toEqual(before);
    } finally {
      locked.undo();
    }
    // Where it can be written, the same file verifies.
    expect((await runCliCaptured(['verify', '--store', url])).code).toBe(0);
  });
});
