import type { DealStreamSource } from '../export/deal-stream-source';
import { dealsWithEvents, DEALS_PER_READ } from '../export/deals-with-events';
import type { AnyEvent } from '../export/tokens-of-events';
import { dealRecordOfEvents, type DealRecord } from './deal-record';
import { matchesDealFilter, type DealExportFilter } from './deal-filter';

export const NDJSON_CONTENT_TYPE = 'application/x-ndjson';

/** A deal the export could not turn into a hand history (reported, not fatal for the others). */
export interface DealExportProblem {
  readonly dealId: string;
  readonly reason: string;
}

/**
 * One JSON object per deal, one per line, streamed: each batch of deals (dealsWithEvents) is
 * read, converted and handed on before the next is read, so memory stays flat whatever the store holds.
 */
export async function* ndjsonDealLines(
  source: DealStreamSource,
  filter: DealExportFilter = {},
  onProblem?: (problem: DealExportProblem) => void,
  /** Extra fields for a record, computed from its events (the opt-in analysis); the caller supplies it. */
  annotate?: (record: DealRecord, events: readonly AnyEvent[]) => Promise<Record<string, unknown>>,
): AsyncGenerator<string> {
  if (!annotate) {
    for await (const record of dealRecords(source, filter, onProblem)) yield JSON.stringify(record) + '\n';
    return;
  }
  for await (const { dealId, events } of dealsWithEvents(source, source.dealIds())) {
    const record = matchingRecord(dealId, events, filter, onProblem);
    if (record) yield JSON.stringify({ ...record, ...(await annotate(record, events)) }) + '\n';
  }
}

/**
 * About how many characters of lines a block collects before it is handed on (one write of the
 * stream instead of one per line: a line is about 3.3 KB, and a write per line cost more than
 * building the line).
 */
export const NDJSON_BLOCK_CHARS = 64 * 1024;

/**
 * The lines of ndjsonDealLines, the same text, joined into blocks of whole lines: a block is
 * handed on when it reaches NDJSON_BLOCK_CHARS and before every read of the store, so no line
 * waits for a read it does not need and memory holds one read's deals. With `annotate` (seconds
 * per deal) each line is a block of its own.
 */
export async function* ndjsonDealBlocks(
  source: DealStreamSource,
  filter: DealExportFilter = {},
  onProblem?: (problem: DealExportProblem) => void,
  annotate?: (record: DealRecord, events: readonly AnyEvent[]) => Promise<Record<string, unknown>>,
): AsyncGenerator<string> {
  if (annotate) {
    yield* ndjsonDealLines(source, filter, onProblem, annotate);
    return;
  }
  const many = source.dealEventsOfMany?.bind(source);
  const perRead = many ? DEALS_PER_READ : 1;
  let lines: string[] = [];
  let chars = 0;
  const take = (): string => {
    const block = lines.join('');
    lines = [];
    chars = 0;
    return block;
  };
  const add = (dealId: string, events: readonly AnyEvent[]): void => {
    const record = matchingRecord(dealId, events, filter, onProblem);
    if (!record) return;
    const line = JSON.stringify(record) + '\n';
    lines.push(line);
    chars += line.length;
  };
  // One read's deals (DEALS_PER_READ, or one): their lines, in blocks of NDJSON_BLOCK_CHARS once that many are ready.
  const readBlocks = async (batch: readonly string[]): Promise<string[]> => {
    const reads = many ? await many(batch) : [await source.dealEvents(batch[0])];
    const blocks: string[] = [];
    for (let i = 0; i < batch.length; i++) {
      add(batch[i], reads[i]);
      if (chars >= NDJSON_BLOCK_CHARS) blocks.push(take());
    }
    return blocks;
  };
  let ids: string[] = [];
  for await (const dealId of source.dealIds()) {
    ids.push(dealId);
    if (ids.length < perRead) continue;
    // What is ready leaves before the read waits.
    if (lines.length > 0) yield take();
    const batch = ids;
    ids = [];
    for (const block of await readBlocks(batch)) yield block;
  }
  if (ids.length > 0) {
    if (lines.length > 0) yield take();
    for (const block of await readBlocks(ids)) yield block;
  }
  if (lines.length > 0) yield take();
}

export async function* dealRecords(
  source: DealStreamSource,
  filter: DealExportFilter = {},
  onProblem?: (problem: DealExportProblem) => void,
): AsyncGenerator<DealRecord> {
  for await (const { dealId, events } of dealsWithEvents(source, source.dealIds())) {
    const record = matchingRecord(dealId, events, filter, onProblem);
    if (record) yield record;
  }
}

/**
 * Writes lines (or blocks of lines, ndjsonDealBlocks) to a stream, one write each, waiting
 * whenever it asks to (backpressure); returns how many it wrote.
 */
export async function writeLines(
  out: NodeJS.WritableStream,
  lines: AsyncIterable<string | Uint8Array>,
  isClosed: () => boolean = () => false,
  /** Called between writes: a caller in a server gives other requests a turn here. */
  between: () => Promise<void> | void = () => undefined,
  /** Called when a write has to wait for the reader (before waiting for its drain). */
  held: () => void = () => undefined,
): Promise<number> {
  let n = 0;
  for await (const line of lines) {
    if (isClosed()) break;
    n++;
    if (!out.write(line)) {
      held();
      await drainOrClose(out);
    }
    await between();
  }
  return n;
}

/** Resolves on the stream's next 'drain' or 'close', leaving no listener behind. */
function drainOrClose(out: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.removeListener('drain', done);
      out.removeListener('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/** One read's deals (ids and their events, in order) as their lines joined, and the deals that could not be read: what a worker thread hands back (ndjson-export-pool.ts). */
export function ndjsonBlockOfDeals(
  dealIds: readonly string[],
  reads: readonly (readonly AnyEvent[])[],
  filter: DealExportFilter,
): { readonly block: string; readonly problems: readonly DealExportProblem[] } {
  const problems: DealExportProblem[] = [];
  let block = '';
  for (let i = 0; i < dealIds.length; i++) {
    const record = matchingRecord(dealIds[i], reads[i], filter, (p) => problems.push(p));
    if (record) block += JSON.stringify(record) + '\n';
  }
  return { block, problems };
}

/** A deal's record when it has events, can be read and passes the filter; a deal that cannot be read is reported. */
function matchingRecord(
  dealId: string,
  events: readonly AnyEvent[],
  filter: DealExportFilter,
  onProblem: ((problem: DealExportProblem) => void) | undefined,
): DealRecord | null {
  if (events.length === 0) return null;
  let record: DealRecord;
  try {
    record = dealRecordOfEvents(events);
  } catch (err) {
    onProblem?.({ dealId, reason: (err as Error).message });
    return null;
  }
  return matchesDealFilter(record, filter) ? record : null;
}
