import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifyToken } from '../../auth/token';
import { resolveTokenSecret } from '../../settings/token-secret';
import { runCliCaptured as cli } from '../testing/captured-io';

describe('skat-ledger token issue', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'skl-cli-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('issues a recorder token signed with the secret kept beside the store', async () => {
    const store = `sqlite:${join(dir, 'l.db')}`;
    const r = await cli(['token', 'issue', '--role', 'recorder', '--table', 't1', '--store', store], {});
    expect(r.code).toBe(0);
    const claims = verifyToken(resolveTokenSecret({}, store).secret, r.stdout.trim());
    expect(claims).toMatchObject({ role: 'recorder', table: 't1' });
  });

  it('uses SKAT_LEDGER_TOKEN_SECRET when set', async () => {
    const env = { SKAT_LEDGER_TOKEN_SECRET: 's'.repeat(32), SKAT_LEDGER_STORE: 'sqlite::memory:' };
    const r = await cli(['token', 'issue', '--role', 'player', '--player', 'Anna'], env);
    expect(r.code).toBe(0);
    expect(verifyToken(Buffer.from('s'.repeat(32)), r.stdout.trim()).player).toBe('Anna');
  });

  it('exits 2 on a bad role, a missing --player or an in-memory store without a secret', async () => {
    expect((await cli(['token', 'issue', '--role', 'king'], {})).code).toBe(2);
    expect((await cli(['token', 'issue', '--role', 'player', '--store', `sqlite:${dir}/x.db`], {})).code).toBe(2);
    expect((await cli(['token', 'issue', '--role', 'admin', '--store', 'sqlite::memory:'], {})).code).toBe(2);
  });
});
