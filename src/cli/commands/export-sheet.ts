import { flag, parseArgs } from '../args';
import { UsageError, type CliCommand } from '../command';
import { asOfOfText } from '../../ledger/ledger';
import { scoreSheetCsv } from '../../archive/sheet/sheet-csv';
import { scoreSheetHtml } from '../../archive/sheet/sheet-html';
import { asOfFlag, EXIT_CODES_HELP, STORE_HELP, outputOf, storeUrlOf, withLedger } from './ledger-command-support';

const FORMATS = ['csv', 'html'] as const;

const help = `Usage: skat-ledger export sheet --table ID [--format csv|html] [--as-of POSITION|TIME] [--store URL] [--out FILE]

Writes a table's score sheet (Spielliste): one row per deal with the dealer, declarer, game,
outcome, the declarer's entry (R34; corrections shown beside the original) and every player's
running total, then the Seeger-Fabian block (R35: game points, 50 x (won - lost), 40 or 30 per
opponent's lost game, total, loss fees).

  --table ID      the table (ISS series: iss-series-<SE>)
  --format csv    RFC 4180 CSV (default): the list, an empty line, then the Seeger-Fabian rows
  --format html   a printable, self-contained HTML page (A4); print it or save it as PDF
  --as-of AT      the list as it stood at that moment of the log: a log position (digits) or an
                  ISO 8601 time; deals and corrections after it are left out
${STORE_HELP}
  --out FILE      write to FILE instead of stdout

${EXIT_CODES_HELP} Here 1 = the list has problems (a dealer out of turn, a deal missing, a
foreign player: each named at its row, every row and total still written); 2 also = no such table.

Example: npx skat-ledger export sheet --table iss-series-251395 --format html --out liste.html`;

const exportSheet: CliCommand = {
  path: ['export', 'sheet'],
  summary: "Export a table's score sheet (csv, html)",
  help,
  async run(argv, io) {
    const args = parseArgs(argv, { values: ['store', 'table', 'format', 'out', 'as-of'] });
    if (args.positional.length > 0) throw new UsageError(`unexpected argument ${args.positional[0]}`);
    const tableId = flag(args, 'table');
    if (tableId === undefined || tableId === '') throw new UsageError('--table ID is required');
    const format = flag(args, 'format') ?? 'csv';
    if (!(FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format must be ${FORMATS.join(' or ')}, got ${format}`);
    const asOf = asOfFlag(args);
    const sheet = await withLedger(
      storeUrlOf(args, io),
      async (ledger) => {
        await ledger.catchUp();
        return asOf === undefined ? ledger.scoreSheet(tableId) : (await ledger.asOf(asOfOfText(asOf))).sheets.sheetOf(tableId);
      },
      io.env,
    );
    if (!sheet) {
      io.stderr.write(`skat-ledger export sheet: no table ${tableId} in the store\n`);
      return 2;
    }
    const out = outputOf(flag(args, 'out'), io);
    try {
      out.stream.write(
        format === 'csv' ? scoreSheetCsv(sheet) : scoreSheetHtml(sheet, { generatedAt: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC' }),
      );
    } finally {
      await out.finish();
    }
    // The sheet is written in full either way; its problems (named on it) make the exit code 1.
    if (sheet.problems.length > 0) {
      io.stderr.write(`skat-ledger export sheet: the list of ${tableId} has ${sheet.problems.length} problem(s): ${sheet.problem}\n`);
      return 1;
    }
    return 0;
  },
};

export default exportSheet;
