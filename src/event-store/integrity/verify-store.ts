/**
 * The integrity check: walks every stream of a store through the port, reading events exactly as
 * stored (raw, no upcasting), and recomputes each hash chain. Streams are read in pages, so a
 * store of any size is checked in flat memory.
 */
import type { EventStore } from '../event-store';
import { CHAIN_START, verifyChain, type ChainBreak, type ChainCursor } from '../hash-chain';

export interface VerifyReport {
  readonly streams: number;
  /** Streams by the part of their name before the first `-` (`deal`, `table`, `tournament`, …). */
  readonly streamsByKind: Readonly<Record<string, number>>;
  readonly events: number;
  readonly breaks: readonly ChainBreak[];
}

export interface VerifyOptions {
  /** Only streams whose name starts with this. */
  readonly streamPrefix?: string;
  /** Events read per page (default 1000). */
  readonly pageSize?: number;
  /**
   * The streams to check, when the caller has a cheaper listing than the store's (the read models
   * know the deal streams); default `store.listStreams(streamPrefix)`.
   */
  readonly streams?: AsyncIterable<string>;
}

export async function verifyStore(store: EventStore, options: VerifyOptions = {}): Promise<VerifyReport> {
  const pageSize = options.pageSize ?? 1000;
  const breaks: ChainBreak[] = [];
  let streams = 0;
  let events = 0;
  const streamsByKind: Record<string, number> = {};
  for await (const streamName of options.streams ?? store.listStreams(options.streamPrefix)) {
    streams++;
    const dash = streamName.indexOf('-');
    const kind = dash > 0 ? streamName.slice(0, dash) : streamName;
    streamsByKind[kind] = (streamsByKind[kind] ?? 0) + 1;
    let cursor: ChainCursor = CHAIN_START;
    let currentRevision = -1n;
    let last: { revision: bigint; eventId: string } | undefined;
    for (;;) {
      const page = await store.readStream(streamName, { fromRevision: cursor.expectedRevision, maxCount: pageSize, raw: true });
      currentRevision = page.currentRevision;
      const checked = verifyChain(page.events, cursor);
      breaks.push(...checked.breaks);
      cursor = checked.cursor;
      events += page.events.length;
      if (page.events.length > 0) last = page.events[page.events.length - 1];
      if (page.events.length < pageSize) break;
    }
    // The stream's own record of its last revision must agree with the events found.
    const lastFound = cursor.expectedRevision - 1n;
    if (lastFound !== currentRevision) {
      breaks.push({
        streamName,
        revision: (last?.revision ?? -1n).toString(),
        eventId: last?.eventId ?? '',
        reason:
          lastFound < 0n
            ? `the stream is listed with last revision ${currentRevision} but has no events`
            : `the stream's last revision is recorded as ${currentRevision} but its events end at ${lastFound}`,
      });
    }
  }
  return { streams, streamsByKind, events, breaks };
}
