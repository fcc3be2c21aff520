import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runCliCaptured as cli } from '../../src/cli/testing/captured-io';
import { COMMANDS } from '../../src/cli/registry';

/**
 * Every command that writes to stdout stops quietly when its reader has gone (`… | head`): no
 * `write EPIPE` stack on stderr, and the command's own exit code. The reader is closed before the
 * command writes its first byte, so the pipe's buffer cannot hide the case however short the output.
 */
const ROOT = resolve(__dirname, '..', '..');
/** The built CLI (npm run build): a closed pipe needs a process of its own. */
const MAIN = join(ROOT, 'dist', 'cli', 'main.js');
const CORPUS = join(ROOT, '..', 'shared', 'data', 'iss');
const SECRET = 'closed-pipe-spec-secret-0123456789';

function runIntoClosedPipe(argv: readonly string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [MAIN, ...argv], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, SKAT_LEDGER_TOKEN_SECRET: SECRET },
    });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stderr }));
  });
}

describe('a closed stdout ends every command quietly (#25 item 7)', () => {
  let dir: string;
  let store: string;
  let files: string[];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'closed-pipe-'));
    store = `sqlite:${join(dir, 'ledger.db')}`;
    files = readdirSync(CORPUS)
      .filter((f) => f.endsWith('.sgf'))
      .map((f) => join(CORPUS, f));
    expect((await cli(['import', 'iss', ...files, '--store', store])).code).toBe(0);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const cases: ReadonlyArray<[string, () => string[], number]> = [
    ['--help', () => ['--help'], 0],
    ['--version', () => ['--version'], 0],
    ['export ndjson', () => ['export', 'ndjson', '--store', store], 0],
    ['export iss', () => ['export', 'iss', '--store', store], 0],
    ['export sheet (csv)', () => ['export', 'sheet', '--table', 'iss-series-251395', '--store', store], 0],
    ['export sheet (html)', () => ['export', 'sheet', '--table', 'iss-series-251395', '--format', 'html', '--store', store], 0],
    ['iss verify', () => ['iss', 'verify', ...files], 0],
    ['iss verify --json', () => ['iss', 'verify', ...files, '--json'], 0],
    ['import iss --json', () => ['import', 'iss', ...files, '--json', '--store', store], 0],
    ['analyze iss', () => ['analyze', 'iss', files[0], '--json'], 0],
    ['analyze deal', () => ['analyze', 'deal', 'iss-541932', '--store', store], 0],
    ['stats', () => ['stats', '--player', 'xskat', '--store', store], 0],
    ['verify', () => ['verify', '--store', store], 0],
    ['rescore', () => ['rescore', '--store', store], 0],
    ['rebuild', () => ['rebuild', '--store', store], 0],
    ['migrate-store', () => ['migrate-store', '--store', store], 0],
    ['token issue', () => ['token', 'issue', '--role', 'admin', '--store', store], 0],
    // An imported deal was not shuffled by the server: unverifiable, exit 1 (its own code, kept).
    ['verify-deal', () => ['verify-deal', 'iss-541932', '--store', store], 1],
  ];

  it('covers every command of the CLI', () => {
    const covered = new Set(cases.map(([name]) => name.split(' (')[0].replace(/ --json$/, '')));
    for (const c of COMMANDS) expect(covered).toContain(c.path.join(' '));
  });

  it.each(cases)('%s', async (_name, argv, code) => {
    const r = await runIntoClosedPipe(argv());
    expect(r.stderr).not.toMatch(/EPIPE|Unhandled|internal error/);
    expect(r.code).toBe(code);
  });
});
