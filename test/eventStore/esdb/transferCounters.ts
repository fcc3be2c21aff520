/**
 * What the EventStoreDB test double received and sent, so tests can assert what an operation cost
 * over the wire (e.g. "listing 1 % of the streams transferred about 1 % of the log").
 */
export interface TransferCounters {
  /** Read RPCs: stream reads, $all reads, subscriptions and probes. */
  readCalls: number;
  /** Of those, $all subscriptions (filtered catch-up reads included). */
  subscriptions: number;
  /** Event messages sent on any read or subscription. */
  eventsSent: number;
  /** Event messages sent on subscriptions. */
  subscriptionEventsSent: number;
  /** Checkpoint messages sent on filtered subscriptions. */
  checkpointsSent: number;
  /** Events the server looked at in $all (its own cost, not a transfer). */
  eventsScanned: number;
  /** Append and BatchAppend requests (one per batch). */
  appendRequests: number;
  /** Events received in those requests. */
  eventsReceived: number;
}

export function newTransferCounters(): TransferCounters {
  return { readCalls: 0, subscriptions: 0, eventsSent: 0, subscriptionEventsSent: 0, checkpointsSent: 0, eventsScanned: 0, appendRequests: 0, eventsReceived: 0 };
}

/** The counters' change from `before` to `after`. */
export function transferSince(before: TransferCounters, after: TransferCounters): TransferCounters {
  const out = newTransferCounters();
  for (const key of Object.keys(out) as (keyof TransferCounters)[]) out[key] = after[key] - before[key];
  return out;
}
