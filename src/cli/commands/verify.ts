import { flag, has, parseArgs } from '../args';
import { UsageError, type CliCommand } from '../command';
import { verifyStore } from '../../eventStore/integrity/verifyStore';
import { DEFAULT_STORE_URL, openEventStore, redactUrl } from '../../eventStore/storeUrl';

const help = `Usage: skat-ledger verify [--store URL] [--json]

Walks every stream of the store, recomputes its hash chain and reports each break with the
stream, revision and event id. Exit code 0 when every chain holds, 1 on any break, 2 on bad
usage or a store that cannot be opened.

  --store URL   sqlite:<path>, esdb://host:2113?tls=false, …
                (default: $SKAT_LEDGER_STORE, else ${DEFAULT_STORE_URL})
  --json        one JSON object: { store, ok, streams, events, breaks: [{ streamName, revision, eventId, reason }] }
`;

const verify: CliCommand = {
  path: ['verify'],
  summary: "Check every stream's hash chain in a store",
  help,
  async run(argv, io) {
    const args = parseArgs(argv, { values: ['store'], switches: ['json'] });
    if (args.positional.length > 0) throw new UsageError(`unexpected argument ${args.positional[0]}`);
    const url = flag(args, 'store') ?? io.env.SKAT_LEDGER_STORE ?? DEFAULT_STORE_URL;
    // An integrity check must never create the store it is asked to check.
    const store = await openEventStore(url, { readonly: true, mustExist: true });
    try {
      const report = await verifyStore(store);
      const shownUrl = redactUrl(url);
      if (has(args, 'json')) {
        io.stdout.write(JSON.stringify({ store: shownUrl, ok: report.breaks.length === 0, ...report }) + '\n');
      } else {
        for (const b of report.breaks) {
          io.stdout.write(`BROKEN  stream ${b.streamName}  revision ${b.revision}  event ${b.eventId || '-'}: ${b.reason}\n`);
        }
        const summary = `${report.streams} streams, ${report.events} events`;
        io.stdout.write(
          report.breaks.length === 0
            ? `${shownUrl}: ${summary}; every hash chain holds\n`
            : `${shownUrl}: ${summary}; ${report.breaks.length} break(s)\n`,
        );
      }
      return report.breaks.length === 0 ? 0 : 1;
    } finally {
      await store.dispose();
    }
  },
};

export default verify;
