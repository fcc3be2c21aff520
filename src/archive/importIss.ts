import { statSync } from 'node:fs';
import type { NewEvent } from '../eventStore/eventStore';
import { eventIdFor } from '../eventStore/eventIds';
import type { AppendDealOutcome, CommandContext, CommandOutcome } from '../ledger/ledgerTypes';
import { IllegalCommandError } from '../ledger/errors';
import type { OpenTable } from '../table/commands';
import { seriesNewcomers } from '../table/seriesNewcomers';
import type { TableState } from '../table/tableState';
import { judgeIssLine } from '../format/iss/judgeIssLine';
import { ISS_PROFILE } from '../rules/variant/iss';
import { issLineBatches, overlongLineReason, type IssLineEncoding } from '../format/iss/issLineSource';
import { openIssInput, STDIN_NAME } from './issInput';
import { ISS_PROFILE_ID, issTableId } from '../format/iss/import/issDealPlan';
import { ISS_IMPORT_SOURCE, issRecordToEvents, type IssDealEvents } from '../format/iss/import/issRecordToEvents';

/**
 * What the importer needs of the Ledger: one deal's events appended as a new stream, and (when
 * offered) commands, used to open each series' table `iss-series-<SE>` once.
 */
export interface IssImportTarget {
  appendDealEvents(dealId: string, events: readonly NewEvent[]): Promise<AppendDealOutcome>;
  execute?(command: OpenTable, ctx: CommandContext): Promise<CommandOutcome>;
  /**
   * The series table as stored before this run: its state (players, newcomers) and the highest
   * deal number among its deals (0 when none); null when it was never opened. Without it every run
   * numbers a series from 1 and knows only the players it meets itself.
   */
  seriesTable?(tableId: string): Promise<{ readonly state: TableState; readonly lastDealNumber: number } | null>;
  /** Appends events to the table's stream (newcomers joining an imported series). */
  appendTableEvents?(tableId: string, events: readonly NewEvent[]): Promise<void>;
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

/** What a run knows of one series: the last deal number given and the table's players (null: not open yet). */
interface SeriesSeen {
  lastDealNumber: number;
  players: string[] | null;
}

/** Per-run state: the series met so far. */
interface RunState {
  readonly summary: IssImportSummary;
  readonly maxListed: number;
  readonly series: Map<string, SeriesSeen>;
}

const newRun = (options: IssImportOptions): RunState => ({ summary: emptyImportSummary(), maxListed: options.maxRejectionsListed ?? 1000, series: new Map() });

/**
 * A series met for the first time in this run continues where the store left it (an archive
 * imported month by month numbers its deals as one run would).
 */
async function seriesSeen(target: IssImportTarget, run: RunState, series: string, tableId: string): Promise<SeriesSeen> {
  let seen = run.series.get(series);
  if (!seen) {
    const stored = (await target.seriesTable?.(tableId)) ?? null;
    const opened = stored?.state.opened ?? null;
    seen = { lastDealNumber: stored?.lastDealNumber ?? 0, players: opened ? [...opened.players] : null };
    run.series.set(series, seen);
  }
  return seen;
}

const tableContext = (commandId: string, occurredAt: string): CommandContext => ({ commandId, actorId: ISS_IMPORT_SOURCE, role: 'system', source: ISS_IMPORT_SOURCE, occurredAt });

/**
 * The table of a series, opened by the first record of the series with that record's players in
 * seat order (rearhand deals first, R2). A table opened before is left as it is.
 */
async function openSeriesTable(target: IssImportTarget, deal: IssDealEvents, occurredAt: string): Promise<void> {
  if (!target.execute || deal.tableId === null || deal.series === null) return;
  const commandId = `${ISS_IMPORT_SOURCE}:table:${deal.series}`;
  try {
    await target.execute(
      { type: 'OpenTable', tableId: deal.tableId, players: [...deal.players], firstDealer: deal.players[2], profileId: ISS_PROFILE_ID },
      tableContext(commandId, occurredAt),
    );
  } catch (err) {
    if (!(err instanceof IllegalCommandError)) throw err; // opened earlier (another run): keep it
  }
}

/**
 * An ISS series keeps three seats while the accounts in them change: a player the table has not
 * seen joins its list (TablePlayersJoined), so the score sheet gets their column and totals.
 */
async function admitNewcomers(target: IssImportTarget, seen: SeriesSeen, deal: IssDealEvents, occurredAt: string): Promise<void> {
  if (deal.tableId === null || seen.players === null) return;
  const joined = seriesNewcomers({ tableId: deal.tableId, players: seen.players }, deal.players, `iss:${deal.recordId}`);
  if (!joined) return;
  if (target.appendTableEvents) {
    const commandId = `${ISS_IMPORT_SOURCE}:table:${deal.series}:join:${deal.recordId}`;
    const ctx = tableContext(commandId, occurredAt);
    await target.appendTableEvents(deal.tableId, [
      { type: joined.type, data: joined.data, metadata: { eventId: eventIdFor(commandId, 0), commandId, actorId: ctx.actorId, source: ctx.source, occurredAt, schemaVersion: '1' } },
    ]);
  }
  seen.players.push(...joined.data.players);
}

/** Imports one line into the summary; never throws for a bad record, only for a failing store. */
async function importLine(target: IssImportTarget, line: string, lineNumber: number, file: string | null, run: RunState, encoding: IssLineEncoding = 'utf8'): Promise<void> {
  const { summary, maxListed } = run;
  if (line.trim() === '') return;
  summary.records++;
  const reject = (id: string | null, reason: string) => {
    summary.rejectedCount++;
    if (summary.rejected.length < maxListed) summary.rejected.push({ file, line: lineNumber, id, reason });
  };
  // The one judgement `iss verify` makes too: the same records are rejected, for the same reason.
  const judged = judgeIssLine(line, ISS_PROFILE);
  if (judged.kind === 'rejected') return reject(judged.id, judged.reason);
  const series = judged.record.header.find((h) => h.key === 'SE')?.value;
  const seen = series === undefined ? null : await seriesSeen(target, run, series, issTableId(series));
  const dealNumber = seen === null ? undefined : seen.lastDealNumber + 1;
  const converted = issRecordToEvents(judged.record, { line, lineNumber, file, dealNumber, encoding });
  // An accepted record always converts (the deal decider runs the same engine); say so if not.
  if (!converted.ok) return reject(converted.id, `internal: accepted by the record judgement but refused by the deal decider: ${converted.reason}`);
  const deal = converted.deal;
  if (seen !== null) {
    const occurredAt = deal.events[0].metadata.occurredAt ?? '';
    if (seen.players === null) {
      await openSeriesTable(target, deal, occurredAt);
      seen.players = [...deal.players];
    } else await admitNewcomers(target, seen, deal, occurredAt);
  }
  const outcome = await target.appendDealEvents(deal.dealId, deal.events);
  if (outcome.status === 'alreadyPresent') summary.alreadyPresent++;
  else {
    // Only a deal appended now takes the number: one already present kept the number it was given.
    if (seen !== null && dealNumber !== undefined) seen.lastDealNumber = dealNumber;
    summary.imported++;
    summary.events += deal.events.length;
  }
}

/** An overlong line (cut by the reader, its text never held) is rejected like a malformed record. */
function rejectOverlong(lineNumber: number, file: string | null, run: RunState): void {
  run.summary.records++;
  run.summary.rejectedCount++;
  if (run.summary.rejected.length < run.maxListed) run.summary.rejected.push({ file, line: lineNumber, id: null, reason: overlongLineReason });
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
 * Streams each file in 64 KiB chunks (memory stays flat whatever the size, a line without end
 * included: a line over MAX_RECORD_LENGTH is skipped to its end and rejected with its number) and
 * imports every record; a malformed record is listed with its line and reason and the rest go on.
 */
export async function importIssFiles(
  target: IssImportTarget,
  files: readonly string[],
  options: IssImportOptions = {},
  onProgress?: (progress: IssImportProgress) => void,
): Promise<IssImportSummary> {
  const run = newRun(options);
  const summary = run.summary;
  // Standard input (`-`) has no size: progress then counts what was read.
  const sizes = files.map((f) => (f === STDIN_NAME ? 0 : statSync(f).size));
  const totalBytes = sizes.reduce((n, s) => n + s, 0);
  let doneBytes = 0;
  for (let f = 0; f < files.length; f++) {
    const file = files[f];
    // The line source `iss verify` reads with: BOM skipped, Latin-1 lines kept, .gz/.bz2 streamed.
    const input = openIssInput(file);
    let lastReport = 0;
    try {
      for await (const batch of issLineBatches(input.chunks)) {
        // Lines of one chunk are cut synchronously, then imported one by one (the store is async).
        for (const l of batch) {
          if (l.overlong) rejectOverlong(l.lineNumber, file, run);
          else await importLine(target, l.text, l.lineNumber, file, run, l.encoding);
        }
        if (onProgress && summary.records - lastReport >= 200) {
          lastReport = summary.records;
          const bytesRead = doneBytes + input.bytesRead();
          // Standard input has no size: its progress is what was read so far.
          onProgress({ file, bytesRead, totalBytes: Math.max(totalBytes, bytesRead), summary });
        }
      }
    } finally {
      input.close();
    }
    doneBytes += sizes[f] || input.bytesRead();
    onProgress?.({ file, bytesRead: doneBytes, totalBytes: Math.max(totalBytes, doneBytes), summary });
  }
  return summary;
}
