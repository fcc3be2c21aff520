import type { DealStreamSource } from '../export/deal-stream-source';
import { dealsWithEvents } from '../export/deals-with-events';
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
    if (events.length === 0) continue;
    let record: DealRecord;
    try {
      record = dealRecordOfEvents(events);
    } catch (err) {
      onProblem?.({ dealId, reason: (err as Error).message });
      continue;
    }
    if (matchesDealFilter(record, filter)) yield JSON.stringify({ ...record, ...(await annotate(record, events)) }) + '\n';
  }
}

export async function* dealRecords(
  source: DealStreamSource,
  filter: DealExportFilter = {},
  onProblem?: (problem: DealExportProblem) => void,
): AsyncGenerator<DealRecord> {
  for await (const { dealId, events } of dealsWithEvents(source, source.dealIds())) {
    if (events.length === 0) continue;
    let record: DealRecord;
    try {
      record = dealRecordOfEvents(events);
    } catch (err) {
      onProblem?.({ dealId, reason: (err as Error).message });
      continue;
    }
    if (matchesDealFilter(record, filter)) yield record;
  }
}

/** Writes lines to a stream, waiting whenever it asks to (backpressure); returns how many. */
export async function writeLines(
  out: NodeJS.WritableStream,
  lines: AsyncIterable<string | Uint8Array>,
  isClosed: () => boolean = () => false,
  /** Called between lines: a caller in a server gives other requests a turn here. */
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
