#!/usr/bin/env node
import { UsageError, type CliIo } from './command';
import { COMMANDS } from './registry';

function usage(): string {
  const width = Math.max(...COMMANDS.map((c) => c.path.join(' ').length));
  return [
    'Usage: skat-ledger <command> [options]   (every command takes --help)',
    '',
    ...COMMANDS.map((c) => `  ${c.path.join(' ').padEnd(width)}  ${c.summary}`),
    '',
    'Exit codes: 0 ok, 1 the command found problems (disagreements, broken chains), 2 bad usage or input.',
  ].join('\n');
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const match = [...COMMANDS]
    .sort((a, b) => b.path.length - a.path.length)
    .find((c) => c.path.every((word, i) => argv[i] === word));
  if (!match) {
    const wantsHelp = argv.length === 0 || argv[0] === '--help' || argv[0] === 'help';
    (wantsHelp ? io.stdout : io.stderr).write(usage() + '\n');
    return wantsHelp ? 0 : 2;
  }
  const command = match.load();
  const rest = argv.slice(match.path.length);
  if (rest.includes('--help')) {
    io.stdout.write(command.help.trimEnd() + '\n');
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr.write(`skat-ledger ${match.path.join(' ')}: ${err.message}\n(see --help)\n`);
      return 2;
    }
    const e = err as Error;
    io.stderr.write(`skat-ledger ${match.path.join(' ')}: ${e.name ?? 'Error'}: ${e.message}\n`);
    return 2;
  }
}

if (require.main === module) {
  runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env }).then(
    (code) => {
      process.exitCode = code;
    },
  );
}
