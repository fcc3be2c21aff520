import { Solver } from '../../analysis';
import type { RecordedEvent } from '../../ledger/ledger';
import { analyzeDeal } from '../../analysis/deals/analyze-deal';
import { flag, has, parseArgs } from '../args';
import { analysisJson } from './analyze-deal';
import { UsageError, type CliCommand } from '../command';
import { ledgerDealSource } from '../../archive/ndjson/ledger-deal-source';
import { asOfLedgerDeals } from '../../archive/ndjson/as-of-deal-source';
import { asOfOfText } from '../../ledger/ledger';
import { DealFilterError, parseDealFilter, DEAL_RESULT_FILTERS } from '../../archive/ndjson/deal-filter';
import { ndjsonDealBlocks, writeLines, type DealExportProblem } from '../../archive/ndjson/ndjson-writer';
import { exportsOnWorkers, ndjsonDealBlocksOnWorkers } from '../../archive/ndjson/ndjson-export-pool';
import { availableParallelism } from 'node:os';
import { GAME_TYPES } from '../../rules/declaration';
import { asOfFlag, EXIT_CODES_HELP, STORE_HELP, outputOf, storeUrlOf, withLedger } from './ledger-command-support';

const help = `Usage: skat-ledger export ndjson [--store URL] [filters] [--as-of POSITION|TIME] [--out FILE]
                           [--workers N]

Writes one JSON object per deal, one per line (NDJSON): players and seats, the cards dealt, the
bidding, the skat, the declaration, every trick, claims and resignations, and the result with its
derivation (rule by rule). The shape is documented by the JSON Schema in
src/archive/ndjson/deal.schema.json (draft 2020-12). The deals are selected from the read models
(their indexes by player, table, tournament, game type, result, source and date), oldest first,
and only those are read from their events, one at a time (memory stays flat). The same stream is
served at GET /api/export/deals.ndjson?<filters>.

${STORE_HELP}
  --player NAME       deals where NAME held a seat
  --table ID          deals of one table (ISS series: iss-series-<SE>)
  --tournament ID     deals of one tournament
  --from DATE         deals started at or after DATE (ISO 8601, e.g. 2017-09-04)
  --to DATE           deals started before DATE
  --game-type TYPE    ${GAME_TYPES.join(', ')}
  --result RESULT     ${DEAL_RESULT_FILTERS.join(', ')} (won/lost: by the declarer)
  --source SOURCE     live, import:iss, manual
  --as-of AT          the deals as recorded at that moment of the log: a log position (digits)
                      or an ISO 8601 time; deals begun later are left out, moves and corrections
                      after it too (game type and result filters judge the deals as they were)
  --out FILE          write to FILE instead of stdout
  --analysis          add each deal's perfect-information verdicts ("analysis": the object
                      \`analyze deal --json\` prints); seconds of CPU per deal, so off by default
                      and not offered by the HTTP endpoint
  --workers N         build the lines on N worker threads besides the main one (0: the main
                      thread only); default: one per core but one, once an export from a
                      SQLite store without --as-of or --analysis passes 1,000 deals (the same
                      lines in the same order either way)

${EXIT_CODES_HELP} Here 1 = some deals could not be read (listed on stderr).

Example: npx skat-ledger export ndjson --player xskat --game-type grand --from 2017-01-01 > grands.ndjson`;

const exportNdjson: CliCommand = {
  path: ['export', 'ndjson'],
  summary: 'Export deals as NDJSON hand histories',
  help,
  async run(argv, io) {
    const args = parseArgs(argv, {
      values: ['store', 'player', 'table', 'tournament', 'from', 'to', 'game-type', 'result', 'source', 'out', 'as-of', 'workers'],
      switches: ['analysis'],
    });
    if (args.positional.length > 0) throw new UsageError(`unexpected argument ${args.positional[0]}`);
    let filter;
    try {
      filter = parseDealFilter({
        player: flag(args, 'player'),
        table: flag(args, 'table'),
        tournament: flag(args, 'tournament'),
        from: flag(args, 'from'),
        to: flag(args, 'to'),
        'game-type': flag(args, 'game-type'),
        result: flag(args, 'result'),
        source: flag(args, 'source'),
      });
    } catch (err) {
      if (err instanceof DealFilterError) throw new UsageError(err.message.replace(/^([\w-]+)=/, '--$1 '));
      throw err;
    }
    const asOf = asOfFlag(args);
    const storeUrl = storeUrlOf(args, io);
    const workersText = flag(args, 'workers');
    const workersAsked = workersText === undefined ? undefined : Number(workersText);
    if (workersAsked !== undefined && !(Number.isInteger(workersAsked) && workersAsked >= 0 && workersAsked <= 64))
      throw new UsageError(`--workers takes a whole number from 0 to 64, got "${workersText}"`);
    // Workers read the store on their own connections: a SQLite file, the deals as they are now, no solver.
    const onWorkers = exportsOnWorkers(storeUrl) && asOf === undefined && !has(args, 'analysis');
    if (workersAsked !== undefined && workersAsked > 0 && !onWorkers)
      throw new UsageError('--workers needs a SQLite store file and neither --as-of nor --analysis');
    const workers = onWorkers ? (workersAsked ?? Math.max(1, availableParallelism() - 1)) : 0;
    const out = outputOf(flag(args, 'out'), io);
    let problems = 0;
    const solver = has(args, 'analysis') ? new Solver() : undefined;
    try {
      // The read models select the deals (caught up first), so a narrow export reads few streams.
      await withLedger(
        storeUrl,
        async (ledger) => {
          await ledger.catchUp();
          const deals = asOf === undefined ? ledger : asOfLedgerDeals(ledger, await ledger.asOf(asOfOfText(asOf)));
          const source = ledgerDealSource(deals, filter, { pageSize: 500 });
          const onProblem = (p: DealExportProblem) => {
            problems++;
            io.stderr.write(`skat-ledger export ndjson: ${p.dealId}: ${p.reason}\n`);
          };
          await writeLines(
            out.stream,
            workers > 0
              ? ndjsonDealBlocksOnWorkers(source, filter, onProblem, {
                  storeUrl,
                  workers,
                  // Asked for by count: from the first batch; by default only for a long export.
                  ...(workersAsked !== undefined ? { startAfter: 0 } : {}),
                })
              : ndjsonDealBlocks(
                  source,
                  filter,
                  onProblem,
                  has(args, 'analysis')
                    ? async (record, events) => ({ analysis: analysisJson(await analyzeDeal(record.dealId, events as readonly RecordedEvent[], { solver })) })
                    : undefined,
                ),
            out.closed,
          );
        },
        io.env,
      );
    } finally {
      await out.finish();
    }
    return problems > 0 ? 1 : 0;
  },
};

export default exportNdjson;
