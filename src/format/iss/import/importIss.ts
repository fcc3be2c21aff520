import { createReadStream, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { NewEvent } from '../../../eventStore/eventStore';
import type { AppendDealOutcome, CommandContext, CommandOutcome } from '../../../ledger/ledgerTypes';
import { IllegalCommandError } from '../../../ledger/errors';
import type { OpenTable } from '../../../table/commands';
import { readIssRecord } from '../IssReader';
import { ISS_PROFILE_ID } from './issDealPlan';
import { ISS_IMPORT_SOURCE, issRecordToEvents, type IssDealEvents } from './issRecordToEvents';

/**
 * What the importer needs of the Ledger: one deal's events appended as a new stream, and (when
 * offered) commands, used to open each series' table `iss-series-<SE>` once.
 */
export interface IssImportTarget {
  appendDealEvents(dealId: string, events: readonly NewEvent[]): Promise<AppendDealOutcome>;
  execute?(command: OpenTable, ctx: CommandContext): Promise<CommandOutcome>;
}

export interface IssRejection {
  /** The file the record came from (null for imported text). */
  readonly file: string | null;
  /** 1-based line number in that file or text. */
  readonly line: number;
  /** The record's ID when it could be read. */
  readonly id: string | null;
  readonly reason: string;
}

export interface IssImportSummary {
  /** Record lines read (blank lines are not records). */
  records: number;
  /** Deals appended now. */
  imported: number;
  /** Deals that were in the store already: nothing appended. */
  alreadyPresent: number;
  /** The first `maxRejectionsListed` rejected records; `rejectedCount` counts them all. */
  rejected: IssRejection[];
  rejectedCount: number;
  /** Events appended now (0 on a re-import). */
  events: number;
}

export interface IssImportOptions {
  /** Stop listing rejections after this many (they are still counted). Default 1000. */
  readonly maxRejectionsListed?: number;
}

export interface IssImportProgress {
  readonly file: string | null;
  readonly bytesRead: number;
  readonly totalBytes: number;
  readonly summary: Readonly<IssImportSummary>;
}

export const emptyImportSummary = (): IssImportSummary => ({ records: 0, imported: 0, alreadyPresent: 0, rejected: [], rejectedCount: 0, events: 0 });

/** Per-run state: deals counted per series (their deal numbers) and tables already opened. */
interface RunState {
  readonly summary: IssImportSummary;
  readonly maxListed: number;
  readonly seriesCount: Map<string, number>;
}

const newRun = (options: IssImportOptions): RunState => ({ summary: emptyImportSummary(), maxListed: options.maxRejectionsListed ?? 1000, seriesCount: new Map() });

/**
 * The table of a series, opened by the first record of the series met in this run with that
 * record's players in seat order (rearhand deals first, R2). A table opened before is left as it is.
 */
async function openSeriesTable(target: IssImportTarget, deal: IssDealEvents, occurredAt: string): Promise<void> {
  if (!target.execute || deal.tableId === null || deal.series === null) return;
  const commandId = `${ISS_IMPORT_SOURCE}:table:${deal.series}`;
  try {
    await target.execute(
      { type: 'OpenTable', tableId: deal.tableId, players: [...deal.players], firstDealer: deal.players[2], profileId: ISS_PROFILE_ID },
      { commandId, actorId: ISS_IMPORT_SOURCE, role: 'system', source: ISS_IMPORT_SOURCE, occurredAt },
    );
  } catch (err) {
    if (!(err instanceof IllegalCommandError)) throw err; // opened earlier (another run): keep it
  }
}

/** Imports one line into the summary; never throws for a bad record, only for a failing store. */
async function importLine(target: IssImportTarget, line: string, lineNumber: number, file: string | null, run: RunState): Promise<void> {
  const { summary, maxListed } = run;
  if (line.trim() === '') return;
  summary.records++;
  const reject = (id: string | null, reason: string) => {
    summary.rejectedCount++;
    if (summary.rejected.length < maxListed) summary.rejected.push({ file, line: lineNumber, id, reason });
  };
  const read = readIssRecord(line);
  if (!read.ok) return reject(read.error.id, read.error.reason);
  const series = read.record.header.find((h) => h.key === 'SE')?.value;
  const dealNumber = series === undefined ? undefined : (run.seriesCount.get(series) ?? 0) + 1;
  const converted = issRecordToEvents(read.record, { line, lineNumber, file, dealNumber });
  if (!converted.ok) return reject(converted.id, converted.reason);
  if (series !== undefined) {
    if (dealNumber === 1) await openSeriesTable(target, converted.deal, converted.deal.events[0].metadata.occurredAt ?? '');
    run.seriesCount.set(series, dealNumber ?? 1);
  }
  const outcome = await target.appendDealEvents(converted.deal.dealId, converted.deal.events);
  if (outcome.status === 'alreadyPresent') summary.alreadyPresent++;
  else {
    summary.imported++;
    summary.events += converted.deal.events.length;
  }
}

/** Imports ISS records held in memory (the API's importIss mutation). */
export async function importIssText(target: IssImportTarget, text: string, options: IssImportOptions = {}): Promise<IssImportSummary> {
  const run = newRun(options);
  let lineNumber = 0;
  let start = 0;
  while (start <= text.length) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    const line = text.slice(start, end).replace(/\r$/, '');
    lineNumber++;
    await importLine(target, line, lineNumber, null, run);
    if (nl < 0) break;
    start = nl + 1;
  }
  return run.summary;
}

/**
 * Streams each file line by line (memory stays flat whatever the size) and imports every record;
 * a malformed record is listed with its line and reason and the rest go on.
 */
export async function importIssFiles(
  target: IssImportTarget,
  files: readonly string[],
  options: IssImportOptions = {},
  onProgress?: (progress: IssImportProgress) => void,
): Promise<IssImportSummary> {
  const run = newRun(options);
  const summary = run.summary;
  const totalBytes = files.reduce((n, f) => n + statSync(f).size, 0);
  let doneBytes = 0;
  for (const file of files) {
    const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 16 });
    const lines = createInterface({ input: stream, crlfDelay: Infinity });
    let lineNumber = 0;
    let lastReport = 0;
    try {
      for await (const line of lines) {
        lineNumber++;
        await importLine(target, line, lineNumber, file, run);
        if (onProgress && summary.records - lastReport >= 200) {
          lastReport = summary.records;
          onProgress({ file, bytesRead: doneBytes + stream.bytesRead, totalBytes, summary });
        }
      }
    } finally {
      lines.close();
      stream.destroy();
    }
    doneBytes += statSync(file).size;
    onProgress?.({ file, bytesRead: doneBytes, totalBytes, summary });
  }
  return summary;
}
