import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dealStreamName } from '../../deal/events';
import { ConcurrencyError, EventIdTakenError } from '../../event-store/errors';
import type { AppendBatch, GroupCommit, NewEvent, NewStreamSealing } from '../../event-store/event-store';
import type { CommandContext } from '../../command-handling/command-types';
import { IllegalCommandError } from '../../kernel/errors';
import { tableStreamName } from '../../table/events';
import { seriesNewcomers } from '../../table/series-newcomers';
import { issPropertyValue, readIssRecord } from '../../format/iss/iss-reader';
import type { IssRecord } from '../../format/iss/iss-record';
import { judgeIssLine } from '../../format/iss/judge-iss-line';
import { ISS_PROFILE } from '../../rules/variant/iss';
import { issLineBatches, overlongLineReason, type IssLineEncoding, type IssSourceLine } from '../../format/iss/iss-line-source';
import { openIssInput, STDIN_NAME } from '../iss-input';
import { ISS_PROFILE_ID, issDealId, issTableId } from './iss-deal-plan';
import { issRecordDifferences } from '../../format/iss/iss-record-differences';
import { ISS_RECORD_IMPORTED, type IssRecordImportedData } from '../../format/iss/iss-record-imported';
import { ISS_IMPORT_SOURCE, issImportMetadata } from './iss-import-metadata';
import { issRecordToEvents, type IssDealEvents } from './iss-record-to-events';
import type { IssImportTarget } from './iss-import-target';
import { PendingAppend, type PendingDeal } from './pending-append';
import type { IssLineDecision } from './decide-iss-lines';
import { defaultWorkers, IssDecidePipeline } from './iss-decide-pipeline';
import { SeriesGuesses } from './series-guesses';
import { emptyImportSummary, type IssConflict, type IssImportOptions, type IssImportProgress, type IssImportSummary } from './iss-import-summary';

export type { IssImportTarget } from './iss-import-target';
export {
  emptyImportSummary,
  type IssConflict,
  type IssImportOptions,
  type IssImportProgress,
  type IssImportSummary,
  type IssRejection,
} from './iss-import-summary';

/** Below this much input, starting the worker (about 0.1 s) costs more than it saves. */
export const PARALLEL_IMPORT_FROM_BYTES = 4 << 20;
/** Lines per batch handed to the worker. */
const WORKER_BATCH_LINES = 200;

const DEFAULT_BATCH_EVENTS = 20_000;

/**
 * The CLI's options: the import holds its store alone, so it commits every 100,000 events (the
 * raw-insert benchmark's transaction) and writes batches of 4,000 into the open transaction.
 */
export const SOLE_WRITER_IMPORT: IssImportOptions = { batchEvents: 4_000, groupCommitEvents: 100_000 };
const DEFAULT_MAX_SERIES = 100_000;

/** What a run knows of one series: the last deal number given and the table's players (null: not open yet). */
interface SeriesSeen {
  lastDealNumber: number;
  players: string[] | null;
}

/** What the series tables need of a deal. */
type DealHead = Pick<IssDealEvents, 'recordId' | 'dealId' | 'tableId' | 'series' | 'players'>;

/** Per-run state: the series met so far and the batches not yet written. */
interface RunState {
  readonly summary: IssImportSummary;
  readonly maxListed: number;
  readonly batchEvents: number;
  /** The store's group commit when this run may use it, and events per commit. */
  readonly group: { readonly commit: GroupCommit; readonly events: number } | null;
  /** Events written into the open group since it began. */
  groupEvents: number;
  readonly maxSeries: number;
  readonly series: Map<string, SeriesSeen>;
  readonly pending: PendingAppend;
}

const newRun = (target: IssImportTarget, options: IssImportOptions): RunState => ({
  summary: emptyImportSummary(),
  maxListed: options.maxRejectionsListed ?? 1000,
  batchEvents: options.batchEvents ?? DEFAULT_BATCH_EVENTS,
  group: target.store.groupCommit && options.groupCommitEvents !== undefined ? { commit: target.store.groupCommit, events: options.groupCommitEvents } : null,
  groupEvents: 0,
  maxSeries: options.maxSeriesRemembered ?? DEFAULT_MAX_SERIES,
  series: new Map(),
  pending: new PendingAppend(target.store),
});

const tablesOffered = (target: IssImportTarget): boolean => target.seriesTable !== undefined && target.openTableEvents !== undefined;

