import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * Every shell example of the README's first session and of the CLI reference (docs/cli.md) runs as
 * written, in order, against a fresh store (#25 item 8): a newcomer who pastes them gets no error.
 * They run in an empty folder beside a link to ../shared, as a checkout beside shared/ has it, with
 * `npx skat-ledger` as the built CLI itself (what npx runs after npm ci, test/install/cli-link).
 */
const ROOT = resolve(__dirname, '..', '..');
const MAIN = join(ROOT, 'dist', 'cli', 'main.js');
const SHARED = join(ROOT, '..', 'shared');

/** The `npx skat-ledger …` lines of a document's ```sh blocks, comments cut off. */
function examples(doc: string): string[] {
  const text = readFileSync(join(ROOT, doc), 'utf8');
  const blocks = [...text.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
  return blocks
    .flatMap((b) => b.split('\n'))
    .map((line) => line.replace(/\s+#\s.*$/, '').trim())
    .filter((line) => line.startsWith('npx skat-ledger '));
}

describe('the documented CLI examples run as written (#25 item 8)', () => {
  let dir: string;
  let cwd: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'docs-examples-'));
    cwd = join(dir, 'checkout');
    mkdirSync(cwd);
    symlinkSync(SHARED, join(dir, 'shared'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const lines = [...examples('README.md'), ...examples('docs/cli.md')];

  it('there are examples to run, the import first', () => {
    expect(lines.length).toBeGreaterThanOrEqual(8);
    expect(lines[0]).toMatch(/^npx skat-ledger import iss /);
  });

  it.each(lines.map((l) => [l]))('%s', (line) => {
    const command = line.replace(/^npx skat-ledger /, `"${process.execPath}" "${MAIN}" `);
    // The default store (./data/skat-ledger.db in the folder), as a newcomer has it.
    const { SKAT_LEDGER_STORE: _unset, ...env } = process.env;
    const r = spawnSync('bash', ['-o', 'pipefail', '-c', command], {
      cwd,
      encoding: 'utf8',
      env: { ...env, SKAT_LEDGER_TOKEN_SECRET: 'docs-examples-secret-0123456789' },
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(r.stderr).not.toMatch(/internal error|EPIPE/);
    expect({ line, status: r.status, stderr: r.stderr.slice(0, 500) }).toEqual({ line, status: 0, stderr: expect.any(String) });
    if (/ iss verify /.test(line)) expect(r.stdout).toMatch(/29 agree/);
  });
});
