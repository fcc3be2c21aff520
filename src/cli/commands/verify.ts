import { flag, has, parseArgs } from '../args';
import { UsageError, type CliCommand } from '../command';
import { DEFAULT_STORE_URL, openStoreForReading, redactUrl, verifyStore } from '../../settings/storeConnection';

const help = `Usage: skat-ledger verify [--store URL] [--stream-prefix PREFIX] [--json]

Walks every stream of the store (or only those whose name starts with PREFIX), recomputes its
hash chain and reports each break with the stream, revision and event id. Exit code 0 when every chain holds, 1 on any break, 2 on bad
usage or a store that cannot be opened.

  --store URL   sqlite:<path>, esdb://host:2113?tls=false, …
                (default: $SKAT_LEDGER_STORE, else ${DEFAULT_STORE_URL})
  --stream-prefix PREFIX
                check only streams whose name starts with PREFIX (e.g. deal-, table-bt7)
  --json        one JSON object: { store, ok, [streamPrefix,] streams, events,
                breaks: [{ streamName, revision, eventId, reason }] }
`;

const verify: CliCommand = {
  path: ['verify'],
  summary: "Check every stream's hash chain in a store",
  help,
  async run(argv, io) {
    const args = parseArgs(argv, { values: ['store', 'stream-prefix'], switches: ['json'] });
    if (args.positional.length > 0) throw new UsageError(`unexpected argument ${args.positional[0]}`);
    const url = flag(args, 'store') ?? io.env.SKAT_LEDGER_STORE ?? DEFAULT_STORE_URL;
    const streamPrefix = flag(args, 'stream-prefix');
    // An empty prefix would silently mean "every stream"; say so instead.
    if (streamPrefix === '') throw new UsageError('--stream-prefix needs a non-empty prefix');
    // An integrity check must never create the store it is asked to check.
    const store = await openStoreForReading(url);
    try {
      const report = await verifyStore(store, { streamPrefix });
      const shownUrl = redactUrl(url);
      const scope = streamPrefix === undefined ? '' : ` (streams starting with ${JSON.stringify(streamPrefix)})`;
      if (has(args, 'json')) {
        const scoped = streamPrefix === undefined ? {} : { streamPrefix };
        io.stdout.write(JSON.stringify({ store: shownUrl, ok: report.breaks.length === 0, ...scoped, ...report }) + '\n');
      } else {
        for (const b of report.breaks) {
          io.stdout.write(`BROKEN  stream ${b.streamName}  revision ${b.revision}  event ${b.eventId || '-'}: ${b.reason}\n`);
        }
        const summary = `${report.streams} streams, ${report.events} events`;
        io.stdout.write(
          report.breaks.length === 0
            ? `${shownUrl}${scope}: ${summary}; every hash chain holds\n`
            : `${shownUrl}${scope}: ${summary}; ${report.breaks.length} break(s)\n`,
        );
      }
      return report.breaks.length === 0 ? 0 : 1;
    } finally {
      await store.dispose();
    }
  },
};

export default verify;