/**
 * A series met for the first time in this run continues where the store left it (an archive
 * imported month by month numbers its deals as one run would).
 */
async function seriesSeen(target: IssImportTarget, run: RunState, series: string): Promise<SeriesSeen> {
  let seen = run.series.get(series);
  if (!seen) {
    const stored = (await target.seriesTable?.(issTableId(series))) ?? null;
    const opened = stored?.state.opened ?? null;
    seen = { lastDealNumber: stored?.lastDealNumber ?? 0, players: opened ? [...opened.players] : null };
    run.series.set(series, seen);
  }
  return seen;
}

const tableContext = (commandId: string, occurredAt: string): CommandContext => ({
  commandId,
  actorId: ISS_IMPORT_SOURCE,
  role: 'system',
  source: ISS_IMPORT_SOURCE,
  occurredAt,
});

/**
 * The table of a series, opened by the first record of the series with that record's players in
 * seat order (rearhand deals first, R2), in the same batch as the deal.
 */
function openSeriesTable(target: IssImportTarget, run: RunState, deal: DealHead, occurredAt: string): void {
  if (!target.openTableEvents || deal.tableId === null || deal.series === null) return;
  const commandId = `${ISS_IMPORT_SOURCE}:table:${deal.series}`;
  try {
    const events = target.openTableEvents(
      { type: 'OpenTable', tableId: deal.tableId, players: [...deal.players], firstDealer: deal.players[2], profileId: ISS_PROFILE_ID },
      tableContext(commandId, occurredAt),
    );
    if (events.length > 0) run.pending.addStream(tableStreamName(deal.tableId), events, 'noStream');
  } catch (err) {
    if (!(err instanceof IllegalCommandError)) throw err; // a table the rules refuse: its deals are still imported
  }
}

/**
 * An ISS series keeps three seats while the accounts in them change: a player the table has not
 * seen joins its list (TablePlayersJoined), so the score sheet gets their column and totals.
 */
function admitNewcomers(run: RunState, seen: SeriesSeen, deal: DealHead, occurredAt: string): void {
  if (deal.tableId === null || seen.players === null) return;
  const joined = seriesNewcomers({ tableId: deal.tableId, players: seen.players }, deal.players, `iss:${deal.recordId}`);
  if (!joined) return;
  const commandId = `${ISS_IMPORT_SOURCE}:table:${deal.series}:join:${deal.recordId}`;
  run.pending.addStream(
    tableStreamName(deal.tableId),
    [
      {
        type: joined.type,
        data: joined.data,
        metadata: issImportMetadata(commandId, 0, occurredAt, '1'),
      },
    ],
    'streamExists',
  );
  seen.players.push(...joined.data.players);
}

/** The record a deal id stands for now: waiting in this run's batch, or stored (null: neither). */
interface StoredRecord {
  /** The record's line; null when the stream is not an imported ISS record. */
  readonly line: string | null;
  readonly file: string | null;
  readonly lineNumber: number | null;
}

async function storedRecord(target: IssImportTarget, run: RunState, dealId: string): Promise<StoredRecord | null> {
  const waiting: PendingDeal | undefined = run.pending.deal(dealId);
  if (waiting) return { line: waiting.line, file: waiting.file, lineNumber: waiting.lineNumber };
  const stream = dealStreamName(dealId);
  const tail = await target.store.readStream(stream, { direction: 'backwards', maxCount: 1 });
  if (!tail.exists) return null;
  // An imported deal ends with its record; a later correction would follow it, so look further then.
  let imported = tail.events.find((e) => e.type === ISS_RECORD_IMPORTED);
  if (!imported) imported = (await target.store.readStream(stream)).events.find((e) => e.type === ISS_RECORD_IMPORTED);
  if (!imported) return { line: null, file: null, lineNumber: null };
  const d = imported.data as IssRecordImportedData;
  return { line: d.line, file: d.sourceFile, lineNumber: d.sourceLine };
}

function reject(run: RunState, file: string | null, line: number, id: string | null, reason: string): void {
  run.summary.rejectedCount++;
  if (run.summary.rejected.length < run.maxListed) run.summary.rejected.push({ file, line, id, reason });
}

function conflict(run: RunState, c: IssConflict): void {
  run.summary.conflictCount++;
  if (run.summary.conflicts.length < run.maxListed) run.summary.conflicts.push(c);
}

