import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveTokenSecret, secretFileFor } from './tokenSecret';

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
});
