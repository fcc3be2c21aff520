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
import { ndjsonDealBlocks, writeLines } from '../../archive/ndjson/ndjson-writer';
import { GAME_TYPES } from '../../rules/declaration';
import { asOfFlag, EXIT_CODES_HELP, STORE_HELP, outputOf, storeUrlOf, withLedger } from './ledger-command-support';

const help = `Usage: skat-ledger export ndjson [--store URL] [filters] [--as-of POSITION|TIME] [--out FILE]

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

${EXIT_CODES_HELP} Here 1 = some deals could not be read (listed on stderr).

Example: npx skat-ledger export ndjson --player xskat --game-type grand --from 2017-01-01 > grands.ndjson`;

const exportNdjson: CliCommand = {
  path: ['export', 'ndjson'],
  summary: 'Export deals as NDJSON hand histories',
  help,
  async run(argv, io) {
    const args = parseArgs(argv, {
      values: ['store', 'player', 'table', 'tournament', 'from', 'to', 'game-type', 'result', 'source', 'out', 'as-of'],
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
    const out = outputOf(flag(args, 'out'), io);
    let problems = 0;
    const solver = has(args, 'analysis') ? new Solver() : undefined;
    try {
      // The read models select the deals (caught up first), so a narrow export reads few streams.
      await withLedger(
        storeUrlOf(args, io),
        async (ledger) => {
          await ledger.catchUp();
          const deals = asOf === undefined ? ledger : asOfLedgerDeals(ledger, await ledger.asOf(asOfOfText(asOf)));
          await writeLines(
            out.stream,
            ndjsonDealBlocks(
              ledgerDealSource(deals, filter, { pageSize: 500 }),
              filter,
              (p) => {
                problems++;
                io.stderr.write(`skat-ledger export ndjson: ${p.dealId}: ${p.reason}\n`);
              },
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
