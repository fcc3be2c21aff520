/**
 * Whether this ledger can serve: its store answers, and its read models hold everything in the
 * log (after a catch-up it was given `timeoutMs` for). Reports facts, never the store's error text
 * (it may name files or hosts); callers log what they need.
 */
export interface Readiness {
  readonly storeReachable: boolean;
  readonly readModelsCaughtUp: boolean;
}

export interface ReadinessProbe {
  /** Applies what the read models have not seen yet. */
  readonly catchUp: () => Promise<void>;
  /** Whether the log holds an event after the read models' checkpoint (reads at most one). */
  readonly anythingPending: () => Promise<boolean>;
}

const TIMED_OUT = Symbol('timed out');

function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function checkReadiness(probe: ReadinessProbe, timeoutMs: number): Promise<Readiness> {
  try {
    // A catch-up that runs long is not a failure: the read models are behind, the store answers.
    const caughtUp = await within(probe.catchUp(), timeoutMs);
    if (caughtUp === TIMED_OUT) return { storeReachable: true, readModelsCaughtUp: false };
    const pending = await within(probe.anythingPending(), timeoutMs);
    if (pending === TIMED_OUT) return { storeReachable: false, readModelsCaughtUp: false };
    return { storeReachable: true, readModelsCaughtUp: !pending };
  } catch {
    return { storeReachable: false, readModelsCaughtUp: false };
  }
}
