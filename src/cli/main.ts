#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXIT, UsageError, type CliIo } from './command';
import { quietWhenPipeCloses } from './closed-pipe';
import { COMMANDS } from './registry';

const EXIT_CODES_TEXT = `Exit codes: ${EXIT.ok} ok, ${EXIT.problems} the command found problems (disagreements, broken chains), ${EXIT.usage} bad usage or input
(or a store that cannot be opened), ${EXIT.internal} an internal error (a bug: please report it with the printed stack).`;

function usage(): string {
  const width = Math.max(...COMMANDS.map((c) => c.path.join(' ').length));
  return [
    'Usage: skat-ledger <command> [options]',
    '       skat-ledger <command> --help | -h      what a command does and takes',
    '       skat-ledger --version | -v',
    '',
    ...COMMANDS.map((c) => `  ${c.path.join(' ').padEnd(width)}  ${c.summary}`),
    '',
    EXIT_CODES_TEXT,
  ].join('\n');
}

/** The package's version (package.json sits two folders up, from src/cli and from dist/cli alike). */
export function cliVersion(): string {
  return (JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * Errors that mean "bad input or environment", not a bug: the caller can fix them (exit 2). Matched
 * by name, so that this file loads none of the modules that define them.
 */
const INPUT_ERRORS = new Set([
  'UsageError',
  'StoreConfigError',
  'StoreAccessDeniedError',
  'StoreUnavailableError',
  'SubscriptionStalledError',
  'InvalidEventError',
  'ConcurrencyError',
  'CorruptEventError',
  'CorruptDealStreamError',
  'IllegalCommandError',
  'NotFoundError',
  'InvalidQueryError',
  'DealFilterError',
  'TokenSecretError',
  'SqliteError',
]);

/** A file or system call that failed (ENOENT, EACCES, EISDIR, ENOSPC, ...): the environment, not a bug. */
function isSystemError(error: Error): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code) && typeof (error as NodeJS.ErrnoException).syscall === 'string';
}

/**
 * Runs one command. Every command's stdout is guarded the same way: once its reader has gone
 * (`export ndjson | head`), later output is dropped, `io.stdoutClosed()` says so, and the command
 * ends with its own exit code and no stack trace (no command has to remember to ask for it).
 */
export async function runCli(argv: readonly string[], given: CliIo): Promise<number> {
  const guarded = quietWhenPipeCloses(given.stdout);
  const outerClosed = given.stdoutClosed;
  const io: CliIo = { ...given, stdout: guarded.stream, stdoutClosed: () => guarded.closed() || (outerClosed?.() ?? false) };
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
    io.stdout.write(`skat-ledger ${cliVersion()}\n`);
    return EXIT.ok;
  }
  const match = [...COMMANDS].sort((a, b) => b.path.length - a.path.length).find((c) => c.path.every((word, i) => argv[i] === word));
  if (!match) {
    const wantsHelp = argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help';
    (wantsHelp ? io.stdout : io.stderr).write(usage() + '\n');
    return wantsHelp ? EXIT.ok : EXIT.usage;
  }
  const name = `skat-ledger ${match.path.join(' ')}`;
  const command = match.load();
  const rest = argv.slice(match.path.length);
  const options = rest.includes('--') ? rest.slice(0, rest.indexOf('--')) : rest;
  if (options.includes('--help') || options.includes('-h')) {
    io.stdout.write(command.help.trimEnd() + '\n');
    return EXIT.ok;
  }
  try {
    return await command.run(rest, io);
  } catch (err) {
    const failure = describeFailure(name, err);
    io.stderr.write(failure.text);
    return failure.code;
  }
}

/** The exit code and message for an error a command threw: usage (2, one line), input (2, one line), else internal (70, with the stack). */
export function describeFailure(name: string, err: unknown): { code: number; text: string } {
  if (err instanceof UsageError) return { code: EXIT.usage, text: `${name}: ${err.message}\n(see ${name} --help)\n` };
  const e = err instanceof Error ? err : new Error(String(err));
  if (INPUT_ERRORS.has(e.name) || isSystemError(e)) return { code: EXIT.usage, text: `${name}: ${e.name}: ${e.message}\n` };
  return { code: EXIT.internal, text: `${name}: internal error (exit ${EXIT.internal}; please report it): ${e.stack ?? `${e.name}: ${e.message}`}\n` };
}

if (require.main === module) {
  runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`skat-ledger: internal error: ${(error as Error)?.stack ?? String(error)}\n`);
      process.exitCode = EXIT.internal;
    },
  );
}
