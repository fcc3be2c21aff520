/**
 * appendMany of the EventStoreDB adapter: no transaction spans streams, so up to `inFlightLimit`
 * batches are appended at once, batches of one stream one after another in the order given. On a
 * failure no further batch starts; those in flight finish; the error of the first failing batch
 * (by index) is thrown.
 */
import type { AppendBatch, AppendResult } from '../event-store';

export async function appendConcurrently(
  batches: readonly AppendBatch[],
  inFlightLimit: number,
  appendOne: (batch: AppendBatch, index: number) => Promise<AppendResult>,
): Promise<AppendResult[]> {
  const results: AppendResult[] = new Array(batches.length);
  const inFlight = new Set<Promise<void>>();
  const lastOfStream = new Map<string, Promise<void>>();
  // Set from inside the appends, read by the loop: a holder, so the compiler does not narrow it away.
  const failed: { first?: { readonly index: number; readonly error: unknown } } = {};
  for (let k = 0; k < batches.length && !failed.first; k++) {
    while (inFlight.size >= inFlightLimit) await Promise.race(inFlight);
    if (failed.first) break;
    const { streamName } = batches[k];
    const before = lastOfStream.get(streamName);
    const index = k;
    const run = (async () => {
      if (before) await before;
      if (failed.first) return;
      try {
        results[index] = await appendOne(batches[index], index);
      } catch (error) {
        const first = failed.first as { readonly index: number } | undefined;
        if (!first || index < first.index) failed.first = { index, error };
      }
    })();
    const tracked = run.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
    lastOfStream.set(streamName, tracked);
  }
  await Promise.all(inFlight);
  if (failed.first) throw failed.first.error;
  return results;
}
