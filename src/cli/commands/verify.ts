import { flag, has, parseArgs } from '../args';
import { UsageError, type CliCommand } from '../command';
import { DEFAULT_STORE_URL, openStoreForReading, redactUrl, verifyStore } from '../../settings/store-connection';
import { isDealStreamPrefix, type ReadModelListing } from '../../ledger/reads/read-model-listing';
import { readModelListingOf } from './ledger-command-support';

const help = `Usage: skat-ledger verify [--store URL] [--stream-prefix PREFIX] [--scan-store] [--json]

Walks every stream of the store (or only those whose name starts with PREFIX), recomputes its
hash chain and reports each break with the stream, revision and event id. Exit code 0 when every chain holds, 1 on any break, 2 on bad
usage or a store that cannot be opened.

  --store URL   sqlite:<path>, esdb://host:2113?tls=false, …
                (default: $SKAT_LEDGER_STORE, else ${DEFAULT_STORE_URL})
  --stream-prefix PREFIX
                check only streams whose name starts with PREFIX (e.g. deal-, table-bt7);
                over EventStoreDB a PREFIX of deal streams (deal-…) is listed from the
                read-model file when it belongs to the store ($SKAT_LEDGER_READ_MODELS, else
                the default one): only the matching deals' events are read
  --scan-store  list the streams from the store even then (also finds deal- streams that
                the read models never saw start a deal)
  --json        one JSON object: { store, ok, [streamPrefix,] listedFrom, streams, events,
                breaks: [{ streamName, revision, eventId, reason }] } (listedFrom: "store"
                or "readModels")
`;

const verify: CliCommand = {
  path: ['verify'],
  summary: "Check every stream's hash chain in a store",
  help,
  async run(argv, io) {
    const args = parseArgs(argv, { values: ['store', 'stream-prefix'], switches: ['json', 'scan-store'] });
    if (args.positional.length > 0) throw new UsageError(`unexpected argument ${args.positional[0]}`);
    const url = flag(args, 'store') ?? io.env.SKAT_LEDGER_STORE ?? DEFAULT_STORE_URL;
    const streamPrefix = flag(args, 'stream-prefix');
    // An empty prefix would silently mean "every stream"; say so instead.
    if (streamPrefix === '') throw new UsageError('--stream-prefix needs a non-empty prefix');
    // An integrity check must never create the store it is asked to check.
    const store = await openStoreForReading(url);
    let listing: ReadModelListing | undefined;
    try {
      if (streamPrefix !== undefined && isDealStreamPrefix(streamPrefix) && !has(args, 'scan-store')) listing = await readModelListingOf(store, url, io.env);
      const report = await verifyStore(store, {
        streamPrefix,
        ...(listing && streamPrefix !== undefined ? { streams: listing.dealStreams(streamPrefix) } : {}),
      });
      const listedFrom = listing ? 'readModels' : 'store';
      const shownUrl = redactUrl(url);
      const scope = streamPrefix === undefined ? '' : ` (streams starting with ${JSON.stringify(streamPrefix)})`;
      if (has(args, 'json')) {
        const scoped = streamPrefix === undefined ? {} : { streamPrefix };
        io.stdout.write(JSON.stringify({ store: shownUrl, ok: report.breaks.length === 0, ...scoped, listedFrom, ...report }) + '\n');
      } else {
        for (const b of report.breaks) {
          io.stdout.write(`BROKEN  stream ${b.streamName}  revision ${b.revision}  event ${b.eventId || '-'}: ${b.reason}\n`);
        }
        const kinds = Object.entries(report.streamsByKind)
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([kind, n]) => `${n} ${kind}`)
          .join(', ');
        const summary = `${report.streams} streams${kinds ? ` (${kinds})` : ''}${listing ? ', listed from the read models' : ''}, ${report.events} events checked`;
        io.stdout.write(
          report.breaks.length === 0
            ? `${shownUrl}${scope}: ${summary}; every hash chain holds\n`
            : `${shownUrl}${scope}: ${summary}; ${report.breaks.length} break(s)\n`,
        );
      }
      return report.breaks.length === 0 ? 0 : 1;
    } finally {
      listing?.close();
      await store.dispose();
    }
  },
};

export default verify;
