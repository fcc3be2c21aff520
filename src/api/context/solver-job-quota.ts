import { apiError } from '../errors/api-error';

/**
 * How many new solver jobs one request may start (results already cached, or being computed for
 * someone else, are free): a request cannot fill the solver's queue by itself. Anonymous callers
 * get fewer than token holders.
 */
export class SolverJobQuota {
  private started = 0;
  /** The request's solver answers by key, so a field asked twice (the request run again) costs no second job. */
  readonly answered = new Map<string, Promise<unknown>>();

  constructor(readonly limit: number) {}

  /** Counts one more job, or refuses it with ANALYSIS_BUSY (nothing is started). */
  admit(): void {
    if (this.started >= this.limit) {
      throw apiError(
        'ANALYSIS_BUSY',
        `one request may start at most ${this.limit} solver job${this.limit === 1 ? '' : 's'} (analysis, bestDiscard, bestGame of a deal not yet computed); ask for the others in another request`,
        {
          reason: 'SOLVER_JOBS_PER_REQUEST',
          limit: this.limit,
        },
      );
    }
    this.started++;
  }
}
