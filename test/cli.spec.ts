import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeFailure, runCli } from '../src/cli/main';
import { EXIT, UsageError } from '../src/cli/command';
import { COMMANDS } from '../src/cli/registry';
import { capturedIo as io } from '../src/cli/testing/captured-io';

const version = (JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as { version: string }).version;

describe('skat-ledger CLI', () => {
  it('lists the commands on --help and -h and exits 0', async () => {
    for (const flag of ['--help', '-h']) {
      const t = io();
      expect(await runCli([flag], t.io)).toBe(0);
      expect(t.text().stdout).toContain('iss verify');
      expect(t.text().stdout).toContain('Exit codes');
    }
  });

  it('refuses an unknown command with exit code 2', async () => {
    const t = io();
    expect(await runCli(['frobnicate'], t.io)).toBe(2);
    expect(t.text().stderr).toContain('Usage');
  });

  it('prints the package version on --version and -v', async () => {
    for (const flag of ['--version', '-v']) {
      const t = io();
      expect(await runCli([flag], t.io)).toBe(0);
      expect(t.text().stdout).toBe(`skat-ledger ${version}\n`);
    }
  });

  it.each(COMMANDS.map((c) => [c.path.join(' '), c.path] as const))('%s explains itself on -h and --help (exit 0)', async (_, path) => {
    const long = io();
    expect(await runCli([...path, '--help'], long.io)).toBe(0);
    const short = io();
    expect(await runCli([...path, '-h'], short.io)).toBe(0);
    expect(short.text().stdout).toBe(long.text().stdout);
    expect(long.text().stdout).toMatch(/^Usage: skat-ledger /);
  });

  it('an unknown option, a switch given a value and a missing value are usage errors (exit 2, one line, no stack)', async () => {
    for (const [argv, message] of [
      [['verify', '--frobnicate'], 'unknown option --frobnicate'],
      [['verify', '--json=yes'], '--json takes no value'],
      [['verify', '--store'], '--store needs a value'],
      [['verify', '--store', '--json'], '--store needs a value'],
    ] as const) {
      const t = io();
      expect(await runCli(argv, t.io)).toBe(EXIT.usage);
      expect(t.text().stderr).toContain(`skat-ledger verify: ${message}`);
      expect(t.text().stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('tells usage and input errors (2) from internal errors (70, with the stack)', () => {
    expect(describeFailure('skat-ledger x', new UsageError('bad flag')).code).toBe(EXIT.usage);
    const storeError = Object.assign(new Error('unknown store URL'), { name: 'StoreConfigError' });
    expect(describeFailure('skat-ledger x', storeError)).toEqual({ code: EXIT.usage, text: 'skat-ledger x: StoreConfigError: unknown store URL\n' });
    const missingFile = Object.assign(new Error("ENOENT: no such file or directory, open 'x'"), { code: 'ENOENT', syscall: 'open' });
    expect(describeFailure('skat-ledger x', missingFile).code).toBe(EXIT.usage);
    const bug = describeFailure('skat-ledger x', new TypeError("Cannot read properties of undefined (reading 'id')"));
    expect(bug.code).toBe(EXIT.internal);
    expect(EXIT.internal).toBe(70);
    expect(bug.text).toContain('internal error');
    expect(bug.text).toMatch(/\n\s+at /);
  });
});
