/** One CLI command. It returns an exit code (EXIT); bad usage is thrown as a UsageError. */
export interface CliCommand {
  /** Words that select it, e.g. ['iss', 'verify']. */
  readonly path: readonly string[];
  readonly summary: string;
  /** Full help text shown by --help / -h. */
  readonly help: string;
  run(args: readonly string[], io: CliIo): Promise<number>;
}

export interface CliIo {
  readonly stdout: NodeJS.WritableStream & { isTTY?: boolean };
  readonly stderr: NodeJS.WritableStream & { isTTY?: boolean };
  readonly env: NodeJS.ProcessEnv;
  /** True once stdout's reader has gone (`export ndjson | head`): a command that streams stops there. */
  readonly stdoutClosed?: () => boolean;
}

/**
 * The exit codes of every command. A script can tell "the data has problems" (1) from "I called it
 * wrongly or gave it something it cannot read" (2) from "skat-ledger itself failed" (70, as
 * sysexits' EX_SOFTWARE: a bug to report, printed with its stack).
 */
export const EXIT = {
  ok: 0,
  problems: 1,
  usage: 2,
  internal: 70,
} as const;

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
