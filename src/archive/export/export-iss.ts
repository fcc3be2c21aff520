import type { DealStartedData } from '../../deal/events';
import type { DealStreamSource } from './deal-stream-source';
import { dealsWithEvents } from './deals-with-events';
import { issLineOfEvents } from './iss-line-of-events';
import { isIssRecordImported } from '../../format/iss/iss-record-imported';
import type { IssLineEncoding } from '../../format/iss/iss-line-source';

export interface IssExportOptions {
  /** Only these deals, in this order; default every deal in the order it was recorded. */
  readonly dealIds?: readonly string[];
  /** Only deals of this table (ISS: `iss-series-<SE>`). */
  readonly tableId?: string;
}

export interface IssExportLine {
  readonly dealId: string;
  /** The record line, or why the deal could not be written. */
  readonly line: string | null;
  /** How to write the line's characters as bytes: `latin1` for a line imported as Latin-1 (issLineSource), so it comes back byte for byte. */
  readonly encoding: IssLineEncoding;
  readonly error: string | null;
}

/** One ISS line per deal, streamed: a batch of deals is read, written and let go before the next. */
export async function* exportIssLines(source: DealStreamSource, options: IssExportOptions = {}): AsyncGenerator<IssExportLine> {
  const ids: AsyncIterable<string> | Iterable<string> = options.dealIds ?? source.dealIds(options.tableId === undefined ? {} : { tableId: options.tableId });
  for await (const { dealId, events } of dealsWithEvents(source, ids)) {
    if (events.length === 0) {
      yield { dealId, line: null, encoding: 'utf8', error: `no deal ${dealId} in the store` };
      continue;
    }
    if (options.tableId !== undefined) {
      const started = events.find((e) => e.type === 'DealStarted')?.data as DealStartedData | undefined;
      if (started?.tableId !== options.tableId) continue;
    }
    const imported = events.find(isIssRecordImported);
    const encoding: IssLineEncoding = imported?.data.lineEncoding === 'latin1' ? 'latin1' : 'utf8';
    try {
      yield { dealId, line: issLineOfEvents(events), encoding, error: null };
    } catch (err) {
      yield { dealId, line: null, encoding, error: (err as Error).message };
    }
  }
}
