import { existsSync, statSync } from 'node:fs';
import { STDIN_NAME } from '../../archive/iss-input';
import { quietWhenPipeCloses } from '../closed-pipe';
import { has, parseArgs } from '../args';
import { UsageError, type CliCommand } from '../command';
import { importIssFiles, SOLE_WRITER_IMPORT } from '../../archive/import/import-iss';
import { bulkImportTarget } from '../../archive/import/bulk-import-target';
import { EXIT_CODES_HELP, STORE_HELP, progressBar, redactUrl, storeUrlOf, withLedger } from './ledger-command-support';

const help = `Usage: skat-ledger import iss FILE... [--store URL] [--json]

Imports ISS game records (one per line, e.g. iss-games-04-2021.sgf) into the store. A FILE is a
record file, a dump compressed as published (.sgf.gz, .sgf.bz2: recognised by its first bytes) or
- for standard input; each is streamed (reading holds one chunk, whatever the file's size). A UTF-8 byte-order
mark is skipped; a line that is not valid UTF-8 is read as Latin-1 (names included) and exported
back byte for byte. Records are judged exactly as \`iss verify\` judges them. Every record becomes one deal, decided by the
same rules as a live table (profile iss): deal id iss-<ID>, table iss-series-<SE>, players by
their ISS names, each event with source import:iss and occurredAt from DT. The record's own result
is kept for audits. Deals are written many to a transaction and the read models are loaded when
the import ends; after a crash or kill every deal is wholly stored or not at all, and running the
same import again completes it. A record already stored with the same content is left alone
(nothing appended, counted as already present). A record whose ID is stored with different content
is a conflict: it is listed with the properties that differ and not written (nothing overwrites
history: a deliberate change is a correction); the others are imported. A record whose import
cannot be written because its event ids (command ids import:iss:<ID>, reserved for imports) are
recorded in another stream already, as a store from before the reservation may hold, is a
conflict too ("blocked", with takenBy naming that stream); the others are imported. A malformed record is
reported with its file, line, ID and reason and skipped; the others are imported. A line longer than 65536 characters is not held in memory: it is skipped
to its end and reported as rejected with its line number.

A series may be imported in several runs (e.g. one monthly archive after another): the deals of a
series already in the store keep their numbers and new ones continue from the highest. An ISS
series has three seats whose accounts may change: a player met in a later record of the series
joins the table's list (event TablePlayersJoined), so the score sheet shows their column, totals
and Seeger-Fabian line (each stretch of the same three players is scored as a 3-table).

${STORE_HELP}
  --json        print one JSON object instead of text:
                {"records":N,"imported":I,"alreadyPresent":K,"rejected":[{"file","line","id","reason"}],"rejectedCount":R,
                 "conflicts":[{"file","line","id","fields":["MV","R.v",...],"storedFile","storedLine"[,"takenBy"]}],"conflictCount":C,"events":E}

A progress bar (records/s and the time left) is drawn on stderr when it is a terminal and --json is not given.
${EXIT_CODES_HELP} Here 1 = some records were rejected or in conflict (the rest were imported).

Example: npx skat-ledger import iss ../shared/data/iss/*.sgf --store sqlite:./data/skat-ledger.db`;

/** `1,234 records/s, 3m 10s left`: the rate so far and the time the rest takes at that rate. */
function importRate(records: number, fraction: number, elapsedMs: number): string {
  const perSecond = elapsedMs > 0 ? (records * 1000) / elapsedMs : 0;
  if (fraction <= 0 || fraction >= 1 || elapsedMs < 1000) return `${Math.round(perSecond)} records/s`;
  const leftS = Math.round(((1 - fraction) / fraction) * (elapsedMs / 1000));
  const left =
    leftS >= 3600
      ? `${Math.floor(leftS / 3600)}h ${Math.floor((leftS % 3600) / 60)}m`
      : leftS >= 60
        ? `${Math.floor(leftS / 60)}m ${leftS % 60}s`
        : `${leftS}s`;
  return `${Math.round(perSecond)} records/s, ${left} left`;
}

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
    const json = has(args, 'json');
    const bar = json ? { update: () => undefined, done: () => undefined } : progressBar(io, 'import');
    const started = Date.now();
    const summary = await withLedger(
      storeUrl,
      async (ledger) => {
        const s = await importIssFiles(bulkImportTarget(ledger), files, SOLE_WRITER_IMPORT, (p) => {
          const fraction = p.bytesRead / Math.max(1, p.totalBytes);
          bar.update(
            fraction,
            `${p.summary.records} records, ${importRate(p.summary.records, fraction, Date.now() - started)}, ${p.summary.imported} new, ${p.summary.rejectedCount} rejected, ${p.summary.conflictCount} conflicts`,
          );
        });
        bar.done();
        return s;
      },
      io.env,
    );
    const stdout = quietWhenPipeCloses(io.stdout).stream;
    if (json) {
      stdout.write(JSON.stringify(summary) + '\n');
    } else {
      for (const r of summary.rejected) stdout.write(`REJECTED ${r.file ?? '-'}:${r.line}${r.id ? ` ID[${r.id}]` : ''}: ${r.reason}\n`);
      if (summary.rejectedCount > summary.rejected.length) stdout.write(`... and ${summary.rejectedCount - summary.rejected.length} more rejected records\n`);
      for (const c of summary.conflicts) {
        const stored = c.storedLine === null ? '' : ` (stored from ${c.storedFile ?? '-'}:${c.storedLine})`;
        if (c.takenBy !== undefined) stdout.write(`CONFLICT ${c.file ?? '-'}:${c.line} ID[${c.id}]: blocked ${c.fields.join(', ')}; not imported\n`);
        else
          stdout.write(
            `CONFLICT ${c.file ?? '-'}:${c.line} ID[${c.id}]: stored with different content${stored}; differs in ${c.fields.join(', ')}; not imported\n`,
          );
      }
      if (summary.conflictCount > summary.conflicts.length) stdout.write(`... and ${summary.conflictCount - summary.conflicts.length} more conflicts\n`);
      // Readable: every record not rejected (imported, already present or in conflict).
      const readable = summary.records - summary.rejectedCount;
      const what =
        summary.imported === 0 && summary.alreadyPresent > 0
          ? summary.alreadyPresent === readable
            ? `nothing appended: all ${readable} readable records were already present`
            : `nothing appended: ${summary.alreadyPresent} of ${readable} readable records were already present`
          : `${summary.imported} deals imported (${summary.events} events), ${summary.alreadyPresent} already present`;
      stdout.write(`${redactUrl(storeUrl)}: ${summary.records} records read; ${what}; ${summary.rejectedCount} rejected; ${summary.conflictCount} conflicts\n`);
    }
    return summary.rejectedCount > 0 || summary.conflictCount > 0 ? 1 : 0;
  },
};

export default importIss;
