import { flag, flagAll, parseArgs } from '../args';
import { UsageError, type CliCommand } from '../command';
import { openStoreForReading } from '../../settings/store-connection';
import { eventStoreDealSource } from '../../archive/export/deal-stream-source';
import { exportIssLines } from '../../archive/export/export-iss';
import { writeLines } from '../../archive/ndjson/ndjson-writer';
import type { ReadModelListing } from '../../ledger/reads/read-model-listing';
import { EXIT_CODES_HELP, STORE_HELP, outputOf, readModelListingOf, storeUrlOf } from './ledger-command-support';

const help = `Usage: skat-ledger export iss [--store URL] [--deal ID]... [--table ID] [--out FILE]

Writes one ISS game record per deal (one line each), read straight from the deals' events in the
order they were recorded. A deal imported from ISS comes out byte for byte as the line imported
(lossless round trip); a deal recorded live comes out as a plain ISS record (PC[Skat Ledger],
SE = table id, ID = deal id) that jskat-style parsers read. Deals still in progress cannot be
written; each is reported on stderr.

${STORE_HELP}
  --deal ID     only this deal (repeatable; in the order given), e.g. --deal iss-541932
  --table ID    only deals of this table, e.g. --table iss-series-251395 (over EventStoreDB
                listed from the read-model file when it belongs to the store: the table's
                deals only are read, not one event of every deal)
  --out FILE    write to FILE instead of stdout

${EXIT_CODES_HELP} Here 1 = some deals could not be written (listed on stderr).

Example: npx skat-ledger export iss --table iss-series-251395 > series.sgf`;

const exportIss: CliCommand = {
  path: ['export', 'iss'],
  summary: 'Export deals as ISS game records',
  help,
  async run(argv, io) {
    const args = parseArgs(argv, { values: ['store', 'deal', 'table', 'out'] });
    if (args.positional.length > 0) throw new UsageError(`unexpected argument ${args.positional[0]}`);
    const deals = flagAll(args, 'deal');
    const tableId = flag(args, 'table');
    const storeUrl = storeUrlOf(args, io);
    const store = await openStoreForReading(storeUrl);
    const out = outputOf(flag(args, 'out'), io);
    let problems = 0;
    let listing: ReadModelListing | undefined;
    try {
      if (tableId !== undefined && deals.length === 0) listing = await readModelListingOf(store, storeUrl, io.env);
      const fromStore = eventStoreDealSource(store);
      // The exporter still checks each deal's table: the listing only narrows what is read.
      const tableDeals = listing;
      const source = tableDeals
        ? {
            ...fromStore,
            dealIds: (o: { readonly tableId?: string } = {}) => (o.tableId !== undefined ? tableDeals.tableDealIds(o.tableId) : fromStore.dealIds(o)),
          }
        : fromStore;
      const lines = exportIssLines(source, { ...(deals.length ? { dealIds: deals } : {}), ...(tableId !== undefined ? { tableId } : {}) });
      async function* text() {
        for await (const l of lines) {
          // A line imported as Latin-1 goes out in Latin-1: the archive's bytes, unchanged.
          if (l.line !== null) yield l.encoding === 'latin1' ? Buffer.from(l.line + '\n', 'latin1') : l.line + '\n';
          else {
            problems++;
            io.stderr.write(`skat-ledger export iss: ${l.dealId}: ${l.error}\n`);
          }
        }
      }
      await writeLines(out.stream, text(), out.closed);
    } finally {
      await out.finish();
      listing?.close();
      await store.dispose();
    }
    return problems > 0 ? 1 : 0;
  },
};

export default exportIss;
