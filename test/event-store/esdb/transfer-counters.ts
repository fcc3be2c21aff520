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
  /** FellBehind messages sent on subscriptions. */
  fellBehindSent: number;
  /** Events the server looked at in $all (its own cost, not a transfer). */
  eventsScanned: number;
  /** Append and BatchAppend requests (one per batch). */
  appendRequests: number;
  /** Events received in those requests. */
  eventsReceived: number;
  /** Proposed-event messages as they arrive on an Append call, before it completes (or is cancelled). */
  proposedMessagesArrived: number;
}

export function newTransferCounters(): TransferCounters {
  return {
    readCalls: 0,
    subscriptions: 0,
    eventsSent: 0,
    subscriptionEventsSent: 0,
    checkpointsSent: 0,
    fellBehindSent: 0,
    eventsScanned: 0,
    appendRequests: 0,
    eventsReceived: 0,
    proposedMessagesArrived: 0,
  };
}

/** The counters' change from `before` to `after`. */
export function transferSince(before: TransferCounters, after: TransferCounters): TransferCounters {
  const out = newTransferCounters();
  for (const key of Object.keys(out) as (keyof TransferCounters)[]) out[key] = after[key] - before[key];
  return out;
}

/** The counters of one client connection, by the name it sends (`connectionName` in its connection string). */
export type ConnectionCounters = Map<string, TransferCounters>;

/** The `connection-name` header the client sends with every call ('' when none). */
export function connectionNameOf(metadata: { get(key: string): unknown[] }): string {
  const [name] = metadata.get('connection-name');
  return typeof name === 'string' ? name : '';
}

/**
 * Counters that add to the server's totals and to one connection's own at once (each `+=` or `++`
 * goes to both), so a call handler counts once and a test can tell two clients of one server apart.
 */
export function countersOfCall(totals: TransferCounters, byConnection: ConnectionCounters, connectionName: string): TransferCounters {
  let own = byConnection.get(connectionName);
  if (!own) byConnection.set(connectionName, (own = newTransferCounters()));
  const mine = own;
  return new Proxy(totals, {
    set(target, key, value: number) {
      const field = key as keyof TransferCounters;
      mine[field] += value - target[field];
      target[field] = value;
      return true;
    },
  });
}

/** The context of one call: its counts go to the server's totals and to the calling connection's. */
export function contextOfCall<C extends { readonly counters: TransferCounters; readonly byConnection: ConnectionCounters; readonly connectionName?: string }>(
  context: C,
  metadata: { get(key: string): unknown[] },
): C {
  const connectionName = connectionNameOf(metadata);
  return { ...context, connectionName, counters: countersOfCall(context.counters, context.byConnection, connectionName) };
}
