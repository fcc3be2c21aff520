/**
 * How long the EventStoreDB adapter keeps retrying through a failover (a leader election, a node
 * restart): exponential backoff with jitter. The defaults ride out an election of a few seconds;
 * the total wait is bounded so a cluster that stays down is reported (StoreUnavailableError).
 */
export interface FailoverTiming {
  /** Retries after the first attempt (default 8: about 10 s of waiting in all). */
  readonly attempts: number;
  readonly initialBackoffMs: number;
  readonly maxBackoffMs: number;
}

export const DEFAULT_FAILOVER: FailoverTiming = { attempts: 8, initialBackoffMs: 100, maxBackoffMs: 3_000 };

/** Waits before retry number `attempt` (0-based): half fixed, half random, so clients spread out. */
export function failoverDelay(timing: FailoverTiming, attempt: number): Promise<void> {
  const ceiling = Math.min(timing.maxBackoffMs, timing.initialBackoffMs * 2 ** attempt);
  const ms = ceiling / 2 + Math.random() * (ceiling / 2);
  return new Promise((resolve) => setTimeout(resolve, ms));
}