/** Fields in which the stored record differs from the incoming one (never empty for different lines). */
function differingFields(stored: StoredRecord, incoming: IssRecord): string[] {
  if (stored.line === null) return ['(the stored deal is not an imported ISS record)'];
  const before = readIssRecord(stored.line);
  if (!before.ok) return ['(the stored record cannot be read any more)'];
  const fields = issRecordDifferences(before.record, incoming);
  return fields.length > 0 ? fields : ['layout'];
}

/**
 * Imports one line into the run; never throws for a bad record, only for a failing store.
 * `decided`: what the worker thread made of the line (judgement, and the deal sealed for the
 * number it guessed), else the line is judged and decided here.
 */
async function importLine(
  target: IssImportTarget,
  line: string,
  lineNumber: number,
  file: string | null,
  run: RunState,
  encoding: IssLineEncoding = 'utf8',
  decided?: IssLineDecision,
): Promise<void> {
  const { summary } = run;
  if (decided === undefined && line.trim() === '') return;
  summary.records++;
  // The one judgement `iss verify` makes too: the same records are rejected, for the same reason.
  let record: IssRecord | null = null;
  let id: string;
  let series: string | undefined;
  if (decided !== undefined) {
    if (decided.kind === 'overlong') return reject(run, file, lineNumber, null, overlongLineReason);
    if (decided.kind === 'rejected') return reject(run, file, lineNumber, decided.id, decided.reason);
    id = decided.id;
    series = decided.series ?? undefined;
  } else {
    const judged = judgeIssLine(line, ISS_PROFILE);
    if (judged.kind === 'rejected') return reject(run, file, lineNumber, judged.id, judged.reason);
    id = judged.id;
    record = judged.record;
    series = record.header.find((h) => h.key === 'SE')?.value;
  }
  // An accepted line always reads (the judgement read it): read again only when the worker judged it.
  const recordOf = (): IssRecord => (record ??= (readIssRecord(line) as { ok: true; record: IssRecord }).record);
  // The same record again is a no-op; a different one with the same ID is a conflict.
  const stored = await storedRecord(target, run, issDealId(id));
  if (stored && stored.line === line) {
    summary.alreadyPresent++;
    return;
  }
  if (stored) {
    return conflict(run, { file, line: lineNumber, id, fields: differingFields(stored, recordOf()), storedFile: stored.file, storedLine: stored.lineNumber });
  }
  const seen = !tablesOffered(target) || series === undefined ? null : await seriesSeen(target, run, series);
  const dealNumber = seen === null ? undefined : seen.lastDealNumber + 1;
  // The worker's deal is what deciding here gives when its guessed number is the one given here.
  const sealed = decided?.kind === 'accepted' && decided.deal !== null && decided.guess === dealNumber && target.store.newStreamSealing ? decided.deal : null;
  let deal: DealHead;
  let occurredAt: string;
  let events: NewEvent[] | null = null;
  if (sealed) {
    deal = sealed;
    occurredAt = sealed.occurredAt;
  } else {
    const converted = issRecordToEvents(recordOf(), { line, lineNumber, file, dealNumber, encoding });
    // An accepted record always converts (the deal decider runs the same engine); say so if not.
    if (!converted.ok)
      return reject(run, file, lineNumber, converted.id, `internal: accepted by the record judgement but refused by the deal decider: ${converted.reason}`);
    deal = converted.deal;
    events = converted.deal.events;
    occurredAt = events[0].metadata.occurredAt ?? '';
  }
  if (seen !== null) {
    if (seen.players === null) {
      openSeriesTable(target, run, deal, occurredAt);
      seen.players = [...deal.players];
    } else admitNewcomers(run, seen, deal, occurredAt);
    // Only a deal appended takes the number: one already present kept the number it was given.
    if (dealNumber !== undefined) seen.lastDealNumber = dealNumber;
  }
  const from = { line, file, lineNumber };
  let count: number;
  if (sealed && target.store.newStreamSealing) {
    count = sealed.rows.length / 4;
    run.pending.addSealedDeal(deal.dealId, target.store.newStreamSealing.adopt(sealed.streamName, sealed.rows, sealed.lastHash, sealed), count, from);
  } else {
    count = (events as NewEvent[]).length;
    run.pending.addDeal(deal.dealId, dealStreamName(deal.dealId), events as NewEvent[], from);
  }
  summary.imported++;
  summary.events += count;
  if (run.pending.events >= run.batchEvents) await flush(target, run);
}

