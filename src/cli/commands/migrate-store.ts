import { flag, parseArgs } from '../args';
import { UsageError, type CliCommand } from '../command';
import { DEFAULT_STORE_URL, migrateStore, redactUrl } from '../../settings/store-connection';

const help = `Usage: skat-ledger migrate-store [--store URL]

Brings a SQLite event store file written by an earlier version into the current layout (the
compact one: integer stream and type ids, hashes as bytes, compact data; see
docs/event-stores.md). Every writing command does the same when it opens such a file; read-only
commands (verify, export) refuse it until then. The migration runs in one transaction: an
interruption leaves the file as it was. Events, positions, ids and hashes are unchanged.
A store in the current layout, or over EventStoreDB, is left as it is.

  --store URL   sqlite:<path> (default: $SKAT_LEDGER_STORE, else ${DEFAULT_STORE_URL})
`;

const migrate: CliCommand = {
  path: ['migrate-store'],
  summary: 'Bring a store file of an earlier version into the current layout',
  help,
  async run(argv, io) {
    const args = parseArgs(argv, { values: ['store'], switches: [] });
    if (args.positional.length > 0) throw new UsageError(`unexpected argument ${args.positional[0]}`);
    const url = flag(args, 'store') ?? io.env.SKAT_LEDGER_STORE ?? DEFAULT_STORE_URL;
    await migrateStore(url);
    io.stdout.write(`${redactUrl(url)}: in the current layout\n`);
    return 0;
  },
};

export default migrate;
