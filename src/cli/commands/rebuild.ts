import { has, parseArgs } from '../args';
import { UsageError, type CliCommand } from '../command';
import { EXIT_CODES_HELP, STORE_HELP, redactUrl, storeUrlOf, withLedger } from './ledger-command-support';

const help = `Usage: skat-ledger rebuild [--store URL] [--json]

Rebuilds the read models (deal summaries, score sheets, standings, player statistics) from zero
by replaying every event of the store into new tables, then swaps them in with one transaction:
a server running on the same read models keeps answering from the old ones until the swap. The
events are not touched. Also the way to re-bind read models built from another store.

${STORE_HELP}
  --json        print {"store","projectedEvents","deals"} instead of text

projectedEvents counts the events the read models are made of (deal starts and results, table and
tournament events); the other events of the log (bids, skat, cards) are not read by a rebuild.

${EXIT_CODES_HELP}`;

const rebuild: CliCommand = {
  path: ['rebuild'],
  summary: 'Rebuild projections from zero',
  help,
  async run(argv, io) {
    const args = parseArgs(argv, { values: ['store'], switches: ['json'] });
    if (args.positional.length > 0) throw new UsageError(`unexpected argument ${args.positional[0]}`);
    const storeUrl = storeUrlOf(args, io);
    const r = await withLedger(storeUrl, (ledger) => ledger.rebuildProjections(), io.env, { skipReadModelCheck: true });
    if (has(args, 'json')) io.stdout.write(JSON.stringify({ store: redactUrl(storeUrl), projectedEvents: r.events, deals: r.deals }) + '\n');
    else
      io.stdout.write(
        `${redactUrl(storeUrl)}: read models rebuilt for ${r.deals} deals from the ${r.events} events they are made of (bids, skat and cards are not read)\n`,
      );
    return 0;
  },
};

export default rebuild;