/**
 * Writes the waiting batches in one appendMany (SQLite: one transaction, so after a crash each
 * deal is wholly there or not at all). When another writer appended one of the same deals in
 * between, the batches go one by one and such a deal counts as already present.
 */
async function flush(target: IssImportTarget, run: RunState): Promise<void> {
  if (run.pending.size > 0) {
    const events = run.pending.events;
    const { batches, deals } = run.pending.take();
    if (run.group && !run.group.commit.isOpen()) run.group.commit.begin();
    try {
      await target.store.appendMany(batches);
    } catch (err) {
      // A deal another writer appended meanwhile, or one whose ids are taken: the others still go in.
      if (!(err instanceof ConcurrencyError) && !(err instanceof EventIdTakenError)) throw err;
      await appendOneByOne(target, run, batches, deals);
    }
    if (run.group && (run.groupEvents += events) >= run.group.events) commitGroup(run);
  }
  if (run.series.size > run.maxSeries) {
    // Forget the series met so far; the read models then know their deals for the next lookups.
    commitGroup(run);
    await target.catchUp?.();
    run.series.clear();
  }
}

async function appendOneByOne(target: IssImportTarget, run: RunState, batches: AppendBatch[], deals: Map<string, PendingDeal>): Promise<void> {
  const dealAt = new Map([...deals.entries()].map(([dealId, d]) => [d.index, { dealId, ...d }]));
  for (let i = 0; i < batches.length; i++) {
    try {
      await target.store.appendMany([batches[i]]);
    } catch (err) {
      if (!(err instanceof ConcurrencyError) && !(err instanceof EventIdTakenError)) throw err;
      const deal = dealAt.get(i);
      if (deal) {
        run.summary.imported--;
        run.summary.events -= deal.events;
        if (err instanceof ConcurrencyError) run.summary.alreadyPresent++;
        else conflict(run, blocked(deal, deal.dealId, err));
      } else if (err instanceof EventIdTakenError) {
        // A series table's own events: reported with the record that opens or joins it (the next batch).
        const opener = dealAt.get(i + 1);
        if (opener) conflict(run, blocked(opener, opener.dealId, err, `table ${batches[i].streamName}: `));
      }
    }
  }
}

/** The conflict of a record whose import cannot be written because its ids are taken. */
function blocked(deal: PendingDeal, dealId: string, err: EventIdTakenError, what = ''): IssConflict {
  return {
    file: deal.file,
    line: deal.lineNumber,
    id: dealId.slice(issDealId('').length),
    fields: [`(${what}the event ids of its import are taken by stream ${err.takenBy})`],
    storedFile: null,
    storedLine: null,
    takenBy: err.takenBy,
  };
}

/** An overlong line (cut by the reader, its text never held) is rejected like a malformed record. */
function rejectOverlong(lineNumber: number, file: string | null, run: RunState): void {
  run.summary.records++;
  reject(run, file, lineNumber, null, overlongLineReason);
}

/** Commits the open group (each commit ends at a deal's end: after a crash a deal is whole or absent). */
function commitGroup(run: RunState): void {
  if (!run.group?.commit.isOpen()) return;
  run.group.commit.commit();
  run.groupEvents = 0;
}

async function finish(target: IssImportTarget, run: RunState): Promise<IssImportSummary> {
  await flush(target, run);
  commitGroup(run);
  // The store's page cache is of no use to the read models' load (one read of the log, its own cache): small meanwhile.
  const restore = target.store.releaseMemory?.();
  await Promise.resolve(target.catchUp?.()).finally(() => restore?.());
  return run.summary;
}

/** Imports ISS records held in memory (the API's importIss mutation). */
export async function importIssText(target: IssImportTarget, text: string, options: IssImportOptions = {}): Promise<IssImportSummary> {
  const run = newRun(target, options);
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
  return finish(target, run);
}

/**
 * One file through the worker: lines go out in batches (blank ones left out, as importLine skips
 * them), and each batch's decisions are imported here in line order while the worker decides the
 * next, so at most IN_FLIGHT batches are held whatever the file's size.
 */
