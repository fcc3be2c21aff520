/**
 * The server's stdout log (`node dist/main.js`): lines are written in blocks (logging.ts
 * bufferedStdout), so a quiet server's request line must still appear while it runs, and the
 * lines held when it is stopped must be written before it exits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const main = resolve(__dirname, '..', '..', 'dist', 'main.js');

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

async function until(what: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!what() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return what();
}

describe('server log lines on stdout', () => {
  let dir: string;
  let child: ChildProcess;
  let out = '';
  let port: number;
  let exited: Promise<void>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'skat-log-lines-'));
    port = await freePort();
    child = spawn(process.execPath, [main], {
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        SKAT_LEDGER_STORE: `sqlite:${join(dir, 'store.sqlite')}`,
        SKAT_LEDGER_TOKEN_SECRET: 'a-secret-of-at-least-16-chars',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    exited = new Promise((r) => child.on('exit', () => r()));
    expect(await until(() => out.includes('Skat Ledger listening') || child.exitCode !== null, 60_000)).toBe(true);
    expect(out).toContain('Skat Ledger listening');
  }, 90_000);

  afterAll(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  const ask = (id: string) =>
    fetch(`http://127.0.0.1:${port}/graphql?query=%7B__typename%7D`, { headers: { 'x-request-id': id, 'apollo-require-preflight': 'true' } });

  it("a quiet server's request line appears while it runs (a block is written within a moment, not when full)", async () => {
    const answer = await ask('quiet-request-1');
    expect(answer.status).toBe(200);
    // The line is held at most LOG_FLUSH_MS (100 ms); a loaded machine gets a few seconds.
    expect(await until(() => out.includes('"id":"quiet-request-1"'), 10_000)).toBe(true);
    const line = out.split('\n').find((l) => l.includes('"id":"quiet-request-1"'))!;
    expect(JSON.parse(line)).toMatchObject({ req: { id: 'quiet-request-1', method: 'GET', path: '/graphql' }, res: { statusCode: 200 } });
  });

  it("the warm-up's requests before the server listened wrote no request line", async () => {
    expect(out).toMatch(/warm-up: \d+ requests through the request path/);
    await new Promise((r) => setTimeout(r, 300)); // longer than a held line waits
    expect(out).not.toContain('POST /graphql');
  });

  it('the lines held when the server is stopped are written before it exits', async () => {
    for (let i = 0; i < 5; i++) expect((await ask(`last-request-${i}`)).status).toBe(200);
    child.kill('SIGTERM');
    await exited; // Nest closes the app, then ends the process by the same signal
    for (let i = 0; i < 5; i++) expect(out).toContain(`"id":"last-request-${i}"`);
  });
});
