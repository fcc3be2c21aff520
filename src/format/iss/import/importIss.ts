import { createReadStream, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { NewEvent } from '../../../eventStore/eventStore';
import type { AppendDealOutcome } from '../../../ledger/ledgerTypes';
import { readIssRecord } from '../IssReader';
import { issRecordToEvents } from './issRecordToEvents';

/** What the importer needs of the Ledger: one deal's events appended as a new stream. */
export interface IssImportTarget {
  appendDealEvents(dealId: string, events: readonly NewEvent[]): Promise<AppendDealOutcome>;
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

/** Imports one line into the summary; never throws for a bad record, only for a failing store. */
async function importLine(target: IssImportTarget, line: string, lineNumber: number, file: string | null, summary: IssImportSummary, maxListed: number): Promise<void> {
  if (line.trim() === '') return;
  summary.records++;
  const reject = (id: string | null, reason: string) => {
    summary.rejectedCount++;
    if (summary.rejected.length < maxListed) summary.rejected.push({ file, line: lineNumber, id, reason });
  };
  const read = readIssRecord(line);
  if (!read.ok) return reject(read.error.id, read.error.reason);
  const converted = issRecordToEvents(read.record, { line, lineNumber, file });
  if (!converted.ok) return reject(converted.id, converted.reason);
  const outcome = await target.appendDealEvents(converted.deal.dealId, converted.deal.events);
  if (outcome.status === 'alreadyPresent') summary.alreadyPresent++;
  else {
    summary.imported++;
    summary.events += converted.deal.events.length;
  }
}

/** Imports ISS records held in memory (the API's importIss mutation). */
export async function importIssText(target: IssImportTarget, text: string, options: IssImportOptions = {}): Promise<IssImportSummary> {
  const summary = emptyImportSummary();
  const maxListed = options.maxRejectionsListed ?? 1000;
  let lineNumber = 0;
  let start = 0;
  while (start <= text.length) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    const line = text.slice(start, end).replace(/\r$/, '');
    lineNumber++;
    await importLine(target, line, lineNumber, null, summary, maxListed);
    if (nl < 0) break;
    start = nl + 1;
  }
  return summary;
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
  const summary = emptyImportSummary();
  const maxListed = options.maxRejectionsListed ?? 1000;
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
        await importLine(target, line, lineNumber, file, summary, maxListed);
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
