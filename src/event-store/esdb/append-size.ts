/**
 * EventStoreDB refuses an append whose events together exceed its MaxAppendSize (1,048,576 bytes
 * by default; the server counts each event's data, metadata and type). The adapter splits a batch
 * over the limit into consecutive appends below it, each at the exact revision the previous one
 * left, so the chain and the event ids stay as one append would write them; an event that alone is
 * over the limit is refused before anything is sent, named by stream, index and type.
 */
import { InvalidEventError } from '../errors';

export const DEFAULT_MAX_APPEND_BYTES = 1_048_576;

/**
 * Bytes an event's sealed metadata may still gain (prevHash and hash, 64 hex digits each, with
 * their keys) after its size was measured, plus the server's per-event count of the type.
 */
const SEAL_ALLOWANCE = 200;

export interface SizedEvent {
  readonly type: string;
  readonly dataJson: string;
  readonly metadata: Readonly<Record<string, string>>;
}

/** What the server will count for the event once sealed (an upper bound). */
export function appendBytes(event: SizedEvent): number {
  return Buffer.byteLength(event.dataJson) + Buffer.byteLength(JSON.stringify(event.metadata)) + 2 * Buffer.byteLength(event.type) + SEAL_ALLOWANCE;
}

/** Refuses an event that no append could carry. */
export function checkAppendSize(streamName: string, events: readonly SizedEvent[], limit: number): number[] {
  return events.map((event, index) => {
    const bytes = appendBytes(event);
    if (bytes > limit) {
      throw new InvalidEventError(
        `append to ${streamName}: event #${index} (${event.type}) takes ${bytes} bytes, over EventStoreDB's maximum append size of ${limit} bytes (MaxAppendSize); no append can carry it`,
      );
    }
    return bytes;
  });
}

/** Splits `sizes` into consecutive runs whose sums stay within `limit` (each run at least one event). */
export function splitBySize(sizes: readonly number[], limit: number): { readonly start: number; readonly end: number }[] {
  const runs: { start: number; end: number }[] = [];
  let start = 0;
  let sum = 0;
  for (let index = 0; index < sizes.length; index++) {
    if (index > start && sum + sizes[index] > limit) {
      runs.push({ start, end: index });
      start = index;
      sum = 0;
    }
    sum += sizes[index];
  }
  if (sizes.length > 0) runs.push({ start, end: sizes.length });
  return runs;
}
