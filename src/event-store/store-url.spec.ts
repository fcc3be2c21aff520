import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StoreConfigError } from './errors';
import { openEventStore, parseStoreUrl, redactUrl } from './store-url';

describe('store URLs', () => {
  it('parses the accepted forms', () => {
    expect(parseStoreUrl('sqlite:./data/skat-ledger.db')).toEqual({ kind: 'sqlite', path: './data/skat-ledger.db' });
    expect(parseStoreUrl('sqlite::memory:')).toEqual({ kind: 'sqlite', path: ':memory:' });
    expect(parseStoreUrl('sqlite:///abs/x.db')).toEqual({ kind: 'sqlite', path: '/abs/x.db' });
    expect(parseStoreUrl('esdb://localhost:2113?tls=false')).toEqual({ kind: 'esdb', connectionString: 'esdb://localhost:2113?tls=false' });
    expect(parseStoreUrl('esdb+discover://a,b,c')).toMatchObject({ kind: 'esdb' });
  });

  it.each(['postgres://db/x', 'sqlite:', 'file.db', '', 'esdb://'])('refuses %p naming it and the accepted schemes', (url) => {
    expect(() => parseStoreUrl(url)).toThrow(StoreConfigError);
    expect(() => parseStoreUrl(url)).toThrow(/accepted: sqlite:<path>, sqlite::memory:, esdb:\/\//);
  });

  it('never prints a password from a URL', () => {
    expect(redactUrl('esdb://admin:changeit@host:2113?tls=false')).toBe('esdb://admin:***@host:2113?tls=false');
    expect(() => parseStoreUrl('mysql://root:secret@db/x')).toThrow(/mysql:\/\/root:\*\*\*@db\/x/);
  });

  it('opens a SQLite file, creating its parent directories', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'skat-url-'));
    try {
      const store = await openEventStore(`sqlite:${join(dir, 'a', 'b', 'store.db')}`);
      await store.dispose();
      expect(existsSync(join(dir, 'a', 'b', 'store.db'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
