import { has, parseArgs } from '../args';
import { UsageError, type CliCommand } from '../command';
import { EXIT_CODES_HELP, STORE_HELP, redactUrl, storeUrlOf, withLedger } from './ledger-command-support';

const help = `Usage: skat-ledger rescore [--store URL] [--json]

Recomputes every finished deal from its events under the rule profile and version it was
recorded with, and lists each deal whose recomputed result differs from the recorded one, field
by field. Nothing is written: a difference is for an arbiter to look at (and correct if needed).

${STORE_HELP}
  --json        print {"store","streams","deals","differences":[{"dealId","field","recorded","recomputed"}]}
                (streams: the deal streams read; deals: the finished deals among them compared)

${EXIT_CODES_HELP} Here 1 = at least one deal differs.`;

const rescore: CliCommand = {
  path: ['rescore'],
  summary: 'Recompute every deal and list those whose result differs',
  help,
  async run(argv, io) {
    const args = parseArgs(argv, { values: ['store'], switches: ['json'] });
    if (args.positional.length > 0) throw new UsageError(`unexpected argument ${args.positional[0]}`);
    const storeUrl = storeUrlOf(args, io);
    const checked = { streams: 0, deals: 0 };
    const differences = await withLedger(storeUrl, (ledger) => ledger.rescore(checked), io.env);
    if (has(args, 'json')) {
      io.stdout.write(JSON.stringify({ store: redactUrl(storeUrl), streams: checked.streams, deals: checked.deals, differences }) + '\n');
    } else {
      for (const d of differences)
        io.stdout.write(`DIFFERS ${d.dealId}  ${d.field}: recorded ${JSON.stringify(d.recorded)}, recomputed ${JSON.stringify(d.recomputed)}\n`);
      const deals = new Set(differences.map((d) => d.dealId)).size;
      io.stdout.write(
        deals === 0
          ? `${redactUrl(storeUrl)}: ${checked.deals} finished deals of ${checked.streams} deal streams checked; every one recomputes to its recorded result\n`
          : `${redactUrl(storeUrl)}: ${checked.deals} finished deals of ${checked.streams} deal streams checked; ${deals} differ (${differences.length} field(s))\n`,
      );
    }
    return differences.length > 0 ? 1 : 0;
  },
};

export default rescore;