async function importThroughWorker(
  target: IssImportTarget,
  run: RunState,
  pipeline: IssDecidePipeline,
  file: string | null,
  chunks: AsyncIterable<Buffer>,
  report: () => void,
): Promise<void> {
  const sealing = target.store.newStreamSealing as NewStreamSealing;
  const numbered = tablesOffered(target);
  let lines: IssSourceLine[] = [];
  const sent: { lines: IssSourceLine[]; series: (string | null)[] }[] = [];
  const inFlight = new SeriesGuesses();
  const send = () => {
    const series = lines.map((l) => (numbered && !l.overlong ? issPropertyValue(l.text, 'SE') : null));
    const guesses = series.map((s) => (s === null ? undefined : inFlight.guess(s, run.series.get(s)?.lastDealNumber ?? 0)));
    sent.push({ lines, series });
    pipeline.submit({
      file,
      texts: lines.map((l) => (l.overlong ? null : l.text)),
      lineNumbers: lines.map((l) => l.lineNumber),
      encodings: lines.map((l) => l.encoding),
      recordedAt: sealing.recordedAt(),
      maxEventBytes: sealing.maxEventBytes,
      dataForm: sealing.dataForm ?? null,
      guesses,
    });
    lines = [];
  };
  const takeOne = async () => {
    const decisions = await pipeline.take();
    const { lines: batch, series } = sent.shift() as (typeof sent)[number];
    for (let i = 0; i < batch.length; i++) {
      await importLine(target, batch[i].text, batch[i].lineNumber, file, run, batch[i].encoding, decisions[i]);
      inFlight.imported(series[i]);
    }
    report();
  };
  for await (const chunk of issLineBatches(chunks)) {
    for (const l of chunk) if (l.overlong || l.text.trim() !== '') lines.push(l);
    if (lines.length >= WORKER_BATCH_LINES) {
      if (pipeline.full) await takeOne();
      send();
    }
  }
  if (lines.length > 0) send();
  while (pipeline.pending > 0) await takeOne();
}

/**
 * Streams each file in 64 KiB chunks (memory stays flat whatever the size, a line without end
 * included: a line over MAX_RECORD_LENGTH is skipped to its end and rejected with its number) and
 * imports every record; a malformed record is listed with its line and reason and the rest go on.
 * Deals are written many to a transaction; the read models catch up once at the end.
 */
export async function importIssFiles(
  target: IssImportTarget,
  files: readonly string[],
  options: IssImportOptions = {},
  onProgress?: (progress: IssImportProgress) => void,
): Promise<IssImportSummary> {
  const run = newRun(target, options);
  const summary = run.summary;
  // Standard input (`-`) has no size: progress then counts what was read.
  const sizes = files.map((f) => (f === STDIN_NAME ? 0 : statSync(f).size));
  const totalBytes = sizes.reduce((n, s) => n + s, 0);
  const large = files.includes(STDIN_NAME) || totalBytes >= PARALLEL_IMPORT_FROM_BYTES;
  const useWorker = target.store.newStreamSealing !== undefined && (options.worker ?? (large && availableParallelism() > 1));
  const pipeline = useWorker ? new IssDecidePipeline(options.workers ?? defaultWorkers()) : null;
  let doneBytes = 0;
  try {
    for (let f = 0; f < files.length; f++) {
      const file = files[f];
      // The line source `iss verify` reads with: BOM skipped, Latin-1 lines kept, .gz/.bz2 streamed.
      const input = openIssInput(file);
      let lastReport = 0;
      const report = () => {
        if (onProgress && summary.records - lastReport >= 200) {
          lastReport = summary.records;
          const bytesRead = doneBytes + input.bytesRead();
          // Standard input has no size: its progress is what was read so far.
          onProgress({ file, bytesRead, totalBytes: Math.max(totalBytes, bytesRead), summary });
        }
      };
      try {
        if (pipeline) await importThroughWorker(target, run, pipeline, file, input.chunks, report);
        else {
          for await (const batch of issLineBatches(input.chunks)) {
            // Lines of one chunk are cut synchronously, then imported one by one (the store is async).
            for (const l of batch) {
              if (l.overlong) rejectOverlong(l.lineNumber, file, run);
              else await importLine(target, l.text, l.lineNumber, file, run, l.encoding);
            }
            report();
          }
        }
      } finally {
        input.close();
      }
      doneBytes += sizes[f] || input.bytesRead();
      onProgress?.({ file, bytesRead: doneBytes, totalBytes: Math.max(totalBytes, doneBytes), summary });
    }
  } catch (err) {
    // A failure part way: the open group's deals are dropped whole (a re-run imports them).
    run.group?.commit.rollback();
    throw err;
  } finally {
    await pipeline?.close();
  }
  try {
    return await finish(target, run);
  } finally {
    run.group?.commit.rollback();
  }
}
