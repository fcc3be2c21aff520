import { flag, has, parseArgs } from '../args';
import { UsageError, type CliCommand } from '../command';
import { DEFAULT_STORE_URL, openStoreForReading, redactUrl } from '../../settings/store-connection';
import { dealStreamName } from '../../deal/events';
import { checkFairDeal } from '../../deal/fair-deal-check';

const help = `Usage: skat-ledger verify-deal [--store URL] [--json] DEALID

Recomputes a server-shuffled deal's shuffle (docs/fair-dealing.md) from its revealed server seed,
its recorded client seeds and its id, and compares it with the recorded hands and skat; checks
that the seed matches the commitment recorded before the cards and that each fair-dealing event
came in its place. Exit code 0 when the deal verifies, 1 when it does not (mismatch), cannot
(unverifiable: seed lost, or shuffled before fair dealing) or cannot yet (pending: the deal has
not ended) or was not shuffled by the server, 2 on bad usage, an unknown deal or a store that
cannot be opened.

  --store URL   sqlite:<path>, esdb://host:2113?tls=false, …
                (default: $SKAT_LEDGER_STORE, else ${DEFAULT_STORE_URL})
  --json        one JSON object: { store, dealId, verdict, scheme, commitment, clientSeeds,
                serverSeed, problems }
`;

const verifyDeal: CliCommand = {
  path: ['verify-deal'],
  summary: "Recompute a server-shuffled deal's shuffle from its revealed seed and compare",
  help,
  async run(argv, io) {
    const args = parseArgs(argv, { values: ['store'], switches: ['json'] });
    if (args.positional.length !== 1) throw new UsageError('name one deal id');
    const dealId = args.positional[0];
    const url = flag(args, 'store') ?? io.env.SKAT_LEDGER_STORE ?? DEFAULT_STORE_URL;
    const store = await openStoreForReading(url);
    try {
      const read = await store.readStream(dealStreamName(dealId));
      if (!read.exists) {
        io.stderr.write(`no deal ${dealId} in ${redactUrl(url)}\n`);
        return 2;
      }
      const check = checkFairDeal(read.events);
      if (has(args, 'json')) {
        io.stdout.write(JSON.stringify({ store: redactUrl(url), dealId, ...check }) + '\n');
      } else {
        io.stdout.write(`deal ${dealId}: ${check.verdict.toUpperCase()}\n`);
        if (check.commitment) io.stdout.write(`  commitment   ${check.commitment}\n`);
        if (check.serverSeed) io.stdout.write(`  server seed  ${check.serverSeed}\n`);
        check.clientSeeds.forEach((s, seat) => s !== null && io.stdout.write(`  client seed  seat ${seat}: ${JSON.stringify(s)}\n`));
        for (const p of check.problems) io.stdout.write(`  ${p}\n`);
      }
      return check.verdict === 'verified' ? 0 : 1;
    } finally {
      await store.dispose();
    }
  },
};

export default verifyDeal;
