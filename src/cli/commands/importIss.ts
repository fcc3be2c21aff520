import { existsSync, statSync } from 'node:fs';
import { STDIN_NAME } from '../../archive/issInput';
import { quietWhenPipeCloses } from '../closedPipe';
import { has, parseArgs } from '../args';
import { UsageError, type CliCommand } from '../command';
import { importIssFiles } from '../../archive/importIss';
import { bulkImportTarget } from '../../archive/bulkImportTarget';
import { EXIT_CODES_HELP, STORE_HELP, progressBar, redactUrl, storeUrlOf, withLedger } from './ledgerCommandSupport';

const help = `Usage: skat-ledger import iss FILE... [--store URL] [--json]

Imports ISS game records (one per line, e.g. iss-games-04-2021.sgf) into the store. A FILE is a
record file, a dump compressed as published (.sgf.gz, .sgf.bz2: recognised by its first bytes) or
- for standard input; each is streamed, so memory stays flat whatever its size. A UTF-8 byte-order
mark is skipped; a line that is not valid UTF-8 is read as Latin-1 (names included) and exported
back byte for byte. Records are judged exactly as \`iss verify\` judges them. Every record becomes one deal, decided by the
same rules as a live table (profile iss): deal id iss-<ID>, table iss-series-<SE>, players by
their ISS names, each event with source import:iss and occurredAt from DT. The record's own result
is kept for audits. Records already in the store are left alone (nothing appended, counted as
already present). A malformed record is reported with its file, line, ID and reason and skipped;
the others are imported. A line longer than 65536 characters is not held in memory: it is skipped
to its end and reported as rejected with its line number.

A series may be imported in several runs (e.g. one monthly archive after another): the deals of a
series already in the store keep their numbers and new ones continue from the highest. An ISS
series has three seats whose accounts may change: a player met in a later record of the series
joins the table's list (event TablePlayersJoined), so the score sheet shows their column, totals
and Seeger-Fabian line (each stretch of the same three players is scored as a 3-table).

${STORE_HELP}
  --json        print one JSON object instead of text:
                {"records":N,"imported":I,"alreadyPresent":K,"rejected":[{"file","line","id","reason"}],"rejectedCount":R,"events":E}

A progress bar is drawn on stderr when it is a terminal.
${EXIT_CODES_HELP} Here 1 = some records were rejected (the rest were imported).

Example: npx skat-ledger import iss ../shared/data/iss/*.sgf --store sqlite:./data/skat-ledger.db`;

const importIss: CliCommand = {
  path: ['import', 'iss'],
  summary: 'Import ISS game records into a store',
  help,
  async run(argv, io) {
    const args = parseArgs(argv, { values: ['store'], switches: ['json'] });
    const files = args.positional;
    if (files.length === 0) throw new UsageError('name at least one ISS file to import');
    for (const f of files) {
      if (f === STDIN_NAME) continue;
      if (!existsSync(f)) throw new UsageError(`no such file: ${f}`);
      if (!statSync(f).isFile()) throw new UsageError(`not a file: ${f}`);
    }
    const storeUrl = storeUrlOf(args, io);
    const bar = progressBar(io, 'import');
    const summary = await withLedger(storeUrl, async (ledger) => {
      const target = bulkImportTarget(ledger);
      const s = await importIssFiles(target, files, {}, (p) => bar.update(p.bytesRead / Math.max(1, p.totalBytes), `${p.summary.records} records, ${p.summary.imported} new, ${p.summary.rejectedCount} rejected`));
      bar.done();
      await target.flush();
      return s;
    });
    const stdout = quietWhenPipeCloses(io.stdout).stream;
    if (has(args, 'json')) {
      stdout.write(JSON.stringify(summary) + '\n');
    } else {
      for (const r of summary.rejected) stdout.write(`REJECTED ${r.file ?? '-'}:${r.line}${r.id ? ` ID[${r.id}]` : ''}: ${r.reason}\n`);
      if (summary.rejectedCount > summary.rejected.length) stdout.write(`... and ${summary.rejectedCount - summary.rejected.length} more rejected records\n`);
      const what =
        summary.imported === 0 && summary.alreadyPresent > 0
          ? `nothing appended: all ${summary.alreadyPresent} readable records were already present`
          : `${summary.imported} deals imported (${summary.events} events), ${summary.alreadyPresent} already present`;
      stdout.write(`${redactUrl(storeUrl)}: ${summary.records} records read; ${what}; ${summary.rejectedCount} rejected\n`);
    }
    return summary.rejectedCount > 0 ? 1 : 0;
  },
};

export default importIss;
