/**
 * What the ledger commands (import, export, rebuild, rescore, stats) share: the --store flag and
 * its default, opening the Ledger or the raw store, writing to stdout or --out, a progress bar.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { UsageError, type CliIo } from '../command';
import { flag, type ParsedArgs } from '../args';
import { DEFAULT_STORE_URL, parseStoreUrl, redactUrl } from '../../settings/store-connection';
import { defaultReadModelUrl, Ledger } from '../../ledger/ledger';
import { openReadModelListing, type ReadModelListing } from '../../ledger/reads/read-model-listing';
import { privateTournamentsFromEnv, READ_MODEL_MISMATCH_ENV, READ_MODELS_ENV } from '../../settings/api-settings';
import { parseMismatchPolicy } from '../../projections/read-model-binding';

export const STORE_HELP = `  --store URL   sqlite:<path>, sqlite::memory:, esdb://host:2113?tls=false
                (default: $SKAT_LEDGER_STORE, else ${DEFAULT_STORE_URL}; read models in
                $SKAT_LEDGER_READ_MODELS, default the SQLite store's own file, for EventStoreDB
                ./data/read-models-<hash of the connection string>.db)`;

export const EXIT_CODES_HELP =
  'Exit codes: 0 ok, 1 the command found problems (listed), 2 bad usage, bad input or a store that cannot be opened, 70 an internal error (a bug, printed with its stack).';

export function storeUrlOf(args: ParsedArgs, io: CliIo): string {
  return flag(args, 'store') ?? io.env.SKAT_LEDGER_STORE ?? DEFAULT_STORE_URL;
}

export { redactUrl };

/** Runs `work` with an open Ledger and always closes it. */
export async function withLedger<T>(
  storeUrl: string,
  work: (ledger: Ledger) => Promise<T>,
  env: NodeJS.ProcessEnv = {},
  options: { readonly skipReadModelCheck?: boolean } = {},
): Promise<T> {
  const readModelMismatch = options.skipReadModelCheck ? 'skip' : parseMismatchPolicy(env[READ_MODEL_MISMATCH_ENV]);
  // The server's private tournaments: the ratings on the file rate none of their deals (another set would rebuild them).
  const ledger = await Ledger.open({
    storeUrl,
    readModelUrl: env[READ_MODELS_ENV] || undefined,
    readModelMismatch,
    privateTournaments: privateTournamentsFromEnv(env),
  });
  try {
    return await work(ledger);
  } finally {
    await ledger.close();
  }
}

/**
 * Over EventStoreDB, the read-model file's listing of deal streams (see read-model-listing.ts), when
 * the file ($SKAT_LEDGER_READ_MODELS, else the store's default one) exists and belongs to the
 * store; undefined otherwise (and always over SQLite, whose own listing is an index lookup).
 */
export async function readModelListingOf(
  store: Parameters<typeof openReadModelListing>[0],
  storeUrl: string,
  env: NodeJS.ProcessEnv,
): Promise<ReadModelListing | undefined> {
  if (parseStoreUrl(storeUrl).kind !== 'esdb') return undefined;
  return openReadModelListing(store, env[READ_MODELS_ENV] || defaultReadModelUrl(storeUrl));
}

/** stdout, or the file named by --out (created or truncated); `finish` flushes and closes it. */
export function outputOf(out: string | undefined, io: CliIo): { stream: NodeJS.WritableStream; finish: () => Promise<void>; closed: () => boolean } {
  if (out === undefined || out === '-') return { stream: io.stdout, finish: async () => undefined, closed: () => io.stdoutClosed?.() ?? false };
  const file = createWriteStream(out, { encoding: 'utf8' });
  return {
    stream: file,
    closed: () => false,
    finish: async () => {
      file.end();
      await once(file, 'finish');
    },
  };
}

/** A one-line progress bar on stderr, drawn only when stderr is a terminal. */
export function progressBar(io: CliIo, label: string): { update: (fraction: number, detail: string) => void; done: () => void } {
  if (!io.stderr.isTTY) return { update: () => undefined, done: () => undefined };
  let last = '';
  return {
    update(fraction, detail) {
      const f = Math.max(0, Math.min(1, Number.isFinite(fraction) ? fraction : 0));
      const width = 30;
      const filled = Math.round(f * width);
      const line = `${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(f * 100).toFixed(0).padStart(3)}% ${detail}`;
      if (line !== last) io.stderr.write(`\r${line}\x1b[K`);
      last = line;
    },
    done() {
      if (last) io.stderr.write('\n');
    },
  };
}

/** The --as-of flag's text when given (a log position or an ISO 8601 time, read by asOfOfText); empty is a usage error. */
export function asOfFlag(args: ParsedArgs): string | undefined {
  const text = flag(args, 'as-of');
  if (text !== undefined && text.trim() === '') throw new UsageError('--as-of needs a log position (digits) or an ISO 8601 time');
  return text;
}
