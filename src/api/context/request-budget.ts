import { EventLoopTurn } from '../../ledger/event-loop-turn';
import { apiError } from '../errors/api-error';

/** Errors one request may produce before the rest of its fields are left unresolved (null). */
export const MAX_ERRORS_PER_REQUEST = 50;

/**
 * The time one request may take. Resolvers that read or compute call `step()` before they do:
 * past the deadline it throws TIMEOUT (the rest of the request is not computed), and every few
 * milliseconds it gives the event loop a turn, so a heavy request never stalls /health or the
 * other callers. Shared by all aliases of one request, which run interleaved. The clock starts
 * at the first resolver (parsing, validation and the cost check are bounded by the body size and
 * the cost limit), so the deadline measures what the request computes.
 */
export class RequestBudget {
  private deadline = Number.POSITIVE_INFINITY;
  private readonly turn = new EventLoopTurn();
  /** Resolvers of this request that failed so far: past `maxErrors` the rest are not run (each error costs far more CPU than its field). */
  private failures = 0;
  /** A field was left unresolved, or its error dropped, for the error limit. */
  private limited = false;
  /** The deadline passed: the request's TIMEOUT error says why the rest is null. */
  timedOut = false;
  private timeout: Error | null = null;
  private timeoutReported = false;

  constructor(
    readonly timeoutMs: number,
    private readonly now: () => number = Date.now,
    readonly maxErrors = MAX_ERRORS_PER_REQUEST,
  ) {}

  /**
   * Before every real resolver of the request (resolver-outcomes.ts): starts the clock, refuses to
   * run past the deadline (TIMEOUT: work in progress stops at its next resolver), and answers
   * false once the request has failed `maxErrors` times (the field is then answered null, unrun).
   */
  mayResolve(): boolean {
    if (this.deadline === Number.POSITIVE_INFINITY) this.deadline = this.now() + this.timeoutMs;
    if (this.failures >= this.maxErrors) {
      this.limited = true;
      return false;
    }
    this.check();
    return true;
  }

  /**
   * A resolver of this request failed with `error`: true when the error is to be answered, false
   * when the field is to be answered null instead. Aliases run interleaved, so hundreds may have
   * started before the first failure is known; only the first `maxErrors` errors are answered
   * (an error costs far more CPU than its field: its location in the document, the formatted
   * entry) and one TIMEOUT.
   */
  failed(error?: unknown): boolean {
    if (error !== undefined && error === this.timeout) {
      if (this.timeoutReported) return false;
      this.timeoutReported = true;
      return true;
    }
    this.failures++;
    if (this.failures <= this.maxErrors) return true;
    this.limited = true;
    return false;
  }

  /** Why a field is not resolved (its type may not be null): the request's TIMEOUT, or the error limit. */
  stopped(): Error {
    return (
      this.timeout ??
      (this.limitError ??= apiError('BAD_USER_INPUT', `more than ${this.maxErrors} fields failed: this one was not resolved; ask for fewer at once`, {
        reason: 'ERROR_LIMIT',
        maxErrors: this.maxErrors,
      }))
    );
  }

  private limitError: Error | null = null;

  get errorLimitReached(): boolean {
    return this.limited;
  }

  private tail: Promise<unknown> = Promise.resolve();

  /**
   * Runs heavy work of this request one piece at a time: aliases would otherwise all pass the
   * time check at once and then compute back to back in one stretch of microtasks, never giving
   * the event loop a turn. Cheap batched reads (the deal loader) use step() alone.
   */
  run<T>(work: () => Promise<T>, timed = true): Promise<T> {
    const result = this.tail.then(async () => {
      // Untimed: work after a wait that is not the request's computing (a solver result), which the deadline must not void.
      if (timed) await this.step();
      else await this.pause();
      return work();
    });
    this.tail = result.catch(() => undefined);
    return result;
  }

  async step(): Promise<void> {
    if (this.deadline === Number.POSITIVE_INFINITY) this.deadline = this.now() + this.timeoutMs;
    this.check();
    await this.turn.maybeYield();
    this.check();
  }

  /** A turn of the event loop when the slice is used up, without the time check (after a wait that is not the request's computing). */
  async pause(): Promise<void> {
    await this.turn.maybeYield();
  }

  check(): void {
    if (this.timeout) throw this.timeout;
    if (this.now() > this.deadline) {
      // Every later field of the request is left unresolved: one TIMEOUT, not one per alias.
      this.failures = this.maxErrors;
      this.timedOut = true;
      throw (this.timeout = apiError('TIMEOUT', `the request took longer than ${this.timeoutMs} ms and was stopped; ask for less at once`, {
        timeoutMs: this.timeoutMs,
      }));
    }
  }
}
