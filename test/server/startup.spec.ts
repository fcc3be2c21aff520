/**
 * Start-up errors of the server (`node dist/main.js`): a store URL that is not one, or a store that
 * cannot be opened, is named in one line with what to do, without a stack trace and without the
 * misleading "set SKAT_LEDGER_TOKEN_SECRET" that a mistyped URL used to produce.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Ledger } from '../../src/ledger/ledger';

const main = resolve(__dirname, '..', '..', 'dist', 'main.js');

function start(env: Record<string, string>): { status: number | null; stderr: string; stdout: string } {
  const run = spawnSync(process.execPath, [main], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', SKAT_LEDGER_TOKEN_SECRET: '', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: run.status, stderr: run.stderr, stdout: run.stdout };
}

describe('server start-up errors', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'skat-startup-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('an unknown store URL is named with the accepted forms (not as a missing token secret)', () => {
    const run = start({ SKAT_LEDGER_STORE: 'postgres://db.example/skat' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Skat Ledger failed to start: SKAT_LEDGER_STORE: unknown store URL postgres://db.example/skat');
    expect(run.stderr).toContain('accepted: sqlite:<path>');
    expect(run.stderr).not.toContain('TOKEN_SECRET');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('a SQLite store that cannot be opened is reported in one line, without a Nest stack trace', () => {
    const notAFolder = join(dir, 'plain-file');
    writeFileSync(notAFolder, 'x');
    const run = start({ SKAT_LEDGER_STORE: `sqlite:${join(notAFolder, 'skat.db')}`, SKAT_LEDGER_TOKEN_SECRET: 'a-secret-of-at-least-16-chars' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`Skat Ledger failed to start: cannot open the store sqlite:${join(notAFolder, 'skat.db')} (SKAT_LEDGER_STORE)`);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.stderr).not.toContain('ExceptionHandler');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });
  it('SKAT_LEDGER_READ_MODEL_MISMATCH=rebuild rebuilds a read-model file of another store at start, as the refusal advises (issue 13 item 6)', async () => {
    // A read-model file built from store B, then served with store A.
    const storeA = `sqlite:${join(dir, 'a.db')}`;
    const storeB = `sqlite:${join(dir, 'b.db')}`;
    const readModels = `sqlite:${join(dir, 'read-models.db')}`;
    for (const [url, dealId] of [
      [storeA, 'deal-of-a'],
      [storeB, 'deal-of-b'],
    ] as const) {
      const ledger = await Ledger.open({ storeUrl: url, ...(url === storeB ? { readModelUrl: readModels } : {}) });
      await ledger.execute(
        { type: 'StartDeal', dealId, dealer: 'C', players: ['A', 'B', 'C'], cards: { kind: 'seeded', seed: dealId } },
        { commandId: `start-${dealId}`, actorId: 'test' },
      );
      await ledger.close();
    }
    const env = { SKAT_LEDGER_STORE: storeA, SKAT_LEDGER_READ_MODELS: readModels, SKAT_LEDGER_TOKEN_SECRET: 'a-secret-of-at-least-16-chars' };
    const refused = start(env);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('SKAT_LEDGER_READ_MODEL_MISMATCH=rebuild');
    // With the setting the server rebuilds them and listens (stopped once it says so).
    const child = spawn(process.execPath, [main], {
      env: { PATH: process.env.PATH ?? '', PORT: '0', ...env, SKAT_LEDGER_READ_MODEL_MISMATCH: 'rebuild' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 60_000;
      while (!out.includes('Skat Ledger listening') && child.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(out).toContain('Skat Ledger listening');
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  }, 90_000);
});
