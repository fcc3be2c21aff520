/** One CLI command. Exit codes: 0 success, 1 the check found problems, 2 bad usage or input. */
export interface CliCommand {
  /** Words that select it, e.g. ['iss', 'verify']. */
  readonly path: readonly string[];
  readonly summary: string;
  /** Full help text shown by --help. */
  readonly help: string;
  run(args: readonly string[], io: CliIo): Promise<number>;
}

export interface CliIo {
  readonly stdout: NodeJS.WritableStream & { isTTY?: boolean };
  readonly stderr: NodeJS.WritableStream & { isTTY?: boolean };
  readonly env: NodeJS.ProcessEnv;
}

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
