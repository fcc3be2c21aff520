import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveTokenSecret, secretFileFor, writeSecretFile } from './token-secret';

describe('token secret', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'skl-secret-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('prefers SKAT_LEDGER_TOKEN_SECRET', () => {
    const r = resolveTokenSecret({ SKAT_LEDGER_TOKEN_SECRET: 'x'.repeat(20) }, `sqlite:${dir}/a.db`);
    expect(r.secret.toString()).toBe('x'.repeat(20));
  });

  it('generates a secret beside the SQLite database once, mode 0600, and keeps it', () => {
    const url = `sqlite:${join(dir, 'sub', 'ledger.db')}`;
    const first = resolveTokenSecret({}, url);
    const second = resolveTokenSecret({}, url);
    expect(first.secret.equals(second.secret)).toBe(true);
    const file = secretFileFor(url)!;
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('reads store URLs as the store does (sqlite:///abs and sqlite:rel name the same file)', () => {
    expect(secretFileFor(`sqlite://${dir}/a.db`)).toBe(join(dir, 'a.db.token-secret'));
    expect(secretFileFor(`sqlite:${dir}/a.db`)).toBe(join(dir, 'a.db.token-secret'));
  });

  it('uses a per-process secret for an in-memory store and demands the env for remote stores', () => {
    expect(secretFileFor('sqlite::memory:')).toBeNull();
    expect(resolveTokenSecret({}, 'sqlite::memory:').secret.length).toBe(32);
    expect(() => resolveTokenSecret({}, 'esdb://localhost:2113')).toThrow(/SKAT_LEDGER_TOKEN_SECRET/);
  });

  it('writes the secret atomically: a full disk part way leaves no file, and the next start generates one (issue 13)', () => {
    const url = `sqlite:${join(dir, 'ledger.db')}`;
    const file = secretFileFor(url)!;
    const fullDisk = (fd: number, text: string) => {
      writeSync(fd, text.slice(0, 5));
      throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    };
    expect(() => writeSecretFile(file, 'y'.repeat(43), fullDisk)).toThrow(/ENOSPC/);
    expect(existsSync(file)).toBe(false);
    expect(readdirSync(dir)).toEqual([]); // no temp file left either
    const r = resolveTokenSecret({}, url);
    expect(r.secret.length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // a second writer racing the first keeps the first's secret
    expect(writeSecretFile(file, 'z'.repeat(43))).toBe(false);
    expect(resolveTokenSecret({}, url).secret.equals(r.secret)).toBe(true);
  });
});
